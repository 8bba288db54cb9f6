import { runStatement } from "../../db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";

// The dry run's rows of a batch in one statement: the batch is one JSON parameter that
// jsonb_to_recordset spreads into columns (Prisma's createMany binds every value of every row, which
// costs more than the insert itself at thousands of rows). As jsonb the batch is parsed once (as json,
// each row's data was parsed again), and only what differs between rows travels: the branch and file are
// one parameter each, the row's id is made by the database, a blank reason or key is left out. The
// statement goes straight to the driver (runStatement): through Prisma the megabyte of JSON was copied,
// serialized again and compiled into a plan per batch. The branch is the request's, bound as
// $branchQuery binds it.

/**
 * A statement of the import's own, outside any transaction, straight to the driver (runStatement: its
 * large list and JSON parameters are not serialized again by Prisma), bound to the request's branch as
 * $branchQuery binds it: `sql` gets the branch id as a parameter for its WHERE.
 */
export function importQuery<T>(ctx: Pick<Context, "runtime" | "branch">, sql: (branch: Prisma.Sql) => Prisma.Sql) {
  const statement = sql(Prisma.sql`${ctx.branch.id}`);
  return runStatement<T>(ctx.runtime.database, statement.text, statement.values);
}

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

const INSERT_ROWS = `
  INSERT INTO "LeadImportRow" (id, "branchId", "fileId", "rowNumber", outcome, reason, "matchedKey",
    "duplicateOfLeadId", "duplicateOfCustomerId", data)
  SELECT gen_random_uuid()::text, $1, $2, r."rowNumber", r.outcome, COALESCE(r.reason, ''),
    COALESCE(r."matchedKey", ''), r."duplicateOfLeadId", r."duplicateOfCustomerId", r.data
  FROM jsonb_to_recordset($3::jsonb) AS r("rowNumber" int, outcome text, reason text,
    "matchedKey" text, "duplicateOfLeadId" text, "duplicateOfCustomerId" text, data jsonb)`;

/** Stores a batch's rows (one statement, no transaction: the dry run needs none). */
export async function insertImportRows(
  ctx: Pick<Context, "runtime" | "branch">,
  fileId: string,
  rows: readonly ImportRow[],
) {
  if (!rows.length) return;
  await runStatement(ctx.runtime.database, INSERT_ROWS, [ctx.branch.id, fileId, JSON.stringify(rows)]);
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
