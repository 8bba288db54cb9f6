import type { z } from "zod";
import { AppError, badInput } from "../../errors.ts";
import type { Automation, AutomationRun } from "../../generated/prisma/client.ts";
import type {
  AutomationEvent,
  AutomationRunStatus,
  AutomationStatus,
  TableIdentifier,
} from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { canonical } from "../custom-fields/custom-fields.rules.ts";
import {
  type Action,
  actionSchema,
  automationSchema,
  type Condition,
  compact,
  conditionSchema,
  EVENTS,
  LIMITS,
  NATIVE_FIELDS,
} from "./automations.rules.ts";

// Configuring automations (WORKFLOW_CONFIGURATION) and reading their runs. Everything an automation
// names (a step, a person, a territory role, a custom field) is checked to be this branch's when it is
// saved, so a run meets another branch's id only if it was deleted meanwhile (then the action fails
// and says so). Sizes are checked first, before any lookup.

export type AutomationInput = {
  name?: string | null;
  event?: AutomationEvent | null;
  status?: "ON" | "OFF" | null;
  ownerPersonId?: string | null;
  conditions?: Record<string, unknown>[] | null;
  actions?: Record<string, unknown>[] | null;
};

export type AutomationView = Automation & { conditionList: Condition[]; actionList: Action[] };

export const asView = (a: Automation): AutomationView => ({
  ...a,
  conditionList: (a.conditions ?? []) as Condition[],
  actionList: (a.actions ?? []) as Action[],
});

/** The automation (not deleted); another branch's id is not found. */
export async function requireAutomation(ctx: Context, id: string): Promise<Automation> {
  const row =
    id.length <= 100 ? await ctx.db.automation.findFirst({ where: { id, status: { not: "DELETED" } } }) : null;
  if (!row) throw new AppError("NOT_FOUND", "Automation not found.");
  return row;
}

export async function automations(
  ctx: Context,
  filter: { event?: AutomationEvent | null; status?: AutomationStatus | null },
) {
  const rows = await ctx.db.automation.findMany({
    where: {
      status: filter.status ?? { not: "DELETED" },
      ...(filter.event ? { event: filter.event } : {}),
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return rows.map(asView);
}

const numbered = (i: number, what: string) => `${what} ${i + 1}`;

/** Each part parsed by its schema (nulls dropped); a refusal names the part: "Action 2: ...". */
function parseEach<T>(schema: z.ZodType<T>, parts: unknown[], what: string): T[] {
  return parts.map((part, i) => {
    try {
      return parseInput(schema, compact(part as object));
    } catch (e) {
      throw badInput(`${numbered(i, what)}: ${(e as Error).message}`);
    }
  });
}

/** Parses and checks the conditions and actions against this branch's records. */
async function checkParts(ctx: Context, event: AutomationEvent, conditionsIn: unknown[], actionsIn: unknown[]) {
  const tableId = EVENTS[event].tableId;
  const conditions = parseEach(conditionSchema, conditionsIn, "Condition");
  for (const [i, c] of conditions.entries()) {
    if (c.nativeFieldName && !NATIVE_FIELDS[tableId]?.includes(c.nativeFieldName))
      throw badInput(
        `${numbered(i, "Condition")}: "${c.nativeFieldName}" is not a field of the record (one of: ${(NATIVE_FIELDS[tableId] ?? []).join(", ")}).`,
      );
    if (c.customFieldId) {
      const field = await ctx.db.customField.findUnique({ where: { id: c.customFieldId } });
      if (!field || field.tableId !== tableId)
        throw badInput(`${numbered(i, "Condition")}: that custom field is not a field of the event's record.`);
    }
  }
  const actions = await checkActions(ctx, tableId, actionsIn);
  return { conditions, actions };
}

/**
 * Parses and checks actions done on a record of this table against this branch's records (an
 * automation's, or a workflow shortcut's): "Action N: ..." names the one refused.
 */
export async function checkActions(ctx: Context, tableId: TableIdentifier, actionsIn: unknown[]): Promise<Action[]> {
  const actions = parseEach(actionSchema, actionsIn, "Action");
  for (const [i, a] of actions.entries()) {
    const fail = (m: string) => badInput(`${numbered(i, "Action")}: ${m}`);
    if (a.type === "CREATE_ACTIVITY") {
      const step = await ctx.db.projectStep.findUnique({ where: { id: a.stepId } });
      if (!step) throw fail("step not found.");
      if (a.personId) {
        const p = await ctx.db.person.findUnique({ where: { id: a.personId } });
        if (!p) throw fail("person not found.");
        if (p.inactive) throw fail(`${p.firstName} ${p.lastName} is inactive and cannot be given work.`);
      }
      if (a.personId && a.zoneRoleId) throw fail("name a person or a territory role, not both.");
      if (a.zoneRoleId && !(await ctx.db.personTerritoryRole.findUnique({ where: { id: a.zoneRoleId } })))
        throw fail("territory role not found.");
    } else if (a.type === "RESOLVE_ACTIVITY") {
      if (tableId !== "ACTIVITY" && !a.stepId) throw fail("name the step whose open activities are resolved.");
      if (a.stepId && !(await ctx.db.projectStep.findUnique({ where: { id: a.stepId } })))
        throw fail("step not found.");
    } else if (a.type === "SET_CUSTOM_FIELD") {
      const field = await ctx.db.customField.findUnique({ where: { id: a.fieldId } });
      if (!field || field.tableId !== tableId) throw fail("that custom field is not a field of the record it acts on.");
      if (field.inactive) throw fail(`the field "${field.name}" is inactive.`);
      if (field.readOnly) throw fail(`the field "${field.name}" is read only.`);
      try {
        a.value = a.value.trim() === "" ? "" : canonical(field, a.value.trim());
      } catch (e) {
        throw fail((e as Error).message);
      }
    } else if (a.type === "SEND_MAIL") {
      if (a.to === "ADDRESS" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a.address))
        throw fail("give the mail address to send to.");
      if (a.to !== "ADDRESS") a.address = "";
    }
  }
  return actions;
}

async function checkOwner(ctx: Context, personId: string | undefined) {
  if (!personId) return ctx.viewer?.personId ?? null;
  const p = await ctx.db.person.findUnique({ where: { id: personId } });
  if (!p) throw badInput("The owner was not found.");
  if (p.inactive) throw badInput(`${p.firstName} ${p.lastName} is inactive and cannot own an automation.`);
  return p.id;
}

/** The stored columns of an automation, once its input is checked (create and update write the same). */
function automationRow(
  v: { name: string; event: AutomationEvent; status: AutomationStatus },
  ownerPersonId: string | null,
  conditions: unknown,
  actions: unknown,
) {
  return {
    name: v.name,
    event: v.event,
    status: v.status,
    ownerPersonId,
    conditions: conditions as never,
    actions: actions as never,
  };
}

export async function createAutomation(ctx: Context, input: AutomationInput) {
  const v = parseInput(automationSchema, withoutNulls(input));
  const { conditions, actions } = await checkParts(ctx, v.event, v.conditions, v.actions);
  const ownerPersonId = await checkOwner(ctx, v.ownerPersonId);
  const row = await ctx.db.automation.create({
    data: { branchId: ctx.branch.id, ...automationRow(v, ownerPersonId, conditions, actions) },
  });
  return asView(row);
}

/** Changes what is given; conditions and actions are replaced as a whole when given. */
export async function editAutomation(ctx: Context, id: string, input: AutomationInput) {
  const current = await requireAutomation(ctx, id);
  const merged = {
    name: current.name,
    event: current.event,
    status: current.status === "DELETED" ? "OFF" : current.status,
    conditions: current.conditions as unknown[],
    actions: current.actions as unknown[],
    ...withoutNulls(input),
  };
  const v = parseInput(automationSchema, merged);
  const { conditions, actions } = await checkParts(ctx, v.event, v.conditions, v.actions);
  const ownerPersonId = input.ownerPersonId ? await checkOwner(ctx, v.ownerPersonId) : current.ownerPersonId;
  const updated = await ctx.db.automation.updateMany({
    where: { id: current.id, status: { not: "DELETED" } },
    data: automationRow(v, ownerPersonId, conditions, actions),
  });
  if (!updated.count) throw new AppError("NOT_FOUND", "Automation not found.");
  return asView((await ctx.db.automation.findUnique({ where: { id: current.id } }))!);
}

/** Marks it DELETED: it runs no more; its runs stay readable. */
export async function deleteAutomation(ctx: Context, id: string) {
  const current = await requireAutomation(ctx, id);
  await ctx.db.automation.updateMany({ where: { id: current.id }, data: { status: "DELETED" } });
  return current;
}

export type RunView = AutomationRun & { automationName: string };

/**
 * Runs of an automation, or of every automation about one record, or every run of the branch (naming
 * neither); optionally only those of one status or event. Newest first, paged.
 */
export async function automationRuns(
  ctx: Context,
  a: {
    automationId?: string | null;
    tableId?: TableIdentifier | null;
    entityId?: string | null;
    status?: AutomationRunStatus | null;
    event?: AutomationEvent | null;
    skip?: number | null;
    take?: number | null;
  },
) {
  const skip = a.skip ?? 0;
  const take = a.take ?? 50;
  if (!Number.isInteger(skip) || skip < 0 || skip > 100_000) throw badInput("Skip must be between 0 and 100000.");
  if (!Number.isInteger(take) || take < 1 || take > 100) throw badInput("Take must be between 1 and 100.");
  let where: { automationId?: string; tableId?: TableIdentifier; entityId?: string } = {};
  if (a.automationId) {
    if (a.automationId.length > 100) throw new AppError("NOT_FOUND", "Automation not found.");
    const owner = await ctx.db.automation.findUnique({ where: { id: a.automationId }, select: { id: true } });
    if (!owner) throw new AppError("NOT_FOUND", "Automation not found.");
    where = { automationId: owner.id };
  } else if (a.tableId && a.entityId) {
    if (a.entityId.length > 100) throw badInput("That id is not valid.");
    where = { tableId: a.tableId, entityId: a.entityId };
  } else if (a.tableId || a.entityId) throw badInput("Name both the record's table and its id.");
  const filtered = { ...where, ...(a.status ? { status: a.status } : {}), ...(a.event ? { event: a.event } : {}) };
  const [rows, totalCount] = await Promise.all([
    ctx.db.automationRun.findMany({
      where: filtered,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip,
      take,
      include: { automation: { select: { name: true } }, actionRuns: { orderBy: { actionIndex: "asc" } } },
    }),
    ctx.db.automationRun.count({ where: filtered }),
  ]);
  return { items: rows.map((r) => ({ ...r, automationName: r.automation.name })), totalCount, skip, take };
}

/** An automation's latest run that was not a dry run, or null. */
export async function lastRun(ctx: Context, automationId: string): Promise<RunView | null> {
  const run = await ctx.db.automationRun.findFirst({
    where: { automationId, dryRun: false },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { automation: { select: { name: true } } },
  });
  return run ? { ...run, automationName: run.automation.name } : null;
}

export const automationEvents = () =>
  Object.entries(EVENTS).map(([event, e]) => ({ event: event as AutomationEvent, label: e.label, tableId: e.tableId }));

export { LIMITS };
