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
  for (const c of changes) await putBack(ctx, run, c, tally);
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

async function putBack(ctx: Context, run: WorkflowShortcutExecution, c: WorkflowShortcutChange, t: Tally) {
  if (c.kind === "MAIL_SENT") {
    t.mails++;
    return;
  }
  if (c.kind === "ACTIVITY_CREATED") {
    const gone = await ctx.db.activity.updateMany({
      where: { id: c.targetId, status: "ACTIVE" },
      data: { status: "DELETED" },
    });
    if (gone.count) t.deleted++;
    else t.kept++;
    return;
  }
  if (c.kind === "ACTIVITY_RESOLVED") {
    const reopened = await ctx.db.$transaction(async (tx) => {
      const a = await tx.activity.findUnique({ where: { id: c.targetId }, include: { thread: true } });
      if (a?.status !== "RESOLVED") return false;
      if (a.thread.closedAt) {
        if (a.thread.closedAt < run.createdAt) return false; // closed before the run: not the run's doing
        await tx.projectThread.updateMany({ where: { id: a.threadId }, data: { closedAt: null } });
      }
      await tx.activity.updateMany({
        where: { id: a.id, status: "RESOLVED" },
        data: { status: "ACTIVE", resolvedTime: null, resolvedByPersonId: null },
      });
      return true;
    });
    if (reopened) t.reopened++;
    else t.kept++;
    return;
  }
  if (c.kind === "FIELD_SET") {
    const kept = c.before as { value?: Record<string, unknown> | null; set?: string } | null;
    const before = kept?.value ?? null;
    const where = { fieldId_recordId: { fieldId: c.targetId, recordId: c.entityId } };
    const [current, field] = await Promise.all([
      ctx.db.customFieldValue.findUnique({ where }),
      ctx.db.customField.findUnique({ where: { id: c.targetId } }),
    ]);
    if (!field) return;
    // Put back only what still holds the run's value (someone who set another since is not overruled).
    const now = current ? toText(field, current) : "";
    const ours = (() => {
      try {
        return canonical(field, kept?.set ?? "");
      } catch {
        return null;
      }
    })();
    if (now !== ours) {
      t.kept++;
      return;
    }
    if (!before) await ctx.db.customFieldValue.deleteMany({ where: { fieldId: c.targetId, recordId: c.entityId } });
    else {
      await ctx.db.customFieldValue.upsert({
        where,
        create: {
          branchId: ctx.branch.id,
          fieldId: c.targetId,
          tableId: field.tableId,
          recordId: c.entityId,
          ...before,
        },
        update: before,
      });
    }
    t.restored++;
  }
}
