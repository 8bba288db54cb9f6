import { Prisma } from "../../generated/prisma/client.ts";
import type { ResultGroup, ResultMetric, ResultPeriod } from "./results.rules.ts";

// The SQL of the lead results. Every report and every drill-down reads the same per-lead facts (one CTE,
// `f`): the leads that came in during the period's branch days and that the viewer may see, each with
// the facts a report counts by (its bucket's key, status, customer, first contact, outcome, funnel
// position, milestone). A report is ONE GROUP BY over them; a drill-down is the same CTE filtered by
// the same words, so the leads behind a number are exactly the leads it counted.
//
// Words shared by every report:
//  - work on a lead: an ACTIVE or RESOLVED activity on one of its project threads (cancelled and deleted
//    activities are not work);
//  - first contact: the earliest of its first work entered, its first note by a person, and its first
//    history entry by a person that is not its creation nor a merge/unmerge;
//  - sold: work at a SUCCESS step; lost: work at a FAILURE step and none at a SUCCESS one; open: neither;
//  - funnel position: the position of the furthest step (sortLevel) with work on its latest thread with
//    work (of the project, when one is chosen), NONE without;
//  - milestone reached: work at a step of the milestone.

const sql = Prisma.sql;

/** visibleLeadsWhere's clause as SQL; any shape it does not know is refused, so a new rule cannot be missed. */
export function visibleSql(visible: Prisma.LeadWhereInput): Prisma.Sql[] {
  return Object.entries(visible).map(([key, value]) => {
    if (key === "mergedIntoId" && value === null) return sql`l."mergedIntoId" IS NULL`;
    if (key === "zoneId" && value && typeof value === "object" && Array.isArray((value as { in?: unknown }).in))
      return sql`l."zoneId" = ANY(${(value as { in: string[] }).in}::text[])`;
    throw new Error(`results.sql.ts cannot write the visibility rule "${key}" as SQL`);
  });
}

export type Scope = {
  branch: Prisma.Sql;
  visible: Prisma.LeadWhereInput;
  timeZone: string;
  from: string;
  to: string;
};

/** Which facts a statement needs (each costs one more aggregate over the period's leads). */
export type Needs = {
  groupBy?: ResultGroup;
  period?: ResultPeriod;
  /** The appointment setter as a second key ("" = none). */
  setter?: boolean;
  contact?: boolean;
  outcome?: boolean;
  funnel?: { projectId: string | null };
  milestoneId?: string;
};

const work = sql`a."status" IN ('ACTIVE', 'RESOLVED')`;
/**
 * The work on the period's leads (fl): their project threads' ACTIVE or RESOLVED activities. The branch
 * is a constant, not fl."branchId": joined through fl, PostgreSQL paired every lead with every step of
 * the branch before looking up its threads (the funnel: 4.5 s for 83,500 leads of a 1M branch).
 */
const workOfLeads = (
  branch: Prisma.Sql,
) => sql`FROM fl JOIN "ProjectThread" t ON t."branchId" = ${branch} AND t."leadId" = fl."id"
  JOIN "Activity" a ON a."threadId" = t."id" AND a."branchId" = t."branchId" AND ${work}`;
const stepJoin = sql`JOIN "ProjectStep" s ON s."id" = a."stepId" AND s."branchId" = t."branchId"`;

/** The branch day's wall time as the UTC instant the columns hold (timestamp without time zone, UTC). */
const startOf = (day: Prisma.Sql, tz: string) => sql`((${day})::timestamp AT TIME ZONE ${tz}) AT TIME ZONE 'UTC'`;
/** A column's UTC instant as the branch's wall time. */
const localOf = (column: Prisma.Sql, tz: string) => sql`((${column}) AT TIME ZONE 'UTC') AT TIME ZONE ${tz}`;

const periodUnit: Record<ResultPeriod, string> = { DAY: "day", WEEK: "week", MONTH: "month" };

function keySql(groupBy: ResultGroup, period: ResultPeriod, tz: string): Prisma.Sql {
  switch (groupBy) {
    case "SOURCE":
      return sql`COALESCE(l."leadSourceId", '')`;
    case "FORM":
      return sql`COALESCE(l."leadFormId", '')`;
    case "ZONE":
      return sql`COALESCE(l."zoneId", '')`;
    case "PERSON":
      return sql`COALESCE(l."personId", '')`;
    case "PERIOD":
      return sql`to_char(date_trunc(${periodUnit[period]}, ${localOf(sql`l."enteredTime"`, tz)}), 'YYYY-MM-DD')`;
  }
}

/** A bucket's name, joined after grouping (g.key is the id, "" for none). */
export function labelJoin(branch: Prisma.Sql, groupBy: ResultGroup | "SETTER", key = sql`g."key"`) {
  const on = (table: string) =>
    sql`LEFT JOIN ${Prisma.raw(`"${table}"`)} x ON x."id" = ${key} AND x."branchId" = ${branch}`;
  switch (groupBy) {
    case "SOURCE":
      return { join: on("LeadSource"), label: sql`x."name"` };
    case "FORM":
      return { join: on("LeadForm"), label: sql`x."name"` };
    case "ZONE":
      return { join: on("TerritoryZone"), label: sql`x."name"` };
    case "PERSON":
    case "SETTER":
      return { join: on("Person"), label: sql`NULLIF(btrim(x."firstName" || ' ' || x."lastName"), '')` };
    case "PERIOD":
      return { join: sql``, label: sql`NULL::text` };
  }
}

/**
 * WITH f AS (the period's visible leads and the facts `needs` asks for). Set-wise: the period's leads
 * (`fl`) first, then each fact aggregated once over all of them (a GROUP BY or DISTINCT ON per fact, in
 * its own CTE), then one LEFT JOIN of those to the leads. A subquery per lead instead probed threads,
 * notes and history once per lead, which made the 12-month reports 2-4x the set-wise SQL (decision 0880);
 * only sold/lost stay probes (EXISTS stops at the first row, and measured faster).
 */
export function factsCte(scope: Scope, needs: Needs): Prisma.Sql {
  const { branch, timeZone: tz } = scope;
  const columns = [
    sql`l."id"`,
    sql`l."branchId"`,
    sql`l."enteredTime"`,
    sql`l."status"::text AS "status"`,
    sql`l."customerId"`,
    sql`l."leadSourceId"`,
    sql`l."appointment"`,
    sql`COALESCE(l."setterPersonId", '') AS "setter"`,
  ];
  if (needs.groupBy) columns.push(sql`${keySql(needs.groupBy, needs.period ?? "WEEK", tz)} AS "key"`);
  const where = [
    sql`l."branchId" = ${branch}`,
    ...visibleSql(scope.visible),
    sql`l."enteredTime" >= ${startOf(sql`${scope.from}::date`, tz)}`,
    sql`l."enteredTime" < ${startOf(sql`${scope.to}::date + 1`, tz)}`,
  ];
  const ctes = [sql`fl AS (SELECT ${Prisma.join(columns, ", ")} FROM "Lead" l WHERE ${Prisma.join(where, " AND ")})`];
  const facts = [sql`fl.*`];
  const joins = [sql``];
  /** A fact per lead as its own CTE (one row per lead that has it), LEFT JOINed to the leads. */
  const fact = (name: string, body: Prisma.Sql) => {
    ctes.push(sql`${Prisma.raw(name)} AS (${body})`);
    joins.push(sql`LEFT JOIN ${Prisma.raw(name)} ON ${Prisma.raw(name)}."leadId" = fl."id"`);
  };
  if (needs.contact) {
    fact("fw", sql`SELECT t."leadId", min(a."enteredTime") AS "at" ${workOfLeads(branch)} GROUP BY t."leadId"`);
    fact(
      "fn",
      sql`SELECT n."leadId", min(n."createdAt") AS "at" FROM fl JOIN "LeadNote" n ON n."leadId" = fl."id"
        WHERE n."personId" IS NOT NULL GROUP BY n."leadId"`,
    );
    fact(
      "fc",
      sql`SELECT c."leadId", min(c."createdAt") AS "at" FROM fl JOIN "LeadChange" c ON c."leadId" = fl."id"
        WHERE c."personId" IS NOT NULL AND c."kind" NOT IN ('CREATED', 'MERGED', 'UNMERGED') GROUP BY c."leadId"`,
    );
    facts.push(sql`LEAST(fw."at", fn."at", fc."at") AS "firstContactAt"`);
  }
  if (needs.outcome) {
    // Two probes per lead (EXISTS, stopping at the first row) measured faster here than a bool_or
    // GROUP BY over all the leads' work (0.6 s against 1.6 s for 199,000 leads, decision 0880).
    const reached = (position: string) =>
      sql`EXISTS (SELECT 1 FROM "ProjectThread" t
        JOIN "Activity" a ON a."threadId" = t."id" AND a."branchId" = t."branchId" AND ${work} ${stepJoin}
        WHERE t."branchId" = fl."branchId" AND t."leadId" = fl."id" AND s."funnelPosition" = ${position}::"FunnelPosition")`;
    facts.push(sql`${reached("SUCCESS")} AS "sold"`, sql`${reached("FAILURE")} AS "lost"`);
  }
  if (needs.funnel) {
    const project = needs.funnel.projectId ? sql`AND t."projectId" = ${needs.funnel.projectId}` : sql``;
    // Per lead: its latest thread with work (of the project), and on it the furthest step with work.
    fact(
      "fp",
      sql`SELECT DISTINCT ON (t."leadId") t."leadId", s."funnelPosition"::text AS "position"
        ${workOfLeads(branch)} ${stepJoin} ${project}
        ORDER BY t."leadId", t."createdAt" DESC, t."id" DESC, s."sortLevel" DESC, s."id" DESC`,
    );
    facts.push(sql`COALESCE(fp."position", 'NONE') AS "position"`);
  }
  if (needs.milestoneId) {
    fact(
      "fm",
      sql`SELECT DISTINCT t."leadId" ${workOfLeads(branch)} ${stepJoin} AND s."milestoneId" = ${needs.milestoneId}`,
    );
    facts.push(sql`(fm."leadId" IS NOT NULL) AS "milestone"`);
  }
  ctes.push(sql`f AS (SELECT ${Prisma.join(facts, ", ")} FROM fl ${Prisma.join(joins, " ")})`);
  return sql`WITH ${Prisma.join(ctes, ", ")}`;
}

/** A metric as a condition on f's row (the count's FILTER and the drill-down's WHERE). */
export function metricSql(metric: ResultMetric, funnelPosition?: string): Prisma.Sql {
  switch (metric) {
    case "LEADS":
      return sql`true`;
    case "UNASSIGNED":
    case "ASSIGNED":
    case "DISCARDED":
      return sql`f."status" = ${metric}`;
    case "CONVERTED":
      return sql`f."customerId" IS NOT NULL`;
    case "CONTACTED":
      return sql`f."firstContactAt" IS NOT NULL`;
    case "SOLD":
      return sql`f."sold"`;
    case "LOST":
      return sql`(f."lost" AND NOT f."sold")`;
    case "OPEN":
      return sql`NOT (f."sold" OR f."lost")`;
    case "FUNNEL":
      return sql`f."position" = ${funnelPosition ?? "NONE"}`;
    case "MILESTONE":
      return sql`f."milestone"`;
  }
}

/** Minutes from a lead's arrival to its first contact (never below zero). */
// A lead never contacted has no time to first contact (null, left out of the median); GREATEST alone
// would read its null as 0 minutes, since GREATEST ignores nulls.
export const contactMinutes = sql`CASE WHEN f."firstContactAt" IS NOT NULL
  THEN GREATEST(0, EXTRACT(EPOCH FROM (f."firstContactAt" - f."enteredTime")) / 60.0) END`;

/** The facts a metric needs. */
export function needsOf(metric: ResultMetric): Needs {
  if (metric === "CONTACTED") return { contact: true };
  if (metric === "SOLD" || metric === "LOST" || metric === "OPEN") return { outcome: true };
  return {};
}
