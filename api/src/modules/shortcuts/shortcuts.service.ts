import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { clock } from "../../clock.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError, badInput } from "../../errors.ts";
import type { WorkflowShortcut, WorkflowShortcutExecution } from "../../generated/prisma/client.ts";
import type { TableIdentifier } from "../../generated/prisma/enums.ts";
import { SHORTCUT_RUN_QUEUE } from "../../jobs/runner.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import type { Action } from "../automations/automations.rules.ts";
import { checkActions } from "../automations/automations.service.ts";
import { LIMITS, SHORTCUT_TABLES, shortcutSchema } from "./shortcuts.rules.ts";
import { LEASE_MS, type RecordOutcome, work } from "./shortcuts.run.ts";

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

/**
 * A shortcut's checked values as its row's columns, once its actions are checked against this branch's
 * records and its name is free (but for the shortcut itself).
 */
async function columnsOf(ctx: Context, v: z.infer<typeof shortcutSchema>, selfId?: string) {
  const actions = await checkActions(ctx, v.tableId, v.actions);
  await nameTaken(ctx, v.name, selfId);
  return {
    name: v.name,
    description: v.description,
    tableId: v.tableId,
    inactive: v.inactive,
    sortOrder: v.sortOrder,
    actions: actions as never,
  };
}

export async function createWorkflowShortcut(ctx: Context, input: ShortcutInput) {
  const v = parseInput(shortcutSchema, withoutNulls(input));
  const data = await columnsOf(ctx, v);
  const row = await ctx.db.workflowShortcut.create({ data: { branchId: ctx.branch.id, ...data } }).catch(taken(v.name));
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
  const data = await columnsOf(ctx, v, current.id);
  if (v.inactive && !current.inactive && (await saleWorkflowId(ctx)) === current.id)
    throw badInput("Inactive: this shortcut is the shop's sale workflow; pick another on the e-commerce setup first.");
  const updated = await ctx.db.workflowShortcut.updateMany({ where: { id: current.id }, data }).catch(taken(v.name));
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

export type { RecordOutcome };
export type Execution = {
  isSuccess: boolean;
  message: string;
  results: RecordOutcome[];
  /** The answer of an earlier call with the same idempotency key (nothing was run again). */
  replayed: boolean;
  /** The execution: its progress, and undo. */
  run: WorkflowShortcutExecution | null;
};

export const summary = (name: string, results: RecordOutcome[]) => {
  const ok = results.filter((r) => r.isSuccess).length;
  const n = results.length;
  if (ok === n) return `Ran "${name}" on ${n === 1 ? "the record" : `all ${n} records`}.`;
  if (ok === 0) return `"${name}" failed on ${n === 1 ? "the record" : `all ${n} records`}.`;
  return `Ran "${name}" on ${ok} of ${n} records; ${n - ok} failed.`;
};

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The records a call names, checked before anything else: how many (1 to LIMITS.bulk), each id's length. */
export function checkEntityIds(entityIdsIn: string[]): string[] {
  if (entityIdsIn.length === 0) throw badInput("Pick at least one record.");
  if (entityIdsIn.length > LIMITS.bulk)
    throw badInput(
      `A shortcut runs on at most ${LIMITS.bulk.toLocaleString("en-US")} records at a time ` +
        `(${entityIdsIn.length.toLocaleString("en-US")} were sent).`,
    );
  if (entityIdsIn.some((id) => id.length > 100)) throw badInput("That id is not valid.");
  return [...new Set(entityIdsIn.map((id) => id.trim()))];
}

/**
 * Runs the shortcut's actions on each record (at most LIMITS.bulk, checked first); one record failing
 * does not stop the others. Up to LIMITS.entities records run in the request and the answer has each
 * outcome; more are queued for a job and the answer has the run, whose progress the caller follows.
 * With an idempotency key, a second call with the same key (a double click, a retry after a lost
 * reply) runs nothing: it answers with the first call's outcome or run.
 */
export async function executeWorkflowShortcut(
  ctx: Context,
  shortcutId: string,
  entityIdsIn: string[],
  idempotencyKey?: string | null,
  savedActionId?: string,
): Promise<Execution> {
  const entityIds = checkEntityIds(entityIdsIn);
  const key = idempotencyKey?.trim() ?? "";
  if (key.length > LIMITS.idempotencyKey)
    throw badInput(`The idempotency key must be at most ${LIMITS.idempotencyKey} characters.`);
  const shortcut = await requireShortcut(ctx, shortcutId);
  if (shortcut.inactive) throw badInput(`The shortcut "${shortcut.name}" is inactive.`);

  const inline = entityIds.length <= LIMITS.entities;
  const now = clock.now();
  const execution = await ctx.db.workflowShortcutExecution
    .create({
      data: {
        branchId: ctx.branch.id,
        shortcutId: shortcut.id,
        idempotencyKey: key || randomUUID(),
        personId: ctx.viewer?.personId ?? null,
        entityIds,
        total: entityIds.length,
        savedActionId: savedActionId ?? null,
        status: inline ? "RUNNING" : "QUEUED",
        leaseUntil: inline ? new Date(now.getTime() + LEASE_MS) : null,
        createdAt: now,
      },
    })
    .catch((e) => (isUniqueViolation(e) ? null : Promise.reject(e)));
  if (!execution) return replay(ctx, shortcut, key, entityIds);

  if (!inline) {
    await ctx.runtime.jobs
      .sendIfRunning(SHORTCUT_RUN_QUEUE, { executionId: execution.id, branchId: ctx.branch.id })
      .catch((error) => log.warn("shortcut job not sent (the sweep takes the run up)", { error, id: execution.id }));
    return {
      isSuccess: true,
      message: `Running "${shortcut.name}" on ${entityIds.length.toLocaleString("en-US")} records in the background.`,
      results: [],
      replayed: false,
      run: execution,
    };
  }
  const results = await work(ctx, execution);
  const run = await ctx.db.workflowShortcutExecution.findUnique({ where: { id: execution.id } });
  return { isSuccess: true, message: summary(shortcut.name, results), results, replayed: false, run };
}

async function replay(ctx: Context, shortcut: WorkflowShortcut, key: string, entityIds: string[]): Promise<Execution> {
  const first = await ctx.db.workflowShortcutExecution.findFirst({ where: { idempotencyKey: key } });
  if (!first || first.shortcutId !== shortcut.id || !sameSet(first.entityIds, entityIds))
    throw new AppError("CONFLICT", "That idempotency key was used for another run: send a new one.");
  if (first.status !== "DONE")
    return {
      isSuccess: first.total > LIMITS.entities,
      message: `"${shortcut.name}" is already running for these records (the same click); it is not run twice.`,
      results: [],
      replayed: true,
      run: first,
    };
  const results = first.results as RecordOutcome[];
  return { isSuccess: true, message: summary(shortcut.name, results), results, replayed: true, run: first };
}

export { LIMITS, SHORTCUT_TABLES };
