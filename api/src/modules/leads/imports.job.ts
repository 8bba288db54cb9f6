import { randomUUID } from "node:crypto";
import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { scopedDb } from "../../db/scoped.ts";
import type { Context, Runtime } from "../../runtime.ts";
import { claimAndCommit } from "./imports.commit.ts";

// Lead imports in the background: a job per committed file (sent when it is committed) and a sweep
// every minute that takes up what no job did (sent while no worker ran) or what a dead worker held
// (its lease ran out). The commit needs only the branch's data, not a person's permissions.

function importContext(runtime: Runtime, branch: Context["branch"]): Context {
  return {
    requestId: `lead-import-${randomUUID()}`,
    runtime,
    branch,
    db: scopedDb(crossBranch(runtime), branch.id),
    viewer: null,
    apiKey: null,
    permissions: () => Promise.resolve(new Set()),
    ip: "",
    userAgent: "lead-import",
    secure: false,
    responseCookies: [],
  };
}

/** Commits the file if nobody holds it; whether it did. */
export async function executeLeadImport(runtime: Runtime, data: { fileId: string; branchId: string }) {
  const branch = await crossBranch(runtime).branch.findUnique({ where: { id: data.branchId } });
  return branch ? claimAndCommit(importContext(runtime, branch), data.fileId) : false;
}

/** Takes up files being committed that nobody holds; how many it committed. */
export async function runDueLeadImports(runtime: Runtime, opts: { limit?: number } = {}) {
  const due = await crossBranch(runtime).leadImportFile.findMany({
    where: { status: "COMMITTING", OR: [{ leaseUntil: null }, { leaseUntil: { lt: clock.now() } }] },
    orderBy: { createdAt: "asc" },
    take: opts.limit ?? 10,
    select: { id: true, branchId: true },
  });
  let ran = 0;
  for (const f of due) if (await executeLeadImport(runtime, { fileId: f.id, branchId: f.branchId })) ran++;
  return { ran };
}
