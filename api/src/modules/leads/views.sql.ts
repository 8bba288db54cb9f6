import type { ScopedDb } from "../../db/scoped.ts";
import type { Lead } from "../../generated/prisma/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { LeadSortField } from "../../shared/lead-sort-fields.ts";
import type { JoinedLeadNames } from "./lead.types.ts";
import { type LeadFilter, type LeadGroupBy, type LeadOrder, LIMITS } from "./views.rules.ts";

// The SQL of a view: one WHERE clause for its page, its total and its group counts, so the three always
// agree. Written by hand (not Prisma's findMany) so the page and the counts are the statements the
// indexes on Lead serve: (branchId, enteredTime) for the default order, (branchId, status|leadSourceId|
// personId|leadFormId|zoneId, enteredTime) when a filter names one of those. The branch is bound by
// $branchQuery; who may see which lead is visibleLeadsWhere's clause, written here as SQL.

const sql = Prisma.sql;
type Db = Pick<ScopedDb, "$branchQuery">;

/**
 * visibleLeadsWhere's clause as SQL. It knows the clause's shapes (not merged; zone in a list) and
 * refuses any other, so a rule added there cannot be silently left out here (the tests would fail).
 */
function visibleSql(visible: Prisma.LeadWhereInput): Prisma.Sql[] {
  return Object.entries(visible).map(([key, value]) => {
    if (key === "mergedIntoId" && value === null) return sql`l."mergedIntoId" IS NULL`;
    if (key === "zoneId" && value && typeof value === "object" && Array.isArray((value as { in?: unknown }).in))
      return sql`l."zoneId" = ANY(${(value as { in: string[] }).in}::text[])`;
    throw new Error(`views.sql.ts cannot write the visibility rule "${key}" as SQL`);
  });
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchSql(search: string): Prisma.Sql {
  const p = likePattern(search);
  const or = [
    sql`(l."firstName" || ' ' || l."lastName") ILIKE ${p}`,
    sql`l.email ILIKE ${p}`,
    sql`l.phone ILIKE ${p}`,
    sql`l.address ILIKE ${p}`,
    sql`l.city ILIKE ${p}`,
  ];
  const digits = search.replace(/\D/g, "");
  if (digits.length >= 4) or.push(sql`l."phoneE164" LIKE ${likePattern(digits)}`);
  const number = /^#?\d{1,9}$/.test(search) ? Number(search.replace("#", "")) : null;
  if (number !== null) or.push(sql`l.number = ${number}`);
  return sql`(${Prisma.join(or, " OR ")})`;
}

/** A custom field's value as the filter compares it: its one typed slot as text, whatever the type. */
function customFieldSql(branch: Prisma.Sql, fieldId: string, value: string): Prisma.Sql {
  const text = sql`coalesce(v."valueString", v."valueStringMax", v."valueInt"::text, trim_scale(v."valueDecimal")::text,
    v."valueBool"::text, to_char(v."valueDateTime", 'YYYY-MM-DD'))`;
  const match = value === "" ? sql`${text} IS NOT NULL` : sql`lower(${text}) = lower(${value})`;
  return sql`EXISTS (SELECT 1 FROM "CustomFieldValue" v WHERE v."branchId" = ${branch}
    AND v."tableId" = 'LEAD'::"TableIdentifier" AND v."recordId" = l.id AND v."fieldId" = ${fieldId} AND ${match})`;
}

/** The WHERE of every statement below: the branch, what the viewer may see, then the filter. */
export function whereSql(branch: Prisma.Sql, visible: Prisma.LeadWhereInput, f: LeadFilter, now: Date): Prisma.Sql {
  const parts = [sql`l."branchId" = ${branch}`, ...visibleSql(visible)];
  const ids: [string[] | undefined, string][] = [
    [f.formIds, "leadFormId"],
    [f.personIds, "personId"],
    [f.sourceIds, "leadSourceId"],
    [f.zoneIds, "zoneId"],
  ];
  for (const [list, column] of ids)
    if (list?.length) parts.push(sql`l.${Prisma.raw(`"${column}"`)} = ANY(${list}::text[])`);
  if (f.statuses?.length) parts.push(sql`l.status = ANY(${f.statuses}::"LeadStatus"[])`);
  const from = f.from ?? (f.lastDays ? new Date(now.getTime() - f.lastDays * 86_400_000) : undefined);
  if (from) parts.push(sql`l."enteredTime" >= ${from}`);
  if (f.to) parts.push(sql`l."enteredTime" < ${f.to}`);
  if (f.search) parts.push(searchSql(f.search));
  for (const c of f.customFields ?? []) parts.push(customFieldSql(branch, c.fieldId, c.value));
  return Prisma.join(parts, " AND ");
}

const NULLABLE: ReadonlySet<LeadSortField> = new Set(["appointment"]);

function orderSql(order: LeadOrder): Prisma.Sql {
  const keys = order.length ? order : [{ field: "enteredTime" as const, ascending: false }];
  const parts = keys.map(({ field, ascending }) => {
    const nulls = NULLABLE.has(field) ? " NULLS LAST" : "";
    return Prisma.raw(`l."${field}" ${ascending ? "ASC" : "DESC"}${nulls}`);
  });
  // The lead number breaks ties, in the first key's direction, so a page never repeats or skips a lead.
  parts.push(Prisma.raw(`l.number ${keys[0]!.ascending ? "ASC" : "DESC"}`));
  return Prisma.join(parts, ", ");
}

export type Where = (branch: Prisma.Sql) => Prisma.Sql;

/**
 * One page of leads, in order, with the names a list shows (its person's, source's, form's, zone's and
 * discard reason's) joined in the same statement: the page is one statement however many names it shows
 * (LeadRef answers a joined name as is, and reads the others by its loaders). The names are joined to
 * the page's rows only (after LIMIT), each within the branch, so the index scan is the same as without.
 */
export async function pageOfLeads(
  db: Db,
  where: Where,
  order: LeadOrder,
  skip: number,
  take: number,
): Promise<(Lead & JoinedLeadNames)[]> {
  type Row = Lead & Omit<JoinedLeadNames, "personName"> & { personFirst: string | null; personLast: string | null };
  const rows = await db.$branchQuery<Row>(
    (branch) => sql`SELECT l.*, p."firstName" AS "personFirst", p."lastName" AS "personLast",
        s.name AS "leadSourceName", fo.name AS "leadFormName", z.name AS "zoneName", r.name AS "discardReasonName"
      FROM (SELECT l.* FROM "Lead" l WHERE ${where(branch)} ORDER BY ${orderSql(order)}
        LIMIT ${take} OFFSET ${skip}) l
      LEFT JOIN "Person" p ON p.id = l."personId" AND p."branchId" = ${branch}
      LEFT JOIN "LeadSource" s ON s.id = l."leadSourceId" AND s."branchId" = ${branch}
      LEFT JOIN "LeadForm" fo ON fo.id = l."leadFormId" AND fo."branchId" = ${branch}
      LEFT JOIN "TerritoryZone" z ON z.id = l."zoneId" AND z."branchId" = ${branch}
      LEFT JOIN "DiscardReason" r ON r.id = l."discardReasonId" AND r."branchId" = ${branch}
      ORDER BY ${orderSql(order)}`,
  );
  return rows.map(({ personFirst, personLast, ...lead }) => ({
    ...lead,
    // As LeadRef words it: first and last name, trimmed; null when unassigned (or the person is gone).
    personName: personFirst === null ? null : `${personFirst} ${personLast ?? ""}`.trim(),
  }));
}

/** How many leads match, counted up to LIMITS.totalCap + 1 (more is answered as "10,000+"). */
export async function cappedCount(db: Db, where: Where): Promise<{ total: number; capped: boolean }> {
  const [row] = await db.$branchQuery<{ n: number }>(
    (branch) => sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM "Lead" l WHERE ${where(branch)}
      LIMIT ${LIMITS.totalCap + 1}) t`,
  );
  const n = row?.n ?? 0;
  return n > LIMITS.totalCap ? { total: LIMITS.totalCap, capped: true } : { total: n, capped: false };
}

function groupKeySql(groupBy: LeadGroupBy, timeZone: string): Prisma.Sql {
  const local = sql`(l."enteredTime" AT TIME ZONE 'UTC' AT TIME ZONE ${timeZone})`;
  switch (groupBy) {
    case "STATUS":
      return sql`l.status::text`;
    case "SOURCE":
      return sql`l."leadSourceId"`;
    case "PERSON":
      return sql`l."personId"`;
    case "FORM":
      return sql`l."leadFormId"`;
    case "ZONE":
      return sql`l."zoneId"`;
    case "DAY":
      return sql`to_char(${local}, 'YYYY-MM-DD')`;
    case "WEEK":
      return sql`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`;
    case "MONTH":
      return sql`to_char(${local}, 'YYYY-MM')`;
  }
}

export const isTimeGroup = (g: LeadGroupBy) => g === "DAY" || g === "WEEK" || g === "MONTH";

/** The table whose name labels a group's key (joined to the groups, within the branch). */
const NAMED: Partial<Record<LeadGroupBy, { table: string; name: string }>> = {
  SOURCE: { table: "LeadSource", name: `x.name` },
  FORM: { table: "LeadForm", name: `x.name` },
  ZONE: { table: "TerritoryZone", name: `x.name` },
  PERSON: { table: "Person", name: `trim(x."firstName" || ' ' || x."lastName")` },
};

/**
 * Exact counts per group: by a field, the largest first; by day, week or month, the latest first (the
 * key is the period's first day in the branch's time zone). At most LIMITS.groups groups. A person's,
 * source's, form's or zone's name is joined to its group (null: none, or no longer there).
 */
export function groupCounts(db: Db, where: Where, groupBy: LeadGroupBy, timeZone: string) {
  const order = isTimeGroup(groupBy) ? sql`1 DESC` : sql`2 DESC, 1`;
  const named = NAMED[groupBy];
  return db.$branchQuery<{ key: string | null; count: number; name?: string | null }>((branch) => {
    const groups = sql`SELECT ${groupKeySql(groupBy, timeZone)} AS key, count(*)::int AS count
      FROM "Lead" l WHERE ${where(branch)} GROUP BY 1 ORDER BY ${order} LIMIT ${LIMITS.groups}`;
    if (!named) return groups;
    return sql`SELECT g.key, g.count, ${Prisma.raw(named.name)} AS name FROM (${groups}) g
      LEFT JOIN ${Prisma.raw(`"${named.table}"`)} x ON x.id = g.key AND x."branchId" = ${branch}
      ORDER BY g.count DESC, g.key`;
  });
}
