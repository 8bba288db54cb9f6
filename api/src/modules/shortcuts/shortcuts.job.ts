import { randomUUID } from "node:crypto";
import { loadPermissions } from "../../auth/permissions.ts";
import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { scopedDb } from "../../db/scoped.ts";
import type { Context, Runtime } from "../../runtime.ts";
import { claimAndWork } from "./shortcuts.run.ts";

// Large shortcut runs in the background: a job per run (sent when the run is queued), and a sweep that
// takes up what a job did not (sent while no worker ran, a worker that died mid-run: its lease runs
// out). The run works as the employee who started it: their permissions and record access, as in the
// request, checked again for each record.

/** The context a run works in: the branch's scoped client, acting as the person who started it. */
async function runnerContext(runtime: Runtime, branchId: string, executionId: string): Promise<Context | null> {
  const branch = await crossBranch(runtime).branch.findUnique({ where: { id: branchId } });
  if (!branch) return null;
  const db = scopedDb(crossBranch(runtime), branch.id);
  const execution = await db.workflowShortcutExecution.findUnique({
    where: { id: executionId },
    select: { personId: true },
  });
  if (!execution) return null;
  const person = execution.personId
    ? await db.person.findUnique({ where: { id: execution.personId }, include: { user: { select: { id: true } } } })
    : null;
  let permissions: ReturnType<typeof loadPermissions> | undefined;
  return {
    requestId: `shortcut-run-${randomUUID()}`,
    runtime,
    branch,
    db,
    viewer: person
      ? {
          userId: person.user?.id ?? "",
          sessionToken: "",
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email,
          verifiedEmail: false,
          isSuperAdmin: false,
          personId: person.id,
          homeBranchId: branch.id,
          impersonatorUserId: null,
        }
      : null,
    apiKey: null,
    permissions: () => {
      permissions ??= person && !person.inactive ? loadPermissions(db, person.id) : Promise.resolve(new Set());
      return permissions;
    },
    ip: "",
    userAgent: "shortcut-run",
    secure: false,
    responseCookies: [],
  };
}

/** Works the run if nobody holds it; whether it did. */
export async function executeShortcutRun(runtime: Runtime, data: { executionId: string; branchId: string }) {
  const ctx = await runnerContext(runtime, data.branchId, data.executionId);
  return ctx ? claimAndWork(ctx, data.executionId) : false;
}

/** Takes up runs queued for longer than the grace (their job lost) or held by a dead worker; how many ran. */
export async function runDueShortcutRuns(runtime: Runtime, opts: { graceSeconds?: number; limit?: number } = {}) {
  const now = clock.now();
  const queuedBefore = new Date(now.getTime() - (opts.graceSeconds ?? 30) * 1000);
  const due = await crossBranch(runtime).workflowShortcutExecution.findMany({
    where: {
      OR: [
        { status: "QUEUED", createdAt: { lte: queuedBefore } },
        { status: "RUNNING", leaseUntil: { lt: now } },
      ],
    },
    orderBy: { createdAt: "asc" },
    take: opts.limit ?? 20,
    select: { id: true, branchId: true },
  });
  let ran = 0;
  for (const r of due) if (await executeShortcutRun(runtime, { executionId: r.id, branchId: r.branchId })) ran++;
  return { ran };
}
