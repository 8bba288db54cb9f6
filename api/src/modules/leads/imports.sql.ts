import type { ScopedTx } from "../../db/scoped.ts";
import { Prisma } from "../../generated/prisma/client.ts";

// Many rows in one statement: the batch is one JSON parameter that jsonb_to_recordset spreads into
// columns (Prisma's createMany binds every value of every row, which costs more than the insert itself at
// thousands of rows). As jsonb the batch is parsed once (as json, each row's data was parsed again), and
// only what differs between rows travels: the branch and file are one parameter each, the row's id is
// made by the database, a blank reason or key is left out. The branch is bound by $branchQuery.

/** A dry-run row as it is stored (imports.dry-run.ts): blank reason and key, no duplicate, when left out. */
export type ImportRow = {
  rowNumber: number;
  outcome: "NEW" | "DUPLICATE" | "DISCARDED" | "INVALID";
  reason?: string;
  matchedKey?: string;
  duplicateOfLeadId?: string | null;
  duplicateOfCustomerId?: string | null;
  data: object;
};

export async function insertImportRows(db: Pick<ScopedTx, "$branchQuery">, fileId: string, rows: readonly ImportRow[]) {
  if (!rows.length) return;
  await db.$branchQuery(
    (branch) => Prisma.sql`
      INSERT INTO "LeadImportRow" (id, "branchId", "fileId", "rowNumber", outcome, reason, "matchedKey",
        "duplicateOfLeadId", "duplicateOfCustomerId", data)
      SELECT gen_random_uuid()::text, ${branch}, ${fileId}, r."rowNumber", r.outcome, COALESCE(r.reason, ''),
        COALESCE(r."matchedKey", ''), r."duplicateOfLeadId", r."duplicateOfCustomerId", r.data
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("rowNumber" int, outcome text, reason text,
        "matchedKey" text, "duplicateOfLeadId" text, "duplicateOfCustomerId" text, data jsonb)`,
  );
}

/** The lead's own values, as checkLead gives them (a dry-run row's data.lead). */
export const LEAD_VALUE_COLUMNS = [
  "firstName",
  "lastName",
  "email",
  "emailKey",
  "phone",
  "phoneE164",
  "phone2",
  "phone2E164",
  "address",
  "city",
  "county",
  "stateCode",
  "postalCode",
  "addressKey",
  "comments",
  "appointment",
] as const;
