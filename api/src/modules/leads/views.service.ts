import { visibleLeadsWhere } from "../../auth/lead-access.ts";
import { hasPermission } from "../../auth/permissions.ts";
import { clock } from "../../clock.ts";
import { AppError, badInput } from "../../errors.ts";
import type { LeadView } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { keptLeadAnswer, visibilityKey } from "./views.cache.ts";
import {
  type LeadFilter,
  type LeadGroupBy,
  type LeadOrder,
  leadFilterSchema,
  nameSchema,
  orderSchema,
  pageSchema,
  type ViewValues,
  viewSchema,
} from "./views.rules.ts";
import { cappedCount, groupCounts, pageOfLeads, type Where, whereSql } from "./views.sql.ts";

// Filtered leads and lead views. A list of leads is always what visibleLeadsWhere lets the viewer see
// (zone enforcement, merged leads hidden), then the filter; its page, its total and its group counts
// share one WHERE (views.sql.ts). A lead view is a saved filter with its grouping, columns and sort:
// everyone with a lead permission reads the public ones and their own; only its creator or a
// LEAD_ADMIN changes one; someone else's private view is not found. A page, a total and group counts
// are kept a few seconds per question and zones seen, dropped by any write they read (views.cache.ts).

const NOT_FOUND = "Lead view not found.";

/** The WHERE of a list, and its key for the kept answers: the zones the viewer sees and the filter. */
async function whereOf(ctx: Context, filterIn: unknown): Promise<{ where: Where; key: [string, LeadFilter] }> {
  const filter: LeadFilter = parseInput(leadFilterSchema, withoutNulls((filterIn ?? {}) as object));
  const [visible, seen] = await Promise.all([visibleLeadsWhere(ctx), visibilityKey(ctx)]);
  const now = clock.now();
  return { where: (branch) => whereSql(branch, visible, filter, now), key: [seen, filter] };
}

export type FilteredLeads = {
  /** The page, read when asked for (a field resolver): the screen's total request asks no leads. */
  leads: () => Promise<Awaited<ReturnType<typeof pageOfLeads>>>;
  /** The total, counted when asked for (a field resolver), with the page's WHERE. */
  count: () => Promise<{ total: number; capped: boolean }>;
};

export async function filteredLeads(
  ctx: Context,
  args: { skip?: number | null; take: number; order?: unknown[] | null; where?: unknown },
): Promise<FilteredLeads> {
  const page = parseInput(pageSchema, withoutNulls({ skip: args.skip, take: args.take }));
  const order: LeadOrder = parseInput(
    orderSchema,
    (args.order ?? []).map((o) => withoutNulls(o as object)),
  );
  const { where, key } = await whereOf(ctx, args.where);
  let read: ReturnType<FilteredLeads["leads"]> | null = null;
  let counted: ReturnType<FilteredLeads["count"]> | null = null;
  return {
    leads: () =>
      (read ??= keptLeadAnswer(ctx, ["page", ...key, order, page.skip, page.take], () =>
        pageOfLeads(ctx.db, where, order, page.skip, page.take),
      )),
    count: () => (counted ??= keptLeadAnswer(ctx, ["total", ...key], () => cappedCount(ctx.db, where))),
  };
}

/** `name`: the group's name when joined by the count's statement (null: no longer there). */
export type GroupCount = { groupBy: LeadGroupBy; key: string | null; count: number; name?: string | null };

export async function leadGroupCounts(ctx: Context, whereIn: unknown, groupBy: LeadGroupBy): Promise<GroupCount[]> {
  const { where, key } = await whereOf(ctx, whereIn);
  const timeZone = ctx.branch.timeZone;
  return keptLeadAnswer(ctx, ["groups", ...key, groupBy, timeZone], async () => {
    const rows = await groupCounts(ctx.db, where, groupBy, timeZone);
    return rows.map((r) => ({ groupBy, key: r.key, count: r.count, name: r.name }));
  });
}

// ───────────── views ─────────────

export type ViewInput = Partial<{
  name: string | null;
  description: string | null;
  isPublic: boolean | null;
  filter: Record<string, unknown> | null;
  groupBy: string | null;
  columns: string[] | null;
  sortBy: string | null;
  sortAscending: boolean | null;
}>;

const me = (ctx: Context) => ctx.viewer?.personId ?? null;

export function leadViews(ctx: Context) {
  return ctx.db.leadView.findMany({
    where: { OR: [{ isPublic: true }, { creatorPersonId: me(ctx) ?? "-" }] },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}

/** The view, if the viewer may read it (public or their own); else "Lead view not found." */
export async function requireLeadView(ctx: Context, id: string): Promise<LeadView> {
  const row = id.length <= 100 ? await ctx.db.leadView.findUnique({ where: { id } }) : null;
  if (!row || (!row.isPublic && row.creatorPersonId !== me(ctx))) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

/** Whether the viewer may change the view: its creator, or a lead administrator. */
export async function canChangeView(ctx: Context, view: LeadView) {
  return view.creatorPersonId === me(ctx) || hasPermission(await ctx.permissions(), "LEAD_ADMIN");
}

async function requireChangeable(ctx: Context, id: string) {
  const view = await requireLeadView(ctx, id);
  if (!(await canChangeView(ctx, view)))
    throw badInput(`Only its creator or a lead administrator can change the view "${view.name}".`);
  return view;
}

const asData = (v: ViewValues) => ({
  name: v.name,
  description: v.description,
  isPublic: v.isPublic,
  filter: JSON.parse(JSON.stringify(v.filter)),
  groupBy: v.groupBy,
  columns: v.columns,
  sortBy: v.sortBy,
  sortAscending: v.sortAscending,
});

const parseView = (input: object) => {
  const v = withoutNulls(input) as Record<string, unknown>;
  if (v.filter) v.filter = withoutNulls(v.filter as object);
  return parseInput(viewSchema, v);
};

export async function createLeadView(ctx: Context, input: ViewInput) {
  const v = parseView(input);
  return ctx.db.leadView.create({ data: { branchId: ctx.branch.id, creatorPersonId: me(ctx), ...asData(v) } });
}

/** Changes what is given (a filter, when given, replaces the saved one). */
export async function updateLeadView(ctx: Context, id: string, input: ViewInput) {
  const current = await requireChangeable(ctx, id);
  const v = parseView({
    name: current.name,
    description: current.description,
    isPublic: current.isPublic,
    filter: current.filter,
    groupBy: current.groupBy,
    columns: current.columns,
    sortBy: current.sortBy,
    sortAscending: current.sortAscending,
    ...withoutNulls(input),
  });
  return ctx.db.leadView.update({ where: { id: current.id }, data: asData(v) });
}

export async function renameLeadView(ctx: Context, id: string, name: string) {
  const current = await requireChangeable(ctx, id);
  return ctx.db.leadView.update({ where: { id: current.id }, data: { name: parseInput(nameSchema, name) } });
}

export async function setLeadViewPublic(ctx: Context, id: string, isPublic: boolean) {
  const current = await requireChangeable(ctx, id);
  return ctx.db.leadView.update({ where: { id: current.id }, data: { isPublic } });
}

export async function deleteLeadView(ctx: Context, id: string) {
  const current = await requireChangeable(ctx, id);
  await ctx.db.leadView.deleteMany({ where: { id: current.id } });
  return current;
}

// ───────────── what the filters offer ─────────────

type Option = { id: string; name: string };
const OPTIONS_CAP = 500;

/**
 * The choices of a view's filters and bulk actions, for whoever reads leads: sources, forms, the zones
 * of the lead map (all zones without one), active people, discard reasons; at most 500 of each, by name.
 */
export async function leadViewOptions(ctx: Context) {
  const config = await ctx.db.leadConfiguration.findFirst({ select: { leadSegregationMapId: true } });
  const named = { select: { id: true, name: true }, orderBy: { name: "asc" as const }, take: OPTIONS_CAP };
  const [sources, forms, zones, people, discardReasons] = await Promise.all([
    ctx.db.leadSource.findMany(named),
    ctx.db.leadForm.findMany({ ...named, where: { isTemplate: false } }),
    ctx.db.territoryZone.findMany({
      ...named,
      where: config?.leadSegregationMapId ? { mapId: config.leadSegregationMapId } : {},
    }),
    ctx.db.person.findMany({
      where: { inactive: false },
      select: { id: true, firstName: true, lastName: true },
      orderBy: [{ firstName: "asc" }, { lastName: "asc" }],
      take: OPTIONS_CAP,
    }),
    ctx.db.discardReason.findMany(named),
  ]);
  const persons: Option[] = people.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim() }));
  return { sources, forms, zones, persons, discardReasons } satisfies Record<string, Option[]>;
}
