import { hasPermission } from "../../auth/permissions.ts";
import { clock } from "../../clock.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError, badInput } from "../../errors.ts";
import type { SavedAction } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { previewWorkflowShortcut } from "../shortcuts/shortcuts.preview.ts";
import { executeWorkflowShortcut, LIMITS as SHORTCUT_LIMITS } from "../shortcuts/shortcuts.service.ts";
import {
  FILTER_STATUSES,
  type FilterTable,
  isFilterTable,
  type SavedFilter,
  savedActionSchema,
} from "./saved-actions.rules.ts";

// Saved actions: an employee's stored shortcut-on-a-list ("close as lost every open first call older
// than 30 days"), run again later. A private one is its owner's alone; a public one every employee
// with CUSTOMER_ACCESS sees and runs. Its owner or a WORKFLOW_CONFIGURATION holder edits and deletes it.
// Running resolves the filter to at most 10,000 records (more is refused: narrow the filter) and
// starts a shortcut run (shortcuts.service.ts) with its progress and undo.

export type SavedActionInput = {
  name?: string | null;
  description?: string | null;
  shortcutId?: string | null;
  isPublic?: boolean | null;
  filter?: SavedFilter | null;
};

const NOT_FOUND = "Saved action not found.";
const me = (ctx: Context) => ctx.viewer?.personId ?? "-";

/** Those the caller sees: their own and the public ones. */
const visible = (ctx: Context) => ({ OR: [{ isPublic: true }, { ownerPersonId: me(ctx) }] });

export async function savedActions(ctx: Context) {
  return ctx.db.savedAction.findMany({ where: visible(ctx), orderBy: [{ name: "asc" }, { id: "asc" }] });
}

export async function requireSavedAction(ctx: Context, id: string) {
  const row = id.length <= 100 ? await ctx.db.savedAction.findFirst({ where: { id, ...visible(ctx) } }) : null;
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

export async function mayEdit(ctx: Context, row: SavedAction) {
  return row.ownerPersonId === me(ctx) || hasPermission(await ctx.permissions(), "WORKFLOW_CONFIGURATION");
}

async function requireEditable(ctx: Context, id: string) {
  const row = await requireSavedAction(ctx, id);
  if (!(await mayEdit(ctx, row)))
    throw new AppError("FORBIDDEN", "Only its owner, or someone allowed to configure workflow, may change it.");
  return row;
}

/** The filter checked against the shortcut's table: every id this branch's, the step of the project. */
async function checkFilter(ctx: Context, table: FilterTable, f: SavedFilter): Promise<SavedFilter> {
  const statuses = FILTER_STATUSES[table] as readonly string[];
  if (f.status && !statuses.includes(f.status))
    throw badInput(`Status: one of ${statuses.map((s) => s.toLowerCase()).join(", ")}.`);
  if (table === "CUSTOMER" && (f.projectId || f.stepId))
    throw badInput("Project and step narrow activities and project threads, not customers.");
  if (table !== "ACTIVITY" && f.assignedPersonId) throw badInput("Assigned to narrows activities only.");
  if (f.projectId && !(await ctx.db.project.findUnique({ where: { id: f.projectId }, select: { id: true } })))
    throw badInput("Project not found.");
  if (f.stepId) {
    const step = await ctx.db.projectStep.findUnique({ where: { id: f.stepId }, select: { projectId: true } });
    if (!step || (f.projectId && step.projectId !== f.projectId)) throw badInput("Step not found in that project.");
  }
  if (f.assignedPersonId && !(await ctx.db.person.findUnique({ where: { id: f.assignedPersonId } })))
    throw badInput("Assigned to: person not found.");
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== "" && v !== undefined)) as SavedFilter;
}

async function parse(ctx: Context, input: Record<string, unknown>) {
  // A filter part sent as null is left out, as any other input's.
  const filter = input.filter ? withoutNulls(input.filter as Record<string, unknown>) : undefined;
  const v = parseInput(savedActionSchema, { ...input, filter });
  const shortcut = await ctx.db.workflowShortcut.findUnique({ where: { id: v.shortcutId } });
  if (!shortcut) throw badInput("Shortcut not found: pick one of the list.");
  if (!isFilterTable(shortcut.tableId))
    throw badInput("A saved action runs a shortcut on activities, project threads or customers.");
  return { ...v, filter: await checkFilter(ctx, shortcut.tableId, v.filter), tableId: shortcut.tableId };
}

async function nameTaken(ctx: Context, name: string, exceptId?: string) {
  const same = await ctx.db.savedAction.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (same) throw badInput(`Name "${name}" is already used by another saved action.`);
}
const taken = (name: string) => (e: unknown) => {
  if (isUniqueViolation(e)) throw badInput(`Name "${name}" is already used by another saved action.`);
  throw e;
};

export async function createSavedAction(ctx: Context, input: SavedActionInput) {
  const v = await parse(ctx, withoutNulls(input));
  await nameTaken(ctx, v.name);
  return ctx.db.savedAction
    .create({
      data: {
        branchId: ctx.branch.id,
        name: v.name,
        description: v.description,
        ownerPersonId: ctx.viewer?.personId ?? null,
        isPublic: v.isPublic,
        shortcutId: v.shortcutId,
        tableId: v.tableId,
        filter: v.filter,
      },
    })
    .catch(taken(v.name));
}

/** Changes what is given; the filter is replaced as a whole when given. */
export async function editSavedAction(ctx: Context, id: string, input: SavedActionInput) {
  const current = await requireEditable(ctx, id);
  const v = await parse(ctx, {
    name: current.name,
    description: current.description,
    shortcutId: current.shortcutId,
    isPublic: current.isPublic,
    filter: current.filter,
    ...withoutNulls(input),
  });
  await nameTaken(ctx, v.name, current.id);
  await ctx.db.savedAction
    .updateMany({
      where: { id: current.id },
      data: {
        name: v.name,
        description: v.description,
        isPublic: v.isPublic,
        shortcutId: v.shortcutId,
        tableId: v.tableId,
        filter: v.filter,
      },
    })
    .catch(taken(v.name));
  return requireSavedAction(ctx, current.id);
}

export async function deleteSavedAction(ctx: Context, id: string) {
  const current = await requireEditable(ctx, id);
  await ctx.db.savedAction.deleteMany({ where: { id: current.id } });
  return current;
}

/** The records the filter selects now, oldest first; more than the run limit is refused. */
export async function selectedIds(ctx: Context, row: SavedAction): Promise<string[]> {
  const f = (row.filter ?? {}) as SavedFilter;
  const before = f.olderThanDays !== undefined ? new Date(clock.nowMs() - f.olderThanDays * 86_400_000) : undefined;
  const max = SHORTCUT_LIMITS.bulk;
  const pick = async (count: () => Promise<number>, ids: () => Promise<{ id: string }[]>) => {
    const n = await count();
    if (n === 0) throw badInput("The filter selects no records right now.");
    if (n > max)
      throw badInput(
        `The filter selects ${n.toLocaleString("en-US")} records; a saved action runs on at most ` +
          `${max.toLocaleString("en-US")}: narrow the filter.`,
      );
    return (await ids()).map((r) => r.id);
  };
  if (row.tableId === "ACTIVITY") {
    const where = {
      status: f.status === "OPEN" ? "ACTIVE" : f.status === "RESOLVED" ? "RESOLVED" : { in: ["ACTIVE", "RESOLVED"] },
      ...(f.projectId ? { thread: { projectId: f.projectId } } : {}),
      ...(f.stepId ? { stepId: f.stepId } : {}),
      ...(f.assignedPersonId ? { assignedPersonId: f.assignedPersonId } : {}),
      ...(before ? { enteredTime: { lt: before } } : {}),
    } as never;
    return pick(
      () => ctx.db.activity.count({ where }),
      () => ctx.db.activity.findMany({ where, orderBy: [{ enteredTime: "asc" }, { id: "asc" }], select: { id: true } }),
    );
  }
  if (row.tableId === "PROJECT_THREAD") {
    const where = {
      ...(f.status === "OPEN" ? { closedAt: null } : f.status === "CLOSED" ? { closedAt: { not: null } } : {}),
      ...(f.projectId ? { projectId: f.projectId } : {}),
      ...(f.stepId ? { activities: { some: { stepId: f.stepId, status: "ACTIVE" } } } : {}),
      ...(before ? { createdAt: { lt: before } } : {}),
    } as never;
    return pick(
      () => ctx.db.projectThread.count({ where }),
      () =>
        ctx.db.projectThread.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } }),
    );
  }
  const where = {
    status: f.status ? f.status : { not: "DELETED" },
    ...(before ? { createdAt: { lt: before } } : {}),
  } as never;
  return pick(
    () => ctx.db.customer.count({ where }),
    () => ctx.db.customer.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } }),
  );
}

export async function previewSavedAction(ctx: Context, id: string) {
  const row = await requireSavedAction(ctx, id);
  return previewWorkflowShortcut(ctx, row.shortcutId, await selectedIds(ctx, row));
}

export async function runSavedAction(ctx: Context, id: string, idempotencyKey?: string | null) {
  const row = await requireSavedAction(ctx, id);
  const ids = await selectedIds(ctx, row);
  const out = await executeWorkflowShortcut(ctx, row.shortcutId, ids, idempotencyKey, row.id);
  if (!out.replayed) await ctx.db.savedAction.updateMany({ where: { id: row.id }, data: { lastRunAt: clock.now() } });
  return out;
}
