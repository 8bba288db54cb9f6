import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import type { Placed } from "./imports.place.ts";
import { LEAD_VALUE_COLUMNS } from "./imports.sql.ts";

// The commit's statements, each for a whole batch of rows (imports.commit.ts runs them): the batch's
// addresses read for the geocoder, its duplicates looked for again, its leads and their history written.
// The checked rows never travel to this process to be written or compared: the database spreads each
// row's data.lead into the lead's columns (jsonb_populate_record) and joins the rows' keys to the leads.
//
// The same statements run on PostgreSQL and on the embedded PGlite. Row estimates of a batch read from
// rows stored moments ago are wrong (about 1 row), and the planner then joins two such sets by a nested
// loop over both (10,000 x 10,000 comparisons: the history lines joined to the inserted leads took 1.5 s
// of a 2,000-row batch's 1.8 s): statements here look rows up by key in one JSON object, or join with
// nested loops turned off.

/** Rows (after..last] of a file's commit. */
export type BatchRange = { fileId: string; after: number; last: number };

export type BatchRow = {
  rowNumber: number;
  /** The id the row's lead will have; none for an invalid row. */
  leadId: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  /** The row's duplicate keys, the dry run's outcome and the customer it found the row repeats. */
  outcome: string;
  phones: string[];
  email: string;
  addressKey: string;
  duplicateOfCustomerId: string | null;
};

/** The next batch's rows after row `after`: the id each row's lead will have (none when invalid), its address and keys. */
export function batchRows(ctx: Context, fileId: string, after: number, limit: number) {
  return ctx.db.$branchQuery<BatchRow>(
    (branch) => Prisma.sql`
      SELECT "rowNumber",
        CASE WHEN outcome IN ('NEW', 'DUPLICATE', 'DISCARDED') AND data -> 'lead' IS NOT NULL
          THEN data ->> 'leadId' END AS "leadId",
        data -> 'lead' ->> 'address' AS address, data -> 'lead' ->> 'city' AS city,
        data -> 'lead' ->> 'postalCode' AS "postalCode", outcome,
        array_remove(ARRAY[data -> 'lead' ->> 'phoneE164', data -> 'lead' ->> 'phone2E164'], '') AS phones,
        COALESCE(data -> 'lead' ->> 'emailKey', '') AS email,
        COALESCE(data -> 'lead' ->> 'addressKey', '') AS "addressKey", "duplicateOfCustomerId"
      FROM "LeadImportRow"
      WHERE "branchId" = ${branch} AND "fileId" = ${fileId} AND "rowNumber" > ${after}
      ORDER BY "rowNumber"
      LIMIT ${limit}`,
  );
}

export type CustomerChange = { row: number; customer: string; reason: string; key: string; was: string };

/**
 * Rows that, looked for again among the branch's customers at the commit (findDuplicate's rule: by
 * email, then phone, then address), repeat a customer other than the one the dry run found: a customer
 * or service address entered since the dry run. A lead comes before a customer: only rows that repeat
 * no lead (after recheckDuplicates) are marked. A row that repeated an earlier row of the file now
 * repeats the customer instead, as the dry run would have said. How many rows that were new became
 * duplicates.
 */
export async function markCustomerDuplicates(tx: ScopedTx, range: BatchRange, changes: readonly CustomerChange[]) {
  if (!changes.length) return 0;
  const marked = await tx.$branchQuery<{ row: number }>(
    (branch) => Prisma.sql`
      UPDATE "LeadImportRow" r SET
        outcome = CASE WHEN r.outcome = 'DISCARDED' THEN 'DISCARDED' ELSE 'DUPLICATE' END,
        reason = CASE WHEN r.outcome = 'DISCARDED' THEN r.reason ELSE c.reason END,
        "matchedKey" = c.key, "duplicateOfCustomerId" = c.customer, data = r.data - 'ofRow' - 'ofLead'
      FROM json_to_recordset(${JSON.stringify(changes)}::json) AS c(row int, customer text, reason text, key text)
      WHERE r."branchId" = ${branch} AND r."fileId" = ${range.fileId} AND r."rowNumber" = c.row
        AND r."duplicateOfLeadId" IS NULL
      RETURNING r."rowNumber" AS row`,
  );
  const rows = new Set(marked.map((m) => m.row));
  return changes.filter((c) => c.was === "NEW" && rows.has(c.row)).length;
}

/** The joins of a row's keys to the leads found: which key (1 phone, 2 email, 3 address), the lead's column, the row's key. */
const KEY_JOINS = [
  [1, "phoneE164", "p1"],
  [1, "phoneE164", "p2"],
  [1, "phone2E164", "p1"],
  [1, "phone2E164", "p2"],
  [2, "emailKey", "em"],
  [3, "addressKey", "ad"],
] as const;

/**
 * The batch's rows looked for again among the branch's leads (findDuplicate's rule, as the dry run
 * applies it: the oldest lead that is not itself a duplicate, by a phone, the email or the address,
 * the key named in that order), so a lead entered since the dry run makes the row a duplicate of it.
 * The file's own leads are not looked at: a repeat within the file points at its earlier row's lead
 * already. The rows that change are rewritten (their outcome, reason and key), so the file's rows tell
 * what was imported. How many rows that were new became duplicates.
 *
 * Two statements for the batch, whatever its size: the leads with any of the batch's keys are found
 * with `= ANY(keys)` on each key column (index scans; with statistics that still see an empty table,
 * one scan of the branch's leads, never one per row), then joined to the rows by hash. Nested loops
 * are turned off for that statement alone (SET LOCAL, set back after): the row estimates of the
 * batch are those of rows stored moments ago (about 1), and a nested loop over a batch and its leads
 * took 69 s for 9,000 rows against 1,000 leads, choosing an index on branchId alone for each row.
 */
export async function recheckDuplicates(tx: ScopedTx, range: BatchRange) {
  const { fileId, after, last } = range;
  await tx.$branchQuery(() => Prisma.sql`SELECT set_config('enable_nestloop', 'off', true)`);
  const changes = await tx.$branchQuery<{ row: number; lead: string; label: string; key: string; was: string }>(
    (branch) => Prisma.sql`
      WITH b AS MATERIALIZED (
        SELECT r."rowNumber" AS row, r.outcome, r."duplicateOfLeadId" AS was,
          NULLIF(r.data -> 'lead' ->> 'phoneE164', '') AS p1, NULLIF(r.data -> 'lead' ->> 'phone2E164', '') AS p2,
          NULLIF(r.data -> 'lead' ->> 'emailKey', '') AS em, NULLIF(r.data -> 'lead' ->> 'addressKey', '') AS ad
        FROM "LeadImportRow" r
        WHERE r."branchId" = ${branch} AND r."fileId" = ${fileId} AND r."rowNumber" > ${after}
          AND r."rowNumber" <= ${last} AND r.outcome IN ('NEW', 'DUPLICATE', 'DISCARDED') AND r.data -> 'lead' IS NOT NULL
      ), keys AS MATERIALIZED (
        SELECT array_agg(DISTINCT x.v) FILTER (WHERE x.k = 1) AS phones,
          array_agg(DISTINCT x.v) FILTER (WHERE x.k = 2) AS emails,
          array_agg(DISTINCT x.v) FILTER (WHERE x.k = 3) AS addresses
        FROM b CROSS JOIN LATERAL (VALUES (1, b.p1), (1, b.p2), (2, b.em), (3, b.ad)) AS x(k, v)
        WHERE x.v IS NOT NULL
      ), l AS MATERIALIZED (
        SELECT l.id, l.number, l."enteredTime", l."phoneE164", l."phone2E164", l."emailKey", l."addressKey"
        FROM "Lead" l
        WHERE l."branchId" = ${branch} AND l."duplicateOfId" IS NULL
          AND (l."importFileId" IS NULL OR l."importFileId" <> ${fileId})
          AND (l."phoneE164" = ANY((SELECT phones FROM keys)::text[]) OR l."phone2E164" = ANY((SELECT phones FROM keys)::text[])
            OR l."emailKey" = ANY((SELECT emails FROM keys)::text[]) OR l."addressKey" = ANY((SELECT addresses FROM keys)::text[]))
      ), hit AS (
        ${Prisma.join(
          KEY_JOINS.map(
            ([k, column, key]) => Prisma.sql`
              SELECT b.row, b.outcome, b.was, l.id, l.number, l."enteredTime", ${k}::int AS k
              FROM b JOIN l ON l.${Prisma.raw(`"${column}"`)} = b.${Prisma.raw(key)}`,
          ),
          " UNION ALL ",
        )}
      ), best AS (
        SELECT DISTINCT ON (row) row, outcome AS was, was AS "wasLead", id AS lead, '#' || number AS label,
          (ARRAY['PHONE', 'EMAIL', 'ADDRESS'])[min(k) OVER (PARTITION BY row, id)] AS key
        FROM hit
        ORDER BY row, "enteredTime", number
      )
      SELECT row, lead, label, key, was FROM best WHERE lead IS DISTINCT FROM "wasLead"`,
  );
  await tx.$branchQuery(() => Prisma.sql`SELECT set_config('enable_nestloop', 'on', true)`);
  if (!changes.length) return 0;
  // (one index probe per changed row: json_to_recordset is estimated at 100 rows)
  await tx.$branchQuery(
    (branch) => Prisma.sql`
      UPDATE "LeadImportRow" r SET
        outcome = CASE WHEN r.outcome = 'DISCARDED' THEN 'DISCARDED' ELSE 'DUPLICATE' END,
        reason = CASE WHEN r.outcome = 'DISCARDED' THEN r.reason
          ELSE 'Duplicate of lead ' || c.label || ': the same ' || lower(c.key) || '.' END,
        "matchedKey" = c.key, "duplicateOfLeadId" = c.lead, "duplicateOfCustomerId" = NULL
      FROM json_to_recordset(${JSON.stringify(changes)}::json) AS c(row int, lead text, label text, key text)
      WHERE r."branchId" = ${branch} AND r."fileId" = ${fileId} AND r."rowNumber" = c.row
      RETURNING r.id`,
  );
  return changes.filter((c) => c.was === "NEW").length;
}

/**
 * The batch's leads, in one statement: new, duplicate and rule-discarded rows become leads (a duplicate
 * marked with the lead or customer it repeats; a repeat of an earlier row of the file with that row's
 * lead, or with the lead that row turned out to repeat), at their geocoded point and zone, each with its
 * CREATED history line (who uploaded the file, which row) and, when a rule discarded it, its DISCARDED one.
 */
export function writeLeads(
  tx: ScopedTx,
  range: BatchRange,
  origin: { sourceId: string | null; personId: string | null },
  placed: readonly Placed[],
) {
  const { fileId, after, last } = range;
  const columns = Prisma.raw(LEAD_VALUE_COLUMNS.map((c) => `"${c}"`).join(", "));
  const values = Prisma.raw(LEAD_VALUE_COLUMNS.map((c) => `l."${c}"`).join(", "));
  // Stamped from the business clock (clock.ts), as Prisma's writes are (decision 0960), not the database's now().
  // (sent as text and read as UTC wall time, what the columns hold)
  const at = (d: Date) => Prisma.sql`${d.toISOString()}::timestamp`;
  const now = at(clock.now());
  const later = at(new Date(clock.nowMs() + 1));
  // The points by lead id: looked up per row in one JSON object (no join, whatever the batch's estimate).
  const points = JSON.stringify(
    Object.fromEntries(placed.map((p) => [p.id, [p.latitude, p.longitude, p.geocodeConfidence, p.zoneId]])),
  );
  return tx.$branchQuery<{ created: number }>(
    (branch) => Prisma.sql`
      WITH points AS MATERIALIZED (SELECT ${points}::jsonb AS j), batch AS (
        SELECT b."rowNumber", b.outcome, b.reason, b.data, b."duplicateOfCustomerId",
          (SELECT j FROM points) -> (b.data ->> 'leadId') AS g,
          -- (asked only of a repeat of an earlier row: one index probe, never a scan of the file's rows)
          COALESCE(b."duplicateOfLeadId",
            (SELECT o."duplicateOfLeadId" FROM "LeadImportRow" o
              WHERE o."fileId" = ${fileId} AND o."rowNumber" = (b.data ->> 'ofRow')::int),
            b.data ->> 'ofLead') AS "duplicateOfLeadId"
        FROM "LeadImportRow" b
        WHERE b."branchId" = ${branch} AND b."fileId" = ${fileId} AND b."rowNumber" > ${after}
          AND b."rowNumber" <= ${last} AND b.outcome IN ('NEW', 'DUPLICATE', 'DISCARDED') AND b.data -> 'lead' IS NOT NULL
      ), created AS (
        INSERT INTO "Lead" (id, "branchId", ${columns}, "leadSourceId", "importFileId", "importRowNumber",
          "duplicateOfId", "customerId", status, "discardReasonId", latitude, longitude, "geocodeConfidence",
          "zoneId", "enteredTime", "lastEdited")
        SELECT b.data ->> 'leadId', ${branch}, ${values}, ${origin.sourceId}::text, ${fileId}, b."rowNumber",
          b."duplicateOfLeadId", b."duplicateOfCustomerId",
          (CASE WHEN b.outcome = 'DISCARDED' THEN 'DISCARDED' ELSE 'UNASSIGNED' END)::"LeadStatus",
          b.data ->> 'discardReasonId', (b.g ->> 0)::float8, (b.g ->> 1)::float8,
          COALESCE(b.g ->> 2, 'UNKNOWN')::"GeocodeConfidence", b.g ->> 3, ${now}, ${now}
        FROM batch b
        CROSS JOIN LATERAL jsonb_populate_record(NULL::"Lead", b.data -> 'lead') l
        RETURNING id
      ), history AS (
        -- How each lead arrived (as acceptLead writes it), and the rule's sentence when one discarded it:
        -- from the batch itself (every row of it becomes a lead, with the id it carries), not joined to
        -- what the insert returned (two CTEs joined: the nested loop the header warns of).
        INSERT INTO "LeadChange" (id, "branchId", "leadId", "personId", kind, summary, changes, "createdAt")
        SELECT gen_random_uuid()::text, ${branch}, b.data ->> 'leadId', ${origin.personId}::text, 'CREATED',
          'Imported from a CSV file, row ' || b."rowNumber" || '.'
            || CASE WHEN b.outcome = 'DUPLICATE' THEN ' ' || b.reason ELSE '' END,
          '{}'::jsonb, ${now}
        FROM batch b
        UNION ALL
        SELECT gen_random_uuid()::text, ${branch}, b.data ->> 'leadId', NULL, 'DISCARDED', rtrim(b.reason, '.'),
          jsonb_build_object('status', jsonb_build_array('UNASSIGNED', 'DISCARDED'),
            'discardReasonId', jsonb_build_array(NULL, b.data ->> 'discardReasonId')),
          ${later}
        FROM batch b
        WHERE b.data ->> 'discardReasonId' IS NOT NULL
      )
      SELECT (SELECT count(*) FROM created)::int AS created`,
  );
}
