import type { ScopedTx } from "../../db/scoped.ts";
import { Prisma } from "../../generated/prisma/client.ts";

// Many rows in one statement: the batch is one JSON parameter that json_populate_recordset spreads into
// the table's own column types (Prisma's createMany binds every value of every row, which costs more
// than the insert itself at thousands of rows). Only the named columns are written; the others take
// their defaults (a lead's number from its sequence). The branch is bound by $branchQuery.

type Table = "Lead" | "LeadImportRow";

export async function insertRows(
  db: Pick<ScopedTx, "$branchQuery">,
  table: Table,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  /** Columns set to now() (Prisma's @updatedAt has no database default). */
  nowColumns: readonly string[] = [],
) {
  if (!rows.length) return;
  const names = [...columns, ...nowColumns].map((c) => `"${c}"`).join(", ");
  const picked = columns.map((c) => `r."${c}"`).join(", ");
  const now = nowColumns.map(() => ", now()").join("");
  await db.$branchQuery(
    (branch) => Prisma.sql`
      INSERT INTO ${Prisma.raw(`"${table}"`)} ("branchId", ${Prisma.raw(names)})
      SELECT ${branch}, ${Prisma.raw(picked)}${Prisma.raw(now)}
      FROM json_populate_recordset(NULL::${Prisma.raw(`"${table}"`)}, ${JSON.stringify(rows)}::json) AS r`,
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

export const ROW_COLUMNS = [
  "id",
  "fileId",
  "rowNumber",
  "outcome",
  "reason",
  "matchedKey",
  "duplicateOfLeadId",
  "duplicateOfCustomerId",
  "data",
] as const;
