import { accessLoaders } from "../../auth/access.ts";
import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { CustomFieldValue, WorkflowShortcut, WorkflowShortcutExecution } from "../../generated/prisma/client.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { type ActionChange, type ActionRecorder, performAction } from "../automations/actions.ts";
import type { Action } from "../automations/automations.rules.ts";
import { loadRecord } from "../automations/records.ts";
import { loadLeadRecord, mayActOnLead } from "./shortcuts.lead.ts";
import type { ShortcutTable } from "./shortcuts.rules.ts";

// Running a shortcut on records, one record at a time, each action through performAction: the same
// code for a click in the request, a large run in a job, and a preview (a dry run, which writes nothing).
// A real run keeps each change it makes (WorkflowShortcutChange) so that it can be undone, and so that a
// run taken up again after its process died does not do a record's action twice: an activity created
// (written in the activity's own transaction) and a mail started are not done again; resolving and
// setting a field are harmless to repeat, and the value a field had before the first try is kept.

export type RecordOutcome = { entityId: string; isSuccess: boolean; message: string };

export const notFoundFor: Record<ShortcutTable, string> = {
  PROJECT_THREAD: "Project thread not found.",
  ACTIVITY: "Activity not found.",
  CUSTOMER: "Customer not found.",
  WORK_ORDER: "Work order not found.",
  LEAD: "Lead not found.",
};

export const actionWords: Record<Action["type"], string> = {
  CREATE_ACTIVITY: "create an activity",
  RESOLVE_ACTIVITY: "resolve activities",
  SET_CUSTOM_FIELD: "set a custom field",
  SEND_MAIL: "send a mail",
};

/** Test hooks: a throw from afterRecord stops the run as a crashed process would (progress since the last save lost). */
export const shortcutHooks: { afterRecord?: (executionId: string, index: number) => void } = {};

export const LEASE_MS = 10 * 60_000;
/** Progress is saved every this many records, or this often, whichever comes first. */
const SAVE_EVERY = { records: 100, ms: 1000 };

/**
 * Contexts acting for the branch's own configuration rather than for a viewer (a lead form's shortcut,
 * run by the product on the lead the form just stored and assigned): nobody's record access to check.
 */
const forConfiguration = new WeakSet<Context>();
export function actingForConfiguration(ctx: Context): Context {
  forConfiguration.add(ctx);
  return ctx;
}

/** Whether the caller may act on this record (the record-access rules the single-record operations use). */
async function mayAct(ctx: Context, tableId: ShortcutTable, id: string) {
  if (forConfiguration.has(ctx)) return true;
  const access = accessLoaders(ctx);
  if (tableId === "ACTIVITY") return access.record({ kind: "activity", id });
  if (tableId === "WORK_ORDER") return access.record({ kind: "workOrder", id });
  if (tableId === "CUSTOMER") return access.customer({ customerId: id });
  if (tableId === "LEAD") return mayActOnLead(ctx, id);
  const thread = await ctx.db.projectThread.findUnique({ where: { id }, select: { customerId: true } });
  return thread?.customerId ? access.customer({ customerId: thread.customerId }) : true;
}

/** A custom field value's typed slots as JSON (what undo puts back). */
export const slotsJson = (v: CustomFieldValue) => ({
  valueString: v.valueString,
  valueStringMax: v.valueStringMax,
  valueInt: v.valueInt,
  valueDecimal: v.valueDecimal?.toString() ?? null,
  valueDateTime: v.valueDateTime?.toISOString() ?? null,
  valueBool: v.valueBool,
});

/** What an execution already did, by record and action: "entityId:actionIndex" → the kinds of change kept. */
type Prior = Map<string, Set<string>>;

export async function priorChanges(ctx: Context, executionId: string): Promise<Prior> {
  const rows = await ctx.db.workflowShortcutChange.findMany({
    where: { executionId },
    select: { entityId: true, kind: true, before: true },
  });
  const prior: Prior = new Map();
  for (const r of rows) {
    const key = `${r.entityId}:${(r.before as { action?: number } | null)?.action ?? -1}`;
    prior.set(key, (prior.get(key) ?? new Set()).add(r.kind));
  }
  return prior;
}

/** How one record's actions are run: for real (kept for undo and resumption) or dry (each change reported). */
export type RunMode =
  | { dry: (actionIndex: number, change: ActionChange) => void }
  | { executionId: string; prior: Prior };

function recorder(ctx: Context, mode: RunMode, entityId: string, action: number): ActionRecorder {
  if ("dry" in mode) return { dryRun: true, changed: async (c) => mode.dry(action, c) };
  const { executionId, prior } = mode;
  const base = { branchId: ctx.branch.id, executionId, entityId };
  const had = (kind: string) => prior.get(`${entityId}:${action}`)?.has(kind) ?? false;
  let mailRow: string | null = null;
  return {
    activityCreated: (tx, activityId) =>
      tx.workflowShortcutChange
        .create({ data: { ...base, kind: "ACTIVITY_CREATED", targetId: activityId, before: { action } } })
        .then(() => {}),
    changed: async (c) => {
      if (c.kind === "ACTIVITY_RESOLVED")
        return ctx.db.workflowShortcutChange.create({
          data: { ...base, kind: c.kind, targetId: c.activityId, before: { action } },
        });
      if (c.kind === "FIELD_SET" && !had("FIELD_SET"))
        return ctx.db.workflowShortcutChange.create({
          data: {
            ...base,
            kind: c.kind,
            targetId: c.fieldId,
            before: { action, value: c.before && slotsJson(c.before), set: c.value },
          },
        });
    },
    mailStarting: async (to) => {
      const row = await ctx.db.workflowShortcutChange.create({
        data: { ...base, kind: "MAIL_SENT", targetId: to.join(", ").slice(0, 500), before: { action } },
      });
      mailRow = row.id;
    },
    mailFailed: () => ctx.db.workflowShortcutChange.deleteMany({ where: { id: mailRow ?? "-" } }),
  };
}

/** Does the actions in order on one record; the first that fails stops this record (those before it stay done). */
export async function runOn(
  ctx: Context,
  shortcut: WorkflowShortcut,
  entityId: string,
  mode: RunMode,
): Promise<RecordOutcome> {
  const tableId = shortcut.tableId as ShortcutTable;
  const refused = { entityId, isSuccess: false, message: notFoundFor[tableId] };
  if (entityId.length > 100 || !(await mayAct(ctx, tableId, entityId))) return refused;
  const record = tableId === "LEAD" ? await loadLeadRecord(ctx, entityId) : await loadRecord(ctx, tableId, entityId);
  if (!record) return refused;
  const done: string[] = [];
  for (const [i, action] of ((shortcut.actions ?? []) as Action[]).entries()) {
    const had = "prior" in mode ? mode.prior.get(`${entityId}:${i}`) : undefined;
    try {
      if (action.type === "CREATE_ACTIVITY" && had?.has("ACTIVITY_CREATED")) {
        done.push(`Created "${action.subject}" (before the run was interrupted).`);
        continue;
      }
      if (action.type === "SEND_MAIL" && had?.has("MAIL_SENT"))
        throw new AppError(
          "BAD_USER_INPUT",
          "The run stopped while this mail was being sent; it is not sent again, so it may not have gone out.",
        );
      done.push(await performAction(ctx, action, record, recorder(ctx, mode, entityId, i)));
    } catch (error) {
      const known = error instanceof AppError;
      if (!known) log.error("workflow shortcut action failed", { error, shortcutId: shortcut.id, entityId });
      const why = known ? error.message : "it failed unexpectedly.";
      const before = done.length ? ` Done before it: ${done.join(" ")}` : "";
      return { entityId, isSuccess: false, message: `Action ${i + 1} (${actionWords[action.type]}): ${why}${before}` };
    }
  }
  return { entityId, isSuccess: true, message: done.join(" ") };
}

/**
 * Takes the execution if nobody holds it (queued, or running with its holder's lease run out) and
 * works it to the end; false when another worker holds it or it is done.
 */
export async function claimAndWork(ctx: Context, executionId: string): Promise<boolean> {
  const now = clock.now();
  const claimed = await ctx.db.workflowShortcutExecution.updateMany({
    where: {
      id: executionId,
      OR: [{ status: "QUEUED" }, { status: "RUNNING", leaseUntil: { lt: now } }],
    },
    data: { status: "RUNNING", leaseUntil: new Date(now.getTime() + LEASE_MS) },
  });
  if (!claimed.count) return false;
  const execution = await ctx.db.workflowShortcutExecution.findUnique({ where: { id: executionId } });
  if (!execution) return false;
  await work(ctx, execution);
  return true;
}

/**
 * Runs the records not done yet, in order, saving progress (results, done, a longer lease) as it goes;
 * a record done after the last save and before a crash is run again, its kept changes guarding it.
 */
export async function work(ctx: Context, execution: WorkflowShortcutExecution): Promise<RecordOutcome[]> {
  const shortcut = await ctx.db.workflowShortcut.findUnique({ where: { id: execution.shortcutId } });
  const results = [...((execution.results ?? []) as RecordOutcome[])];
  if (!shortcut) return results;
  const finished = new Set(results.map((r) => r.entityId));
  const prior = await priorChanges(ctx, execution.id);
  const save = (data: object) =>
    ctx.db.workflowShortcutExecution.updateMany({
      where: { id: execution.id, status: "RUNNING" },
      data: { results, done: results.length, ...data },
    });
  let unsaved = 0;
  let savedAt = Date.now();
  for (const [index, entityId] of execution.entityIds.entries()) {
    if (finished.has(entityId)) continue;
    results.push(await runOn(ctx, shortcut, entityId, { executionId: execution.id, prior }));
    shortcutHooks.afterRecord?.(execution.id, index);
    if (++unsaved >= SAVE_EVERY.records || Date.now() - savedAt >= SAVE_EVERY.ms) {
      await save({ leaseUntil: new Date(clock.nowMs() + LEASE_MS) });
      unsaved = 0;
      savedAt = Date.now();
    }
  }
  await save({ status: "DONE", finishedAt: clock.now(), leaseUntil: null });
  return results;
}
