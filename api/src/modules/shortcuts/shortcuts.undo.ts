import { hasPermission } from "../../auth/permissions.ts";
import { clock } from "../../clock.ts";
import { AppError, badInput } from "../../errors.ts";
import type { WorkflowShortcutChange, WorkflowShortcutExecution } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { canonical, toText } from "../custom-fields/custom-fields.rules.ts";

// Undoing a shortcut run, within UNDO_HOURS of its end, by who ran it or a WORKFLOW_CONFIGURATION
// holder. Each kept change is put back unless the record changed since:
// - an activity the run created is marked DELETED while still open (one already resolved is kept);
// - an activity the run resolved is reopened while still resolved (and its thread, when the run closed it);
// - a custom field value the run set gets its value from before back, unless it was edited after the run.
// Mails cannot be unsent. The run is marked undone first (one update that only one click wins), so two
// clicks at once undo once and a second undo is refused.

export const UNDO_HOURS = 24;

const NOT_FOUND = "Shortcut run not found.";
const day = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16);

export async function requireRun(ctx: Context, id: string) {
  const run = id.length <= 100 ? await ctx.db.workflowShortcutExecution.findUnique({ where: { id } }) : null;
  if (!run) throw new AppError("NOT_FOUND", NOT_FOUND);
  return run;
}

/** Why this run cannot be undone now (null: it can). */
export function undoRefusal(run: WorkflowShortcutExecution): string | null {
  if (run.undoneAt) return `This run was already undone (${day(run.undoneAt)} UTC).`;
  if (run.status !== "DONE") return "This run has not finished: undo it once it has.";
  const until = undoUntil(run)!;
  if (clock.now() > until)
    return `Undo is offered for ${UNDO_HOURS} hours after a run; this one finished ${day(run.finishedAt!)} UTC.`;
  return null;
}

export const undoUntil = (run: WorkflowShortcutExecution) =>
  run.finishedAt ? new Date(run.finishedAt.getTime() + UNDO_HOURS * 3_600_000) : null;

type Tally = { deleted: number; reopened: number; restored: number; kept: number; mails: number };

export async function undoWorkflowShortcutRun(ctx: Context, id: string) {
  const run = await requireRun(ctx, id);
  const personId = ctx.viewer?.personId ?? null;
  if (run.personId !== personId && !hasPermission(await ctx.permissions(), "WORKFLOW_CONFIGURATION"))
    throw new AppError("FORBIDDEN", "Only who ran it, or someone allowed to configure workflow, may undo this run.");
  const refusal = undoRefusal(run);
  if (refusal) throw badInput(refusal);
  const now = clock.now();
  const claimed = await ctx.db.workflowShortcutExecution.updateMany({
    where: { id: run.id, undoneAt: null, status: "DONE" },
    data: { undoneAt: now, undoneByPersonId: personId },
  });
  if (!claimed.count) throw badInput("This run was already undone.");
  const changes = await ctx.db.workflowShortcutChange.findMany({
    where: { executionId: run.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const tally: Tally = { deleted: 0, reopened: 0, restored: 0, kept: 0, mails: 0 };
  const of = (kind: string) => changes.filter((c) => c.kind === kind);
  tally.mails = of("MAIL_SENT").length;
  // A run of 10,000 records is put back in a few statements per kind of change and chunk, not per record.
  for (const part of chunks(of("ACTIVITY_CREATED"))) await removeCreated(ctx, part, tally);
  for (const part of chunks(of("ACTIVITY_RESOLVED"))) await reopenResolved(ctx, run, part, tally);
  for (const part of chunks(of("FIELD_SET"))) await restoreFields(ctx, part, tally);
  const parts = [
    tally.deleted && `removed ${tally.deleted} created ${tally.deleted === 1 ? "activity" : "activities"}`,
    tally.reopened && `reopened ${tally.reopened} ${tally.reopened === 1 ? "activity" : "activities"}`,
    tally.restored && `put back ${tally.restored} field ${tally.restored === 1 ? "value" : "values"}`,
  ].filter(Boolean);
  const message =
    `Undone: ${parts.length ? parts.join(", ") : "nothing was left to put back"}.` +
    (tally.kept ? ` ${tally.kept} kept: changed by someone since the run.` : "") +
    (tally.mails ? ` ${tally.mails} sent ${tally.mails === 1 ? "mail" : "mails"} cannot be taken back.` : "");
  return { message, run: await requireRun(ctx, run.id) };
}

const CHUNK = 1000;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Activities the run created are marked DELETED while still open (one resolved since is kept). */
async function removeCreated(ctx: Context, changes: WorkflowShortcutChange[], t: Tally) {
  const gone = await ctx.db.activity.updateMany({
    where: { id: { in: changes.map((c) => c.targetId) }, status: "ACTIVE" },
    data: { status: "DELETED" },
  });
  t.deleted += gone.count;
  t.kept += changes.length - gone.count;
}

/** Activities the run resolved are reopened while still resolved, with their thread when the run closed it. */
async function reopenResolved(
  ctx: Context,
  run: WorkflowShortcutExecution,
  changes: WorkflowShortcutChange[],
  t: Tally,
) {
  const reopened = await ctx.db.$transaction(async (tx) => {
    const found = await tx.activity.findMany({
      where: { id: { in: changes.map((c) => c.targetId) }, status: "RESOLVED" },
      select: { id: true, threadId: true, thread: { select: { closedAt: true } } },
    });
    // A thread closed before the run was not the run's doing: its activities stay as they are.
    const ours = found.filter((a) => !a.thread.closedAt || a.thread.closedAt >= run.createdAt);
    const threads = [...new Set(ours.filter((a) => a.thread.closedAt).map((a) => a.threadId))];
    if (threads.length) await tx.projectThread.updateMany({ where: { id: { in: threads } }, data: { closedAt: null } });
    const done = await tx.activity.updateMany({
      where: { id: { in: ours.map((a) => a.id) }, status: "RESOLVED" },
      data: { status: "ACTIVE", resolvedTime: null, resolvedByPersonId: null },
    });
    return done.count;
  });
  t.reopened += reopened;
  t.kept += changes.length - reopened;
}

type KeptValue = { value?: Record<string, unknown> | null; set?: string } | null;

/**
 * Custom field values the run set get their value from before back, only where they still hold the
 * run's value (someone who set another since is not overruled). Values put back alike are written together.
 */
async function restoreFields(ctx: Context, changes: WorkflowShortcutChange[], t: Tally) {
  const fieldIds = [...new Set(changes.map((c) => c.targetId))];
  const [fields, current] = await Promise.all([
    ctx.db.customField.findMany({ where: { id: { in: fieldIds } } }),
    ctx.db.customFieldValue.findMany({
      where: { fieldId: { in: fieldIds }, recordId: { in: [...new Set(changes.map((c) => c.entityId))] } },
    }),
  ]);
  const fieldById = new Map(fields.map((f) => [f.id, f]));
  const valueNow = new Map(current.map((v) => [`${v.fieldId}:${v.recordId}`, v]));
  const groups = new Map<string, { fieldId: string; before: Record<string, unknown> | null; recordIds: string[] }>();
  for (const c of changes) {
    const field = fieldById.get(c.targetId);
    if (!field) continue;
    const kept = c.before as KeptValue;
    const now = valueNow.get(`${c.targetId}:${c.entityId}`);
    const ours = (() => {
      try {
        return canonical(field, kept?.set ?? "");
      } catch {
        return null;
      }
    })();
    if ((now ? toText(field, now) : "") !== ours) {
      t.kept++;
      continue;
    }
    const before = kept?.value ?? null;
    const key = `${c.targetId}:${JSON.stringify(before)}`;
    const group = groups.get(key) ?? { fieldId: c.targetId, before, recordIds: [] };
    group.recordIds.push(c.entityId);
    groups.set(key, group);
  }
  for (const g of groups.values()) {
    const field = fieldById.get(g.fieldId)!;
    if (!g.before) {
      await ctx.db.customFieldValue.deleteMany({ where: { fieldId: g.fieldId, recordId: { in: g.recordIds } } });
    } else {
      // A run that cleared a value left no row: it is made again.
      const missing = g.recordIds.filter((id) => !valueNow.has(`${g.fieldId}:${id}`));
      const present = g.recordIds.filter((id) => valueNow.has(`${g.fieldId}:${id}`));
      if (present.length)
        await ctx.db.customFieldValue.updateMany({
          where: { fieldId: g.fieldId, recordId: { in: present } },
          data: g.before,
        });
      if (missing.length)
        await ctx.db.customFieldValue.createMany({
          data: missing.map((recordId) => ({
            branchId: ctx.branch.id,
            fieldId: g.fieldId,
            tableId: field.tableId,
            recordId,
            ...g.before,
          })),
        });
    }
    t.restored += g.recordIds.length;
  }
}
