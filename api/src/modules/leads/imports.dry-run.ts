import { randomUUID } from "node:crypto";
import { badInput, notFound } from "../../errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { isBlankRecord } from "../../shared/csv.ts";
import { LEAD_IMPORT_FIELDS, type LeadImportField, type LeadImportMapping } from "../../shared/lead-import-fields.ts";
import { checkLead, duplicateReason, type LeadInput } from "./accept-lead.ts";
import { discardByRules } from "./automations.service.ts";
import { EMPTY, type FileSource, fileRecords, IMPORT_LIMITS, type ReadProgress } from "./imports.file.ts";
import { FileKeys } from "./imports.keys.ts";
import { DuplicateLookup } from "./imports.lookup.ts";
import { type ImportRow, insertImportRows } from "./imports.sql.ts";

// A CSV file of leads, checked before anything is written (the dry run): each row's outcome — new, a
// duplicate of a lead or customer (and the key that matched), a duplicate of an earlier row of the same
// file, discarded by a lead rule (team/lead-automations: "Discarded by rule 2: Postal code equals
// 00000."), or invalid and why (checkLead's sentence) — is stored with the file; no lead is created
// until the file is committed (imports.commit.ts).
//
// The file comes as the body of POST /api/lead-imports/dry-run (imports.http.ts: read as it arrives,
// gzip-compressed by the browser or not), or gzip-compressed as base64 in the GraphQL mutation (small
// files, within /graphql's upload body). It is decompressed, decoded and read a piece at a time, and rows
// are checked and stored in batches, so memory stays flat in the file's size; a file that fails (not
// UTF-8, NUL characters, no header row, a row that never ends, too large, too many rows) is refused as
// soon as that is known, without reading the rest, and leaves nothing.

export { IMPORT_LIMITS } from "./imports.file.ts";
/**
 * Rows checked (and stored) together: their duplicate keys are looked up in a few queries. Past `rssMb`
 * of growth in the process since the dry run began, the collector runs after a batch.
 */
export const DRY_RUN_BATCH = { rows: 2000, rssMb: 64 };

/**
 * What a batch leaves behind (its rows' JSON for the insert, the look-ups' answers: a few MB) is garbage
 * once it is written, but the collector runs by its own pace and let it pile up: at 100,000 rows the
 * process grew by ~250 MB while what was alive stayed flat. Collecting once the process has grown past
 * a bound keeps its memory bounded by the batch, not the file (a full collection takes tens of ms).
 *
 * With the embedded PGlite the bound is counted from the last collection, not from the dry run's start:
 * the database itself lives in the process and grows with the rows stored (~6 MB a batch, never given
 * back), so measured from the start the process stayed past the bound once 20-odd batches were stored
 * and a full collection of a heap holding the whole database ran after every batch (100,000 rows: 47
 * collections, a third of the dry run's CPU in a profile). From the last collection it runs once per
 * `rssMb` of growth, as often as garbage alone makes it run. On PostgreSQL the process stays flat and the
 * bound counts from the start (counted from the last collection, the peak rose by up to a bound).
 */
function garbageBound(ctx: Pick<Context, "runtime">) {
  const databaseInProcess = !!ctx.runtime.database.pglite;
  let base = process.memoryUsage().rss;
  return () => {
    if (process.memoryUsage().rss - base <= DRY_RUN_BATCH.rssMb * 1024 * 1024) return;
    Bun.gc(true);
    if (databaseInProcess) base = process.memoryUsage().rss;
  };
}

export type DryRunInput = FileSource & {
  fileName: string;
  leadSourceId?: string | null;
  mapping: LeadImportMapping;
};

/** What a row's data holds: the values as typed by field, the checked lead, the earlier row it repeats. */
export type RowData = {
  values: Partial<Record<LeadImportField, string>>;
  lead?: Omit<Prisma.LeadUncheckedCreateInput, "branchId">;
  ofRow?: number;
  /** The id the commit gives the row's lead, and the lead of the earlier row it repeats. */
  leadId?: string;
  ofLead?: string;
};

const KEY_WORDS = { PHONE: "phone", EMAIL: "email", ADDRESS: "address" } as const;

const FIELD_INPUT: Record<LeadImportField, keyof LeadInput> = {
  FIRST_NAME: "firstName",
  LAST_NAME: "lastName",
  EMAIL: "email",
  PHONE: "phone",
  PHONE2: "phone2",
  ADDRESS: "address",
  UNIT: "unit",
  CITY: "city",
  COUNTY: "county",
  STATE_CODE: "stateCode",
  POSTAL_CODE: "postalCode",
  COMMENTS: "comments",
};

function checkMapping(mapping: LeadImportMapping) {
  if (!mapping.length) throw badInput("Map at least one column to a lead field.");
  const fields = new Set<string>();
  const columns = new Set<string>();
  for (const m of mapping) {
    if (m.column.length > 200) throw badInput("A column name must be at most 200 characters.");
    if (!LEAD_IMPORT_FIELDS.includes(m.field)) throw badInput(`${m.field} is not a lead field.`);
    if (fields.has(m.field)) throw badInput("Each lead field may be mapped from one column only.");
    if (columns.has(m.column)) throw badInput(`The column "${m.column}" is mapped twice.`);
    fields.add(m.field);
    columns.add(m.column);
  }
}

const looksLikeData = (cell: string) => /@/.test(cell) || /^[\d\s()+.-]{7,}$/.test(cell.trim());

/** What a finished dry run answers. */
export const dryRunMessage = (f: { totalRows: number; newRows: number; duplicateRows: number; invalidRows: number }) =>
  `${f.totalRows} rows checked: ${f.newRows} new, ${f.duplicateRows} duplicates, ${f.invalidRows} invalid.`;

/** Checks the file and stores every row's outcome (no lead is written); the file, status DRY_RUN. */
export async function dryRunLeadImport(ctx: Context, input: DryRunInput) {
  const fileName = input.fileName.trim();
  if (!fileName) throw badInput("The file has no name.");
  if (fileName.length > IMPORT_LIMITS.fileName)
    throw badInput(`The file name must be at most ${IMPORT_LIMITS.fileName} characters.`);
  checkMapping(input.mapping);
  if (input.leadSourceId) {
    const source = await ctx.db.leadSource.findUnique({ where: { id: input.leadSourceId }, select: { id: true } });
    if (!source) throw notFound("Lead source not found.");
  }
  // Created first (the rows point at it), as FAILED until the check ends: a check cut short by a crash
  // says so; a check that fails with a reason removes the file and its rows.
  const file = await ctx.db.leadImportFile.create({
    data: {
      branchId: ctx.branch.id,
      fileName,
      leadSourceId: input.leadSourceId || null,
      personId: ctx.viewer?.personId ?? null,
      status: "FAILED",
      error: "The check of this file was interrupted; upload it again.",
      mapping: input.mapping,
    },
  });
  try {
    const counts = await checkRows(ctx, file.id, input);
    if (input.leadSourceId)
      await ctx.db.leadSource.update({ where: { id: input.leadSourceId }, data: { importMapping: input.mapping } });
    return await ctx.db.leadImportFile.update({
      where: { id: file.id },
      data: { status: "DRY_RUN", error: "", ...counts },
    });
  } catch (error) {
    await ctx.db.leadImportFile.delete({ where: { id: file.id } }).catch(() => {});
    throw error;
  }
}

type Pending = { line: number; values: RowData["values"]; problem?: string };

async function checkRows(ctx: Context, fileId: string, input: DryRunInput) {
  const counts = { totalRows: 0, newRows: 0, duplicateRows: 0, discardedRows: 0, invalidRows: 0 };
  const lookup = new DuplicateLookup(ctx);
  /** The file's keys → the first row that had each (in a temporary table: memory stays a batch's; in memory on PGlite). */
  const seen = new FileKeys(ctx);
  let header: string[] | null = null;
  let columns: { index: number; field: LeadImportField }[] = [];
  let batch: Pending[] = [];
  /**
   * The previous batch's writes (its rows, the keys it added), left running while the next batch is
   * read, checked and looked up: the database writes one batch while the server reads the next. One
   * batch is written at a time; a batch's look-up of the file's keys waits for the previous batch's
   * keys (FileKeys: the same connection).
   */
  let writing: Promise<unknown> = Promise.resolve();

  const flush = async () => {
    if (!batch.length) return;
    const checked = batch.map((p) => {
      if (p.problem) return { p, error: p.problem };
      const input: LeadInput = {};
      for (const [field, value] of Object.entries(p.values))
        (input as Record<string, string>)[FIELD_INPUT[field as LeadImportField]] = value;
      const c = checkLead(input);
      return "error" in c ? { p, error: c.error } : { p, lead: c.data, keys: c.keys };
    });
    const batchKeys = checked.flatMap((c) => (c.keys ? [c.keys] : []));
    await Promise.all([lookup.load(batchKeys), seen.load(batchKeys)]);
    const rows: ImportRow[] = [];
    for (const c of checked) {
      const base = { rowNumber: c.p.line };
      if (!c.keys || !c.lead) {
        counts.invalidRows++;
        rows.push({
          ...base,
          outcome: "INVALID",
          reason: c.error ?? "",
          data: { values: c.p.values },
        });
        continue;
      }
      const data: RowData = { values: c.p.values, lead: c.lead, leadId: randomUUID() };
      const dup = await lookup.find(c.keys);
      // A row a lead rule catches is stored discarded with the rule's reason (and still marked as the
      // duplicate it is), as a lead arriving any other way would be.
      const discard = await discardByRules(ctx, c.lead);
      if (discard) {
        counts.discardedRows++;
        if (!dup && !seen.firstSeen(c.keys)) seen.remember(c.keys, { row: c.p.line, leadId: data.leadId! });
        rows.push({
          ...base,
          outcome: "DISCARDED",
          reason: discard.reason,
          matchedKey: dup?.matchedKey ?? "",
          duplicateOfLeadId: dup?.kind === "LEAD" ? dup.id : null,
          duplicateOfCustomerId: dup?.kind === "CUSTOMER" ? dup.id : null,
          data: { ...data, discardReasonId: discard.data.discardReasonId },
        });
        continue;
      }
      if (dup) {
        counts.duplicateRows++;
        rows.push({
          ...base,
          outcome: "DUPLICATE",
          reason: duplicateReason(dup),
          matchedKey: dup.matchedKey,
          duplicateOfLeadId: dup.kind === "LEAD" ? dup.id : null,
          duplicateOfCustomerId: dup.kind === "CUSTOMER" ? dup.id : null,
          data,
        });
        continue;
      }
      const earlier = seen.firstSeen(c.keys);
      if (earlier) {
        counts.duplicateRows++;
        seen.remember(c.keys, earlier.first);
        rows.push({
          ...base,
          outcome: "DUPLICATE",
          reason: `Duplicate of row ${earlier.first.row} of this file: the same ${KEY_WORDS[earlier.key]}.`,
          matchedKey: earlier.key,
          data: { ...data, ofRow: earlier.first.row, ofLead: earlier.first.leadId },
        });
        continue;
      }
      counts.newRows++;
      seen.remember(c.keys, { row: c.p.line, leadId: data.leadId! });
      rows.push({ ...base, outcome: "NEW", data: data });
    }
    await writing;
    writing = Promise.all([insertImportRows(ctx, fileId, rows), seen.save()]);
    // A failed write is answered where it is awaited (the next batch, or the end of the file).
    writing.catch(() => {});
    batch = [];
  };

  const collectIfGrown = garbageBound(ctx);
  const progress: ReadProgress = { chars: 0 };
  try {
    await readRows();
  } finally {
    // A file refused midway leaves no write running when its rows are deleted (dryRunLeadImport).
    await writing.catch(() => {});
    await seen.close().catch(() => {});
  }
  return counts;

  async function readRows() {
    for await (const record of fileRecords(input, progress)) {
      if (isBlankRecord(record)) {
        if (!header && progress.chars > IMPORT_LIMITS.headerWithinChars)
          throw badInput(
            `The file has no header row in its first ${IMPORT_LIMITS.headerWithinChars.toLocaleString("en-US")} characters: only blank lines.`,
          );
        continue;
      }
      if (!header) {
        header = record.fields.map((f) => f.trim());
        columns = headerColumns(header, input.mapping);
        continue;
      }
      counts.totalRows++;
      if (counts.totalRows > IMPORT_LIMITS.rows)
        throw badInput(
          `Row ${record.line}: the file has more than ${IMPORT_LIMITS.rows.toLocaleString("en-US")} rows; split it into smaller files.`,
        );
      const values: RowData["values"] = {};
      for (const { index, field } of columns) {
        const v = record.fields[index];
        if (v !== undefined && v.trim() !== "") values[field] = v;
      }
      const extra = record.fields.slice(header.length).some((f) => f.trim() !== "");
      batch.push({
        line: record.line,
        values,
        ...(extra
          ? { problem: `The row has ${record.fields.length} fields; the header row has ${header.length}.` }
          : {}),
      });
      if (batch.length >= DRY_RUN_BATCH.rows) {
        await flush();
        collectIfGrown();
      }
    }
    if (!header) throw badInput(EMPTY);
    if (!counts.totalRows) throw badInput("The file has a header row but no rows.");
    await flush();
    await writing;
  }
}

/** Where each mapped column is in the header row; a missing column, or a header row that is data, refused. */
function headerColumns(header: string[], mapping: LeadImportMapping) {
  const columns: { index: number; field: LeadImportField }[] = [];
  for (const m of mapping) {
    const index = header.indexOf(m.column.trim());
    if (index < 0) {
      const data = header.find(looksLikeData);
      if (data)
        throw badInput(
          `Row 1 is not a header row ("${data.slice(0, 40)}" looks like a value): add a row of column names first.`,
        );
      throw badInput(
        `Row 1: the file has no column named "${m.column}" (its columns: ${header.slice(0, 20).join(", ")}).`,
      );
    }
    columns.push({ index, field: m.field });
  }
  return columns;
}
