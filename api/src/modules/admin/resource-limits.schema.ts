import { z } from "zod";
import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { AppError } from "../../errors.ts";
import type { ResourceLimit } from "../../generated/prisma/client.ts";
import type { ResourceLimitCategory } from "../../generated/prisma/enums.ts";
import { builder, type InputFieldBuilder } from "../../pothos/builder.ts";
import { ResourceLimitCategoryEnum } from "../../pothos/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { localNow } from "../deliveries/delivery-dates.ts";

// Resource limits: a tenant's allowance of texts, calls and routing directions per period, with the
// percent of the limit where warnings start and where use is cut off. Super admins set them
// (admin/resource-limits); a branch's employees with TEAM_CONFIGURATION read their tenant's
// (team/resource-limits). Periods are calendar dates, both ends included.

export const CATEGORIES: ResourceLimitCategory[] = [
  "TEXTS",
  "CALLS",
  "ROUTE_DIRECTIONS_WITH_TRAFFIC",
  "ROUTE_DIRECTIONS_WITHOUT_TRAFFIC",
];

type Row = ResourceLimit & { tenantName: string };

const day = (d: Date) => d.toISOString().slice(0, 10);

async function withTenantNames(ctx: Context, rows: ResourceLimit[]): Promise<Row[]> {
  const tenants = new Map(
    (
      await crossBranch(ctx.runtime).tenant.findMany({
        where: { id: { in: [...new Set(rows.map((r) => r.tenantId))] } },
        select: { id: true, name: true },
      })
    ).map((t) => [t.id, t.name]),
  );
  return rows.map((r) => ({ ...r, tenantName: tenants.get(r.tenantId) ?? "" }));
}

const sortRows = (rows: ResourceLimit[]) =>
  rows.sort(
    (a, b) =>
      CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || b.startDate.getTime() - a.startDate.getTime(),
  );

/** Every limit of a tenant, by category, newest period first. */
async function resourceLimits(ctx: Context, tenantId: string) {
  const rows = await crossBranch(ctx.runtime).resourceLimit.findMany({ where: { tenantId } });
  return withTenantNames(ctx, sortRows(rows));
}

/** For every tenant and category, the limit with the latest period. */
async function mostRecentResourceLimits(ctx: Context) {
  const rows = await crossBranch(ctx.runtime).resourceLimit.findMany({
    orderBy: [{ tenantId: "asc" }, { category: "asc" }, { startDate: "desc" }, { createdAt: "desc" }],
    distinct: ["tenantId", "category"],
  });
  const named = await withTenantNames(ctx, sortRows(rows));
  return named.sort((a, b) => a.tenantName.localeCompare(b.tenantName));
}

/** The branch's tenant's limits in force today (branch time zone), else each category's latest. */
async function tenantResourceLimits(ctx: Context) {
  const today = localNow(clock.now(), ctx.branch.timeZone).date;
  const rows = await crossBranch(ctx.runtime).resourceLimit.findMany({
    where: { tenantId: ctx.branch.tenantId },
    orderBy: [{ startDate: "desc" }, { createdAt: "desc" }],
  });
  const picked = CATEGORIES.flatMap((c) => {
    const mine = rows.filter((r) => r.category === c);
    const current = mine.find((r) => day(r.startDate) <= today && day(r.endDate) >= today);
    return current ? [current] : mine.slice(0, 1);
  });
  return withTenantNames(ctx, picked);
}

const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must be YYYY-MM-DD.");
const percent = (label: string, max: number) =>
  z
    .number()
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be between 1 and ${max}.`)
    .max(max, `${label} must be between 1 and ${max}.`);

const limitFields = z.object({
  category: z.enum(["CALLS", "ROUTE_DIRECTIONS_WITHOUT_TRAFFIC", "ROUTE_DIRECTIONS_WITH_TRAFFIC", "TEXTS"]),
  startDate: dateString,
  endDate: dateString,
  limit: z
    .number()
    .int("The limit must be a whole number.")
    .min(0, "The limit cannot be negative.")
    .max(1_000_000_000, "The limit is too large."),
  used: z.number().int("Used must be a whole number.").min(0, "Used cannot be negative.").default(0),
  warningPercent: percent("The warning percent", 100),
  cutoffPercent: percent("The cutoff percent", 200),
});
const checked = <T extends z.ZodType<z.infer<typeof limitFields>>>(s: T) =>
  s
    .refine((v) => v.endDate >= v.startDate, "The period must end on or after its start.")
    .refine((v) => v.warningPercent <= v.cutoffPercent, "The warning percent must not be above the cutoff percent.");

const createSchema = checked(limitFields.extend({ tenantId: z.string().min(1) }));
const updateSchema = checked(limitFields.extend({ id: z.string().min(1) }));

const toDate = (s: string) => new Date(`${s}T00:00:00Z`);

async function createResourceLimit(ctx: Context, raw: unknown) {
  const v = parseInput(createSchema, raw);
  const p = crossBranch(ctx.runtime);
  if (!(await p.tenant.findUnique({ where: { id: v.tenantId } })))
    throw new AppError("NOT_FOUND", "This tenant does not exist.");
  const row = await p.resourceLimit.create({
    data: { ...v, startDate: toDate(v.startDate), endDate: toDate(v.endDate), lastUpdated: clock.now() },
  });
  return (await withTenantNames(ctx, [row]))[0]!;
}

async function updateResourceLimit(ctx: Context, raw: unknown) {
  const { id, ...v } = parseInput(updateSchema, raw);
  const p = crossBranch(ctx.runtime);
  if (!(await p.resourceLimit.findUnique({ where: { id } })))
    throw new AppError("NOT_FOUND", "This resource limit does not exist.");
  const row = await p.resourceLimit.update({
    where: { id },
    data: { ...v, startDate: toDate(v.startDate), endDate: toDate(v.endDate), lastUpdated: clock.now() },
  });
  return (await withTenantNames(ctx, [row]))[0]!;
}

const ResourceLimitRef = builder.objectRef<Row>("ResourceLimit").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    tenantId: t.exposeID("tenantId"),
    tenantName: t.exposeString("tenantName"),
    category: t.field({ type: ResourceLimitCategoryEnum, resolve: (r) => r.category }),
    startDate: t.field({ type: "Date", resolve: (r) => r.startDate }),
    endDate: t.field({ type: "Date", resolve: (r) => r.endDate }),
    limit: t.exposeInt("limit"),
    used: t.exposeInt("used"),
    warningPercent: t.exposeInt("warningPercent"),
    cutoffPercent: t.exposeInt("cutoffPercent"),
    usedPercent: t.float({
      description: "used / limit × 100 (0 when the limit is 0).",
      resolve: (r) => (r.limit > 0 ? Math.round((r.used / r.limit) * 1000) / 10 : 0),
    }),
    lastUpdated: t.expose("lastUpdated", { type: "DateTime" }),
  }),
});

/** What a limit is written with, whether made (for a tenant) or edited (by its id). */
const limitInputFields = (t: InputFieldBuilder) => ({
  category: t.field({ type: ResourceLimitCategoryEnum, required: true }),
  startDate: t.field({ type: "Date", required: true }),
  endDate: t.field({ type: "Date", required: true }),
  limit: t.int({ required: true }),
  used: t.int(),
  warningPercent: t.int({ required: true }),
  cutoffPercent: t.int({ required: true }),
});

const CreateResourceLimitInput = builder.inputType("CreateResourceLimitInput", {
  fields: (t) => ({ tenantId: t.id({ required: true }), ...limitInputFields(t) }),
});

const UpdateResourceLimitInput = builder.inputType("UpdateResourceLimitInput", {
  fields: (t) => ({ id: t.id({ required: true }), ...limitInputFields(t) }),
});

const SCOPE = { superAdmin: true } as const;

builder.queryFields((t) => ({
  resourceLimits: t.field({
    type: [ResourceLimitRef],
    description: "Every limit of a tenant, by category, newest period first.",
    authScopes: SCOPE,
    args: { tenantId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => resourceLimits(ctx, a.tenantId),
  }),
  mostRecentResourceLimits: t.field({
    type: [ResourceLimitRef],
    description: "For every tenant and category, the limit with the latest period.",
    authScopes: SCOPE,
    resolve: (_r, _a, ctx) => mostRecentResourceLimits(ctx),
  }),
  tenantResourceLimits: t.field({
    type: [ResourceLimitRef],
    description: "This branch's tenant's limits in force today (else each category's latest).",
    authScopes: { permission: "TEAM_CONFIGURATION" },
    resolve: (_r, _a, ctx) => tenantResourceLimits(ctx),
  }),
}));

builder.mutationFields((t) => ({
  createResourceLimit: t.field({
    type: ResourceLimitRef,
    authScopes: SCOPE,
    args: { input: t.arg({ type: CreateResourceLimitInput, required: true }) },
    resolve: (_r, { input }, ctx) => createResourceLimit(ctx, { ...withoutNulls(input), tenantId: input.tenantId }),
  }),
  updateResourceLimit: t.field({
    type: ResourceLimitRef,
    authScopes: SCOPE,
    args: { input: t.arg({ type: UpdateResourceLimitInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateResourceLimit(ctx, { ...withoutNulls(input), id: input.id }),
  }),
}));
