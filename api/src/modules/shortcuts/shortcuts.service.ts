import { randomUUID } from "node:crypto";
import { accessLoaders } from "../../auth/access.ts";
import { clock } from "../../clock.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError, badInput } from "../../errors.ts";
import type { WorkflowShortcut } from "../../generated/prisma/client.ts";
import type { TableIdentifier } from "../../generated/prisma/enums.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { performAction } from "../automations/actions.ts";
import type { Action } from "../automations/automations.rules.ts";
import { checkActions } from "../automations/automations.service.ts";
import { loadRecord } from "../automations/records.ts";
import { LIMITS, SHORTCUT_TABLES, type ShortcutTable, shortcutSchema } from "./shortcuts.rules.ts";

// Workflow shortcuts: a named set of actions an employee runs on one record or many in one click.
// Configuring them takes WORKFLOW_CONFIGURATION; running them CUSTOMER_ACCESS and access to each record.
// Their actions are an automation's (checked by checkActions, done by performAction), so a shortcut
// and an automation that say the same thing do the same thing.

export type ShortcutInput = {
  name?: string | null;
  description?: string | null;
  tableId?: TableIdentifier | null;
  inactive?: boolean | null;
  sortOrder?: number | null;
  actions?: Record<string, unknown>[] | null;
};

export type ShortcutView = WorkflowShortcut & { actionList: Action[] };
export const asView = (s: WorkflowShortcut): ShortcutView => ({ ...s, actionList: (s.actions ?? []) as Action[] });

const NOT_FOUND = "Workflow shortcut not found.";

/** The shortcut; another branch's id is not found. */
export async function requireShortcut(ctx: Context, id: string): Promise<WorkflowShortcut> {
  const row = id.length <= 100 ? await ctx.db.workflowShortcut.findUnique({ where: { id } }) : null;
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

export async function workflowShortcuts(
  ctx: Context,
  filter: { tableIds?: TableIdentifier[] | null; includeInactive?: boolean | null } = {},
) {
  if ((filter.tableIds?.length ?? 0) > 20) throw badInput("Name at most 20 tables.");
  const rows = await ctx.db.workflowShortcut.findMany({
    where: {
      ...(filter.includeInactive ? {} : { inactive: false }),
      ...(filter.tableIds?.length ? { tableId: { in: filter.tableIds } } : {}),
    },
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }, { id: "asc" }],
  });
  return rows.map(asView);
}

/** The id the shop runs for each online sale, if any. */
export async function saleWorkflowId(ctx: Context): Promise<string | null> {
  const config = await ctx.db.storefrontConfig.findFirst({ select: { saleWorkflowShortcutId: true } });
  return config?.saleWorkflowShortcutId ?? ctx.branch.ecommerceWorkflowShortcutId ?? null;
}

async function nameTaken(ctx: Context, name: string, exceptId?: string) {
  const same = await ctx.db.workflowShortcut.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (same) throw badInput(`Name "${name}" is already used by another shortcut.`);
}

const taken = (name: string) => (e: unknown) => {
  if (isUniqueViolation(e)) throw badInput(`Name "${name}" is already used by another shortcut.`);
  throw e;
};

export async function createWorkflowShortcut(ctx: Context, input: ShortcutInput) {
  const v = parseInput(shortcutSchema, withoutNulls(input));
  const actions = await checkActions(ctx, v.tableId, v.actions);
  await nameTaken(ctx, v.name);
  const row = await ctx.db.workflowShortcut
    .create({
      data: {
        branchId: ctx.branch.id,
        name: v.name,
        description: v.description,
        tableId: v.tableId,
        inactive: v.inactive,
        sortOrder: v.sortOrder,
        actions: actions as never,
      },
    })
    .catch(taken(v.name));
  return asView(row);
}

/** Changes what is given; the actions are replaced as a whole when given. */
export async function editWorkflowShortcut(ctx: Context, id: string, input: ShortcutInput) {
  const current = await requireShortcut(ctx, id);
  const v = parseInput(shortcutSchema, {
    name: current.name,
    description: current.description,
    tableId: current.tableId,
    inactive: current.inactive,
    sortOrder: current.sortOrder,
    actions: current.actions as unknown[],
    ...withoutNulls(input),
  });
  const actions = await checkActions(ctx, v.tableId, v.actions);
  await nameTaken(ctx, v.name, current.id);
  if (v.inactive && !current.inactive && (await saleWorkflowId(ctx)) === current.id)
    throw badInput("Inactive: this shortcut is the shop's sale workflow; pick another on the e-commerce setup first.");
  const updated = await ctx.db.workflowShortcut
    .updateMany({
      where: { id: current.id },
      data: {
        name: v.name,
        description: v.description,
        tableId: v.tableId,
        inactive: v.inactive,
        sortOrder: v.sortOrder,
        actions: actions as never,
      },
    })
    .catch(taken(v.name));
  if (!updated.count) throw new AppError("NOT_FOUND", NOT_FOUND);
  return asView(await requireShortcut(ctx, current.id));
}

/** Deletes it, unless the shop runs it for each online sale. */
export async function deleteWorkflowShortcut(ctx: Context, id: string) {
  const current = await requireShortcut(ctx, id);
  if ((await saleWorkflowId(ctx)) === current.id)
    throw badInput(
      `"${current.name}" is the shop's sale workflow and cannot be deleted: pick another sale workflow on the e-commerce setup page first.`,
    );
  await ctx.db.workflowShortcut.deleteMany({ where: { id: current.id } });
  return current;
}

// ───────────── running ─────────────

export type RecordOutcome = { entityId: string; isSuccess: boolean; message: string };
export type Execution = {
  isSuccess: boolean;
  message: string;
  results: RecordOutcome[];
  /** The answer of an earlier call with the same idempotency key (nothing was run again). */
  replayed: boolean;
};

const notFoundFor: Record<ShortcutTable, string> = {
  PROJECT_THREAD: "Project thread not found.",
  ACTIVITY: "Activity not found.",
  CUSTOMER: "Customer not found.",
  WORK_ORDER: "Work order not found.",
};

const actionWords: Record<Action["type"], string> = {
  CREATE_ACTIVITY: "create an activity",
  RESOLVE_ACTIVITY: "resolve activities",
  SET_CUSTOM_FIELD: "set a custom field",
  SEND_MAIL: "send a mail",
};

/** Whether the caller may act on this record (the record-access rules the single-record operations use). */
async function mayAct(ctx: Context, tableId: ShortcutTable, id: string) {
  const access = accessLoaders(ctx);
  if (tableId === "ACTIVITY") return access.record({ kind: "activity", id });
  if (tableId === "WORK_ORDER") return access.record({ kind: "workOrder", id });
  if (tableId === "CUSTOMER") return access.customer({ customerId: id });
  const thread = await ctx.db.projectThread.findUnique({ where: { id }, select: { customerId: true } });
  return thread?.customerId ? access.customer({ customerId: thread.customerId }) : true;
}

/** Does the actions in order on one record; the first that fails stops this record (those before it stay done). */
async function runOn(ctx: Context, shortcut: WorkflowShortcut, entityId: string): Promise<RecordOutcome> {
  const tableId = shortcut.tableId as ShortcutTable;
  const refused = { entityId, isSuccess: false, message: notFoundFor[tableId] };
  if (entityId.length > 100 || !(await mayAct(ctx, tableId, entityId))) return refused;
  const record = await loadRecord(ctx, tableId, entityId);
  if (!record) return refused;
  const done: string[] = [];
  for (const [i, action] of ((shortcut.actions ?? []) as Action[]).entries()) {
    try {
      done.push(await performAction(ctx, action, record));
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

const summary = (name: string, results: RecordOutcome[]) => {
  const ok = results.filter((r) => r.isSuccess).length;
  const n = results.length;
  if (ok === n) return `Ran "${name}" on ${n === 1 ? "the record" : `all ${n} records`}.`;
  if (ok === 0) return `"${name}" failed on ${n === 1 ? "the record" : `all ${n} records`}.`;
  return `Ran "${name}" on ${ok} of ${n} records; ${n - ok} failed.`;
};

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Runs the shortcut's actions on each record (at most LIMITS.entities, checked first); one record
 * failing does not stop the others. With an idempotency key, a second call with the same key (a double
 * click, a retry after a lost reply) runs nothing: it answers with the first call's outcome, or says
 * that call is still running.
 */
export async function executeWorkflowShortcut(
  ctx: Context,
  shortcutId: string,
  entityIdsIn: string[],
  idempotencyKey?: string | null,
): Promise<Execution> {
  if (entityIdsIn.length === 0) throw badInput("Pick at least one record.");
  if (entityIdsIn.length > LIMITS.entities)
    throw badInput(
      `A shortcut runs on at most ${LIMITS.entities} records at a time (${entityIdsIn.length} were sent).`,
    );
  const key = idempotencyKey?.trim() ?? "";
  if (key.length > LIMITS.idempotencyKey)
    throw badInput(`The idempotency key must be at most ${LIMITS.idempotencyKey} characters.`);
  if (entityIdsIn.some((id) => id.length > 100)) throw badInput("That id is not valid.");
  const entityIds = [...new Set(entityIdsIn.map((id) => id.trim()))];
  const shortcut = await requireShortcut(ctx, shortcutId);
  if (shortcut.inactive) throw badInput(`The shortcut "${shortcut.name}" is inactive.`);

  const execution = await ctx.db.workflowShortcutExecution
    .create({
      data: {
        branchId: ctx.branch.id,
        shortcutId: shortcut.id,
        idempotencyKey: key || randomUUID(),
        personId: ctx.viewer?.personId ?? null,
        entityIds,
      },
    })
    .catch((e) => (isUniqueViolation(e) ? null : Promise.reject(e)));
  if (!execution) {
    const first = await ctx.db.workflowShortcutExecution.findFirst({ where: { idempotencyKey: key } });
    if (!first || first.shortcutId !== shortcut.id || !sameSet(first.entityIds, entityIds))
      throw new AppError("CONFLICT", "That idempotency key was used for another run: send a new one.");
    if (first.status !== "DONE")
      return {
        isSuccess: false,
        message: `"${shortcut.name}" is already running for these records (the same click); it is not run twice.`,
        results: [],
        replayed: true,
      };
    const results = first.results as RecordOutcome[];
    return { isSuccess: true, message: summary(shortcut.name, results), results, replayed: true };
  }

  const results: RecordOutcome[] = [];
  for (const entityId of entityIds) results.push(await runOn(ctx, shortcut, entityId));
  await ctx.db.workflowShortcutExecution.updateMany({
    where: { id: execution.id },
    data: { status: "DONE", results, finishedAt: clock.now() },
  });
  return { isSuccess: true, message: summary(shortcut.name, results), results, replayed: false };
}

export { LIMITS, SHORTCUT_TABLES };
