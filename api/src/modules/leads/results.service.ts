import { visibleLeadsWhere } from "../../auth/lead-access.ts";
import type { Lead } from "../../generated/prisma/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import {
  bucketLabel,
  bucketsOf,
  cellInput,
  FUNNEL_ORDER,
  type FunnelBucket,
  pageInput,
  periodInput,
  type ResultGroup,
  type ResultPeriod,
} from "./results.rules.ts";
import { contactMinutes, factsCte, labelJoin, metricSql, type Needs, needsOf, type Scope } from "./results.sql.ts";

// The lead results: how many leads came in and what became of them, grouped by source, form, zone,
// person or period; the sales funnel; appointments per setter and source; milestones reached. Each
// report is one statement (results.sql.ts); each of its numbers can be opened as the leads behind it
// (leadResultLeads), chosen by the same SQL. A report's period picks leads by the branch day they came in.

const sql = Prisma.sql;
const n = (v: bigint | number | null | undefined) => Number(v ?? 0);

async function scopeOf(ctx: Context, period: { from: string; to: string }): Promise<Scope> {
  const p = parseInput(periodInput, period);
  return {
    branch: sql`${ctx.branch.id}`,
    visible: await visibleLeadsWhere(ctx),
    timeZone: ctx.branch.timeZone,
    from: p.from,
    to: p.to,
  };
}

type Bucket = { key: string; label: string; isTotal: boolean };

/** Rows of one group (with names, "" for none; every period bucket, quiet ones as zero) and the total. */
function shapeRows<R extends { key: string | null; label: string | null; total: number }>(
  rows: R[],
  groupBy: ResultGroup,
  period: ResultPeriod,
  from: string,
  to: string,
  zero: (key: string) => R,
): (R & Bucket)[] {
  const total = rows.find((r) => r.total === 1) ?? zero("");
  let groups = rows.filter((r) => r.total !== 1);
  if (groupBy === "PERIOD") {
    const byKey = new Map(groups.map((r) => [r.key ?? "", r]));
    groups = bucketsOf(from, to, period).map((k) => byKey.get(k) ?? zero(k));
  }
  const none: Record<ResultGroup, string> = {
    SOURCE: "No source",
    FORM: "No form",
    ZONE: "No zone",
    PERSON: "Unassigned",
    PERIOD: "",
  };
  const named = groups.map((r) => {
    const key = r.key ?? "";
    const label = groupBy === "PERIOD" ? bucketLabel(key, period) : key ? (r.label ?? "(removed)") : none[groupBy];
    return { ...r, key, label, isTotal: false };
  });
  return [...named, { ...total, key: "", label: "Total", isTotal: true }];
}

export type AnalyticsRow = Bucket & {
  leads: number;
  unassigned: number;
  assigned: number;
  discarded: number;
  converted: number;
  contacted: number;
  conversionRate: number;
  medianMinutesToFirstContact: number | null;
};
type GroupArgs = { from: string; to: string; groupBy: ResultGroup; period?: ResultPeriod | null };

/** Leads in, by status now, converted, contacted and the median time to first contact, per group and in all. */
export async function leadAnalytics(ctx: Context, args: GroupArgs): Promise<AnalyticsRow[]> {
  const scope = await scopeOf(ctx, args);
  const period = args.period ?? "WEEK";
  const { join, label } = labelJoin(scope.branch, args.groupBy);
  type Raw = { key: string | null; label: string | null; total: number; [k: string]: unknown };
  const raw = await ctx.db.$branchQuery<Raw>(
    () => sql`${factsCte(scope, { groupBy: args.groupBy, period, contact: true })}
      SELECT g.*, ${label} AS "label" FROM (
        SELECT f."key", GROUPING(f."key")::int AS "total", count(*) AS "leads",
          count(*) FILTER (WHERE ${metricSql("UNASSIGNED")}) AS "unassigned",
          count(*) FILTER (WHERE ${metricSql("ASSIGNED")}) AS "assigned",
          count(*) FILTER (WHERE ${metricSql("DISCARDED")}) AS "discarded",
          count(*) FILTER (WHERE ${metricSql("CONVERTED")}) AS "converted",
          count(*) FILTER (WHERE ${metricSql("CONTACTED")}) AS "contacted",
          percentile_cont(0.5) WITHIN GROUP (ORDER BY ${contactMinutes}) AS "median"
        FROM f GROUP BY GROUPING SETS ((f."key"), ())
      ) g ${join}
      ORDER BY "leads" DESC, "label" ASC NULLS LAST, g."key" ASC`,
  );
  const rows = raw.map((r) => {
    const leads = n(r.leads as bigint);
    const converted = n(r.converted as bigint);
    return {
      key: r.key,
      label: r.label,
      total: r.total,
      leads,
      unassigned: n(r.unassigned as bigint),
      assigned: n(r.assigned as bigint),
      discarded: n(r.discarded as bigint),
      converted,
      contacted: n(r.contacted as bigint),
      conversionRate: leads ? converted / leads : 0,
      medianMinutesToFirstContact: r.median == null ? null : Math.round(Number(r.median) * 10) / 10,
    };
  });
  const zero = (key: string) => ({
    key,
    label: null,
    total: 0,
    leads: 0,
    unassigned: 0,
    assigned: 0,
    discarded: 0,
    converted: 0,
    contacted: 0,
    conversionRate: 0,
    medianMinutesToFirstContact: null,
  });
  return shapeRows(rows, args.groupBy, period, scope.from, scope.to, zero);
}

export type ResultsRow = Bucket & { leads: number; sold: number; lost: number; open: number; soldRate: number };

/** What became of the leads: sold, lost, still open, per group and in all. */
export async function leadResults(ctx: Context, args: GroupArgs): Promise<ResultsRow[]> {
  const scope = await scopeOf(ctx, args);
  const period = args.period ?? "WEEK";
  const { join, label } = labelJoin(scope.branch, args.groupBy);
  type Raw = { key: string | null; label: string | null; total: number; leads: bigint; sold: bigint; lost: bigint };
  const raw = await ctx.db.$branchQuery<Raw & { open: bigint }>(
    () => sql`${factsCte(scope, { groupBy: args.groupBy, period, outcome: true })}
      SELECT g.*, ${label} AS "label" FROM (
        SELECT f."key", GROUPING(f."key")::int AS "total", count(*) AS "leads",
          count(*) FILTER (WHERE ${metricSql("SOLD")}) AS "sold",
          count(*) FILTER (WHERE ${metricSql("LOST")}) AS "lost",
          count(*) FILTER (WHERE ${metricSql("OPEN")}) AS "open"
        FROM f GROUP BY GROUPING SETS ((f."key"), ())
      ) g ${join}
      ORDER BY "leads" DESC, "label" ASC NULLS LAST, g."key" ASC`,
  );
  const rows = raw.map((r) => ({
    key: r.key,
    label: r.label,
    total: r.total,
    leads: n(r.leads),
    sold: n(r.sold),
    lost: n(r.lost),
    open: n(r.open),
    soldRate: n(r.leads) ? n(r.sold) / n(r.leads) : 0,
  }));
  const zero = (key: string) => ({ key, label: null, total: 0, leads: 0, sold: 0, lost: 0, open: 0, soldRate: 0 });
  return shapeRows(rows, args.groupBy, period, scope.from, scope.to, zero);
}

export type FunnelRow = { position: FunnelBucket; leads: number; share: number };

/** The period's leads by the funnel position of the step their latest thread reached (NONE: no thread). */
export async function salesFunnel(
  ctx: Context,
  args: { from: string; to: string; projectId?: string | null },
): Promise<FunnelRow[]> {
  const scope = await scopeOf(ctx, args);
  const raw = await ctx.db.$branchQuery<{ position: string; leads: bigint }>(
    () => sql`${factsCte(scope, { funnel: { projectId: args.projectId || null } })}
      SELECT f."position", count(*) AS "leads" FROM f GROUP BY f."position"`,
  );
  const by = new Map(raw.map((r) => [r.position, n(r.leads)]));
  const all = [...by.values()].reduce((a, b) => a + b, 0);
  return FUNNEL_ORDER.map((position) => {
    const leads = by.get(position) ?? 0;
    return { position, leads, share: all ? leads / all : 0 };
  });
}

export type AppointmentRow = {
  setterId: string;
  setterName: string;
  sourceId: string;
  sourceName: string;
  isTotal: boolean;
  appointments: number;
  converted: number;
  sold: number;
};

/** Leads with an appointment, per setter and source (and in all): how many, converted and sold. */
export async function appointmentSetResults(
  ctx: Context,
  args: { from: string; to: string },
): Promise<AppointmentRow[]> {
  const scope = await scopeOf(ctx, args);
  const setter = labelJoin(scope.branch, "SETTER", sql`g."setter"`);
  const raw = await ctx.db.$branchQuery<{
    setter: string | null;
    source: string | null;
    total: number;
    setterName: string | null;
    sourceName: string | null;
    appointments: bigint;
    converted: bigint;
    sold: bigint;
  }>(
    (branch) => sql`${factsCte(scope, { outcome: true })}
      SELECT g.*, ${setter.label} AS "setterName", ls."name" AS "sourceName" FROM (
        SELECT f."setter", COALESCE(f."leadSourceId", '') AS "source",
          GROUPING(f."setter")::int AS "total", count(*) AS "appointments",
          count(*) FILTER (WHERE ${metricSql("CONVERTED")}) AS "converted",
          count(*) FILTER (WHERE ${metricSql("SOLD")}) AS "sold"
        FROM f WHERE f."appointment" IS NOT NULL
        GROUP BY GROUPING SETS ((f."setter", COALESCE(f."leadSourceId", '')), ())
      ) g ${setter.join}
      LEFT JOIN "LeadSource" ls ON ls."id" = g."source" AND ls."branchId" = ${branch}
      ORDER BY g."total" ASC, "setterName" ASC NULLS LAST, g."setter" ASC, "appointments" DESC, "sourceName" ASC NULLS LAST`,
  );
  const rows = raw.map((r) => ({
    setterId: r.total ? "" : (r.setter ?? ""),
    setterName: r.total ? "Total" : r.setter ? (r.setterName ?? "(removed)") : "No setter",
    sourceId: r.total ? "" : (r.source ?? ""),
    sourceName: r.total ? "" : r.source ? (r.sourceName ?? "(removed)") : "No source",
    isTotal: r.total === 1,
    appointments: n(r.appointments),
    converted: n(r.converted),
    sold: n(r.sold),
  }));
  if (!rows.some((r) => r.isTotal))
    rows.push({
      setterId: "",
      setterName: "Total",
      sourceId: "",
      sourceName: "",
      isTotal: true,
      appointments: 0,
      converted: 0,
      sold: 0,
    });
  return rows;
}

export type MilestoneRow = { milestoneId: string; name: string; leads: number; share: number };

/** Every milestone of the branch with how many of the period's leads reached it (and their share). */
export async function leadMilestoneStats(ctx: Context, args: { from: string; to: string }): Promise<MilestoneRow[]> {
  const scope = await scopeOf(ctx, args);
  const raw = await ctx.db.$branchQuery<{ id: string; name: string; leads: bigint; all: bigint }>(
    (branch) => sql`${factsCte(scope, {})}
      SELECT m."id", m."name", count(DISTINCT f."id") AS "leads", (SELECT count(*) FROM f) AS "all"
      FROM "ProjectMilestone" m
      LEFT JOIN ("ProjectStep" s
        JOIN "Activity" a ON a."stepId" = s."id" AND a."branchId" = s."branchId" AND a."status" IN ('ACTIVE', 'RESOLVED')
        JOIN "ProjectThread" t ON t."id" = a."threadId" AND t."branchId" = s."branchId"
        JOIN f ON f."id" = t."leadId") ON s."milestoneId" = m."id" AND s."branchId" = m."branchId"
      WHERE m."branchId" = ${branch}
      GROUP BY m."id", m."name", m."sortOrder"
      ORDER BY m."sortOrder" ASC, m."name" ASC`,
  );
  return raw.map((r) => ({
    milestoneId: r.id,
    name: r.name,
    leads: n(r.leads),
    share: n(r.all) ? n(r.leads) / n(r.all) : 0,
  }));
}

export type LeadPage = { totalCount: number; leads: Lead[] };

/** The leads behind one number of a report, newest first, a page at a time. */
export async function leadResultLeads(
  ctx: Context,
  cellArgs: unknown,
  pageArgs: { skip?: number | null; take?: number | null },
): Promise<LeadPage> {
  const cell = parseInput(cellInput, cellArgs);
  const page = parseInput(pageInput, { skip: pageArgs.skip ?? undefined, take: pageArgs.take ?? undefined });
  const scope = await scopeOf(ctx, cell);
  const needs: Needs = {
    ...needsOf(cell.metric),
    groupBy: cell.groupBy,
    period: cell.period,
    funnel: cell.metric === "FUNNEL" ? { projectId: cell.projectId || null } : undefined,
    milestoneId: cell.metric === "MILESTONE" ? cell.milestoneId : undefined,
  };
  const where = [metricSql(cell.metric, cell.funnelPosition)];
  if (cell.groupBy && cell.key !== undefined) where.push(sql`f."key" = ${cell.key}`);
  if (cell.appointmentsOnly || cell.setterId !== undefined) where.push(sql`f."appointment" IS NOT NULL`);
  if (cell.setterId !== undefined) where.push(sql`f."setter" = ${cell.setterId}`);
  const cond = Prisma.join(where, " AND ");
  const [count] = await ctx.db.$branchQuery<{ count: bigint }>(
    () => sql`${factsCte(scope, needs)} SELECT count(*) AS "count" FROM f WHERE ${cond}`,
  );
  const totalCount = n(count?.count);
  if (!totalCount || page.skip >= totalCount) return { totalCount, leads: [] };
  const ids = await ctx.db.$branchQuery<{ id: string }>(
    () => sql`${factsCte(scope, needs)} SELECT f."id" FROM f WHERE ${cond}
      ORDER BY f."enteredTime" DESC, f."id" DESC LIMIT ${page.take} OFFSET ${page.skip}`,
  );
  const order = ids.map((r) => r.id);
  const found = await ctx.db.lead.findMany({ where: { AND: [scope.visible, { id: { in: order } }] } });
  const byId = new Map(found.map((l) => [l.id, l]));
  return { totalCount, leads: order.flatMap((id) => byId.get(id) ?? []) };
}
