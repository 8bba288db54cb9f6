import type { ScopedDb } from "../../db/scoped.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { DUPLICATE_LIMITS, type DuplicateKey, NEAR_METRES } from "./duplicates.rules.ts";

// The duplicate scan: which key values more than one lead shares (or a lead shares with a customer),
// over the leads a person sees. One statement per page: an aggregate per key over the lead table
// (phone counts both of a lead's phones), the geocoded leads within 15 m of each other, the total and
// the page. Members of a page's groups are read after, at most DUPLICATE_LIMITS.leadsPerGroup each.
//
// Which leads: not merged away, not discarded (marking a lead a duplicate discards it, so the quick path
// takes it out of review), and, for a person held to zones, in those zones; the same rule as
// visibleLeadsWhere (lead-access.ts) for the raw statement, plus "not discarded".
//
// Near: a grid of 30 m cells laid four times, shifted by 15 m north and east, so two points within 15 m
// share a cell in at least one of the four; a cell with two leads is a candidate, and its members within
// 15 m (haversine) of the cell's oldest lead are the group, named after that lead's position. A near
// group whose leads all have one standardised address already is that address's group and is left out.

export type ScannedGroup = {
  kind: "PHONE" | "EMAIL" | "ADDRESS";
  value: string;
  leadCount: number;
  /** Near groups only: their members (newest first), as the scan found them. */
  ids: string[] | null;
  total: number;
};

type Scan = {
  key: DuplicateKey;
  zones: string[] | null;
  /** Key values customers hold ("PHONE:+1512...", "EMAIL:...", "ADDRESS:..."): a lone lead with one is a group. */
  customerKeys: string[];
  skip: number;
  take: number;
};

/** The visible, undiscarded leads of the branch, as a WHERE clause of "Lead" l. */
export const visibleSql = (branch: Prisma.Sql, zones: string[] | null) =>
  Prisma.sql`l."branchId" = ${branch} AND l."mergedIntoId" IS NULL AND l.status <> 'DISCARDED'${
    zones ? Prisma.sql` AND l."zoneId" = ANY(${zones}::text[])` : Prisma.empty
  }`;

function keyAggregates(key: DuplicateKey, visible: Prisma.Sql, customerKeys: string[]) {
  const has = (kind: string) => Prisma.sql`count(*) > 1 OR ${kind} || ':' || val = ANY(${customerKeys}::text[])`;
  const parts: Prisma.Sql[] = [];
  if (key === "PHONE" || key === "ALL")
    parts.push(Prisma.sql`
      SELECT 'PHONE' AS kind, val, count(*)::int AS n, max(t) AS latest, NULL::text[] AS ids FROM (
        SELECT l."phoneE164" AS val, l."enteredTime" AS t FROM "Lead" l WHERE ${visible} AND l."phoneE164" <> ''
        UNION ALL
        SELECT l."phone2E164", l."enteredTime" FROM "Lead" l
        WHERE ${visible} AND l."phone2E164" <> '' AND l."phone2E164" <> l."phoneE164"
      ) p GROUP BY val HAVING ${has("PHONE")}`);
  if (key === "EMAIL" || key === "ALL")
    parts.push(Prisma.sql`
      SELECT 'EMAIL', val, count(*)::int, max(t), NULL::text[] FROM (
        SELECT l."emailKey" AS val, l."enteredTime" AS t FROM "Lead" l WHERE ${visible} AND l."emailKey" <> ''
      ) e GROUP BY val HAVING ${has("EMAIL")}`);
  if (key === "ADDRESS" || key === "ALL")
    parts.push(
      Prisma.sql`
      SELECT 'ADDRESS', val, count(*)::int, max(t), NULL::text[] FROM (
        SELECT l."addressKey" AS val, l."enteredTime" AS t FROM "Lead" l WHERE ${visible} AND l."addressKey" <> ''
      ) a GROUP BY val HAVING ${has("ADDRESS")}`,
      nearGroups(visible),
    );
  return Prisma.join(parts, " UNION ALL ");
}

const CELL = NEAR_METRES * 2;
const M_PER_DEG = 111_320;

/** Geocoded leads within NEAR_METRES of a cell's oldest lead, where their typed addresses differ. */
function nearGroups(visible: Prisma.Sql) {
  return Prisma.sql`
    SELECT 'ADDRESS', 'near ' || round(flat::numeric, 5) || ', ' || round(flon::numeric, 5),
      count(DISTINCT id)::int, max(t), (array_agg(DISTINCT id))[1:${DUPLICATE_LIMITS.leadsPerGroup}]
    FROM (
      SELECT m.*, first_value(lat) OVER w AS flat, first_value(lon) OVER w AS flon, first_value(id) OVER w AS fid
      FROM (
        WITH cells AS (
          SELECT s, l.id, l."enteredTime" AS t, l."addressKey" AS a, l.latitude AS lat, l.longitude AS lon,
            floor(l.latitude * ${M_PER_DEG / CELL} + (s & 1) * 0.5)::bigint AS cy,
            floor(l.longitude * ${M_PER_DEG / CELL} * cos(radians(l.latitude)) + (s >> 1) * 0.5)::bigint AS cx
          FROM "Lead" l CROSS JOIN generate_series(0, 3) s
          WHERE ${visible} AND l.latitude IS NOT NULL AND l.longitude IS NOT NULL
        )
        SELECT c.* FROM cells c JOIN (
          SELECT s, cy, cx FROM cells GROUP BY s, cy, cx HAVING count(*) > 1 AND (min(a) = '' OR min(a) <> max(a))
        ) cand USING (s, cy, cx)
      ) m
      WINDOW w AS (PARTITION BY s, cy, cx ORDER BY t, id)
    ) near
    WHERE 2 * 6371000 * asin(least(1, sqrt(
      power(sin(radians(lat - flat) / 2), 2) + cos(radians(flat)) * cos(radians(lat)) * power(sin(radians(lon - flon) / 2), 2)
    ))) <= ${NEAR_METRES}
    GROUP BY fid, flat, flon
    HAVING count(DISTINCT id) > 1 AND (min(a) = '' OR min(a) <> max(a))`;
}

/** A page of groups, newest arrival first, with the total number of groups. */
export async function scanDuplicateGroups(db: Pick<ScopedDb, "$branchQuery">, scan: Scan): Promise<ScannedGroup[]> {
  const rows = await db.$branchQuery<{
    kind: ScannedGroup["kind"];
    val: string;
    n: number;
    ids: string[] | null;
    total: number;
  }>(
    (branch) => Prisma.sql`
      SELECT kind, val, n, ids, count(*) OVER ()::int AS total
      FROM (${keyAggregates(scan.key, visibleSql(branch, scan.zones), scan.customerKeys)}) g(kind, val, n, latest, ids)
      ORDER BY latest DESC, kind, val
      LIMIT ${scan.take} OFFSET ${scan.skip}`,
  );
  return rows.map((r) => ({ kind: r.kind, value: r.val, leadCount: r.n, ids: r.ids, total: r.total }));
}

/** The newest leads (ids) of each (kind, value), at most `per` each. */
export async function groupMemberIds(
  db: Pick<ScopedDb, "$branchQuery">,
  zones: string[] | null,
  groups: { kind: string; value: string }[],
  per: number = DUPLICATE_LIMITS.leadsPerGroup,
) {
  if (!groups.length) return new Map<string, string[]>();
  const rows = await db.$branchQuery<{ kind: string; val: string; id: string }>(
    (branch) => Prisma.sql`
      SELECT g.kind, g.val, m.id
      FROM unnest(${groups.map((g) => g.kind)}::text[], ${groups.map((g) => g.value)}::text[]) AS g(kind, val)
      CROSS JOIN LATERAL (
        SELECT l.id FROM "Lead" l
        WHERE ${visibleSql(branch, zones)} AND (
          (g.kind = 'PHONE' AND (l."phoneE164" = g.val OR l."phone2E164" = g.val))
          OR (g.kind = 'EMAIL' AND l."emailKey" = g.val)
          OR (g.kind = 'ADDRESS' AND l."addressKey" = g.val))
        ORDER BY l."enteredTime" DESC, l.id LIMIT ${per}
      ) m`,
  );
  const byGroup = new Map<string, string[]>();
  for (const r of rows) {
    const k = `${r.kind}:${r.val}`;
    byGroup.set(k, [...(byGroup.get(k) ?? []), r.id]);
  }
  return byGroup;
}
