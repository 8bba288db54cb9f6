import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { DuplicateLookup } from "./imports.lookup.ts";
import type { Placed } from "./imports.place.ts";
import { LEAD_VALUE_COLUMNS } from "./imports.sql.ts";

// The commit's statements, each for a whole batch of rows (imports.commit.ts runs them): the batch's
// addresses read for the geocoder, its duplicates looked for again, its leads and their history written.
// The checked rows never travel to this process to be written: the database spreads each row's
// data.lead into the lead's columns (jsonb_populate_record).

/** Rows (after..last] of a file's commit. */
export type BatchRange = { fileId: string; after: number; last: number };

export type BatchRow = {
  rowNumber: number;
  outcome: string;
  leadId: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  /** The row's duplicate keys, and the lead the dry run found it repeats. */
  phones: string[];
  email: string;
  addressKey: string;
  duplicateOfLeadId: string | null;
};

/** The next batch's rows after row `after`: the id each row's lead will have (none when invalid), its address and keys. */
export function batchRows(ctx: Context, fileId: string, after: number, limit: number) {
  return ctx.db.$branchQuery<BatchRow>(
    (branch) => Prisma.sql`
      SELECT "rowNumber", outcome,
        CASE WHEN outcome IN ('NEW', 'DUPLICATE', 'DISCARDED') AND data -> 'lead' IS NOT NULL
          THEN data ->> 'leadId' END AS "leadId",
        data -> 'lead' ->> 'address' AS address, data -> 'lead' ->> 'city' AS city,
        data -> 'lead' ->> 'postalCode' AS "postalCode",
        array_remove(ARRAY[data -> 'lead' ->> 'phoneE164', data -> 'lead' ->> 'phone2E164'], '') AS phones,
        COALESCE(data -> 'lead' ->> 'emailKey', '') AS email, COALESCE(data -> 'lead' ->> 'addressKey', '') AS "addressKey",
        "duplicateOfLeadId"
      FROM "LeadImportRow"
      WHERE "branchId" = ${branch} AND "fileId" = ${fileId} AND "rowNumber" > ${after}
      ORDER BY "rowNumber"
      LIMIT ${limit}`,
  );
}

/**
 * The batch's rows looked for again among the branch's leads (findDuplicate's rule, as the dry run
 * applies it: the oldest lead that is not itself a duplicate, by a phone, the email or the address; a
 * lead before a customer), so a lead entered since the dry run makes the row a duplicate of it. The
 * file's own leads are not looked at: a repeat within the file points at its earlier row's lead
 * already. Leads are found in a few queries for the whole batch (DuplicateLookup); the rows that change
 * are rewritten in one statement (their outcome, reason and key), so the file's rows tell what was
 * imported. How many rows that were new became duplicates.
 */
export async function recheckDuplicates(tx: ScopedTx, ctx: Context, range: BatchRange, rows: readonly BatchRow[]) {
  const candidates = rows.filter((r) => r.leadId);
  if (!candidates.length) return 0;
  const lookup = new DuplicateLookup(
    { ...ctx, db: tx as unknown as Context["db"] },
    {
      leadsOnly: true,
      exceptFileId: range.fileId,
    },
  );
  const keys = (r: BatchRow) => ({ phones: r.phones, email: r.email, address: r.addressKey });
  await lookup.load(candidates.map(keys));
  const changes: { row: number; lead: string; label: string; key: string; was: string }[] = [];
  for (const r of candidates) {
    const dup = await lookup.find(keys(r));
    if (dup && dup.id !== r.duplicateOfLeadId)
      changes.push({ row: r.rowNumber, lead: dup.id, label: dup.label, key: dup.matchedKey, was: r.outcome });
  }
  if (!changes.length) return 0;
  await tx.$branchQuery(
    (branch) => Prisma.sql`
      UPDATE "LeadImportRow" r SET
        outcome = CASE WHEN r.outcome = 'DISCARDED' THEN 'DISCARDED' ELSE 'DUPLICATE' END,
        reason = CASE WHEN r.outcome = 'DISCARDED' THEN r.reason
          ELSE 'Duplicate of lead ' || c.label || ': the same ' || lower(c.key) || '.' END,
        "matchedKey" = c.key, "duplicateOfLeadId" = c.lead, "duplicateOfCustomerId" = NULL
      FROM json_to_recordset(${JSON.stringify(changes)}::json) AS c(row int, lead text, label text, key text)
      WHERE r."branchId" = ${branch} AND r."fileId" = ${range.fileId} AND r."rowNumber" = c.row
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
  const points = JSON.stringify(
    placed.map((p) => ({ id: p.id, lat: p.latitude, lng: p.longitude, conf: p.geocodeConfidence, zone: p.zoneId })),
  );
  return tx.$branchQuery<{ created: number }>(
    (branch) => Prisma.sql`
      WITH batch AS (
        SELECT b."rowNumber", b.outcome, b.reason, b.data, b."duplicateOfCustomerId",
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
          b.data ->> 'discardReasonId', g.lat, g.lng, COALESCE(g.conf, 'UNKNOWN')::"GeocodeConfidence", g.zone, ${now}, ${now}
        FROM batch b
        CROSS JOIN LATERAL jsonb_populate_record(NULL::"Lead", b.data -> 'lead') l
        LEFT JOIN json_to_recordset(${points}::json) AS g(id text, lat float8, lng float8, conf text, zone text)
          ON g.id = b.data ->> 'leadId'
        RETURNING id, "importRowNumber", "discardReasonId"
      ), history AS (
        -- How each lead arrived (as acceptLead writes it), and the rule's sentence when one discarded it.
        INSERT INTO "LeadChange" (id, "branchId", "leadId", "personId", kind, summary, changes, "createdAt")
        SELECT gen_random_uuid()::text, ${branch}, c.id, ${origin.personId}::text, 'CREATED',
          'Imported from a CSV file, row ' || b."rowNumber" || '.'
            || CASE WHEN b.outcome = 'DUPLICATE' THEN ' ' || b.reason ELSE '' END,
          '{}'::jsonb, ${now}
        FROM created c JOIN batch b ON b."rowNumber" = c."importRowNumber"
        UNION ALL
        SELECT gen_random_uuid()::text, ${branch}, c.id, NULL, 'DISCARDED', rtrim(b.reason, '.'),
          jsonb_build_object('status', jsonb_build_array('UNASSIGNED', 'DISCARDED'),
            'discardReasonId', jsonb_build_array(NULL, c."discardReasonId")),
          ${later}
        FROM created c JOIN batch b ON b."rowNumber" = c."importRowNumber"
        WHERE c."discardReasonId" IS NOT NULL
      )
      SELECT (SELECT count(*) FROM created)::int AS created`,
  );
}
