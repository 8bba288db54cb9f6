import { badInput } from "../../errors.ts";
import type { LeadImportFile, LeadImportRow } from "../../generated/prisma/client.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { csvText } from "../../shared/csv.ts";
import { LEAD_IMPORT_FIELDS, type LeadImportMapping } from "../../shared/lead-import-fields.ts";
import { refusalAsResult } from "../../validation.ts";
import {
  commitLeadImport,
  discardByFile,
  discardCount,
  requireImportFile,
  UNDO_DAYS,
  undoLeadImport,
  undoRefusal,
  undoUntil,
} from "./imports.commit.ts";
import { dryRunLeadImport, dryRunMessage, IMPORT_LIMITS, type RowData } from "./imports.dry-run.ts";

// Importing leads from a CSV file: the dry run (each row's outcome, nothing written), the commit in the
// background (progress polled), the files imported before with their rows, undo within 30 days, and
// discarding a file's leads. Lead administrators and data-entry staff import.

const IMPORT = { anyPermission: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"] } as {
  anyPermission: ("LEAD_ADMIN" | "LEAD_DATA_ENTRY")[];
};
const OUTCOMES = ["NEW", "DUPLICATE", "DISCARDED", "INVALID"] as const;

const LeadImportFieldEnum = builder.enumType("LeadImportField", { values: LEAD_IMPORT_FIELDS });
const LeadImportOutcomeEnum = builder.enumType("LeadImportOutcome", { values: OUTCOMES });

type Column = LeadImportMapping[number];
const ColumnRef = builder.objectRef<Column>("LeadImportColumn").implement({
  description: "A CSV column and the lead field it fills.",
  fields: (t) => ({
    column: t.exposeString("column"),
    field: t.field({ type: LeadImportFieldEnum, resolve: (c) => c.field }),
  }),
});
const ColumnInput = builder.inputType("LeadImportColumnInput", {
  fields: (t) => ({
    column: t.string({ required: true }),
    field: t.field({ type: LeadImportFieldEnum, required: true }),
  }),
});

/** Checks a page's offset and limit. */
function page(offset: number | null | undefined, limit: number | null | undefined, max: number) {
  if (limit !== null && limit !== undefined && (limit < 1 || limit > max))
    throw badInput(`Limit must be between 1 and ${max}.`);
  if (offset !== null && offset !== undefined && offset < 0) throw badInput("Offset must not be negative.");
}

const mappingOf = (json: unknown) => (Array.isArray(json) ? (json as LeadImportMapping) : []);

const SourceRef = builder
  .objectRef<{ id: string; name: string; importMapping: unknown }>("LeadImportSource")
  .implement({
    description: "A lead source a file may be imported for, with the mapping last used for it.",
    fields: (t) => ({
      id: t.exposeID("id"),
      name: t.exposeString("name"),
      mapping: t.field({ type: [ColumnRef], resolve: (s) => mappingOf(s.importMapping) }),
    }),
  });

const RowRef = builder.objectRef<LeadImportRow>("LeadImportRow").implement({
  description: "One row of an imported file: the dry run's outcome and why.",
  fields: (t) => ({
    rowNumber: t.exposeInt("rowNumber", { description: "The row in the file (the header row is row 1)." }),
    outcome: t.field({ type: LeadImportOutcomeEnum, resolve: (r) => r.outcome as (typeof OUTCOMES)[number] }),
    reason: t.exposeString("reason"),
    matchedKey: t.exposeString("matchedKey", { description: "PHONE, EMAIL or ADDRESS for a duplicate; else empty." }),
    duplicateOfLeadId: t.exposeID("duplicateOfLeadId", { nullable: true }),
    duplicateOfCustomerId: t.exposeID("duplicateOfCustomerId", { nullable: true }),
    name: t.string({
      resolve: (r) => {
        const v = (r.data as RowData).values ?? {};
        return [v.FIRST_NAME, v.LAST_NAME].filter(Boolean).join(" ");
      },
    }),
    contact: t.string({
      description: "The phone, email and address as typed.",
      resolve: (r) => {
        const v = (r.data as RowData).values ?? {};
        return [v.PHONE, v.EMAIL, v.ADDRESS].filter(Boolean).join(" · ");
      },
    }),
  }),
});

type RowPage = { totalCount: number; items: LeadImportRow[] };
const RowPageRef = builder.objectRef<RowPage>("LeadImportRowPage").implement({
  fields: (t) => ({
    totalCount: t.exposeInt("totalCount"),
    items: t.field({ type: [RowRef], resolve: (p) => p.items }),
  }),
});

const outcomeWhere = (outcomes: readonly string[] | null | undefined) =>
  outcomes?.length ? { outcome: { in: [...outcomes] } } : {};

/** The rows as a CSV file (every row of the chosen outcomes), through the product's one CSV writer. */
async function rowsCsv(ctx: Context, file: LeadImportFile, outcomes: readonly string[] | null | undefined) {
  const mapping = mappingOf(file.mapping);
  const lines: (string | number)[][] = [["Row", "Outcome", "Reason", ...mapping.map((m) => m.column)]];
  let after = 0;
  for (;;) {
    const rows = await ctx.db.leadImportRow.findMany({
      where: { fileId: file.id, rowNumber: { gt: after }, ...outcomeWhere(outcomes) },
      orderBy: { rowNumber: "asc" },
      take: 5000,
      select: { rowNumber: true, outcome: true, reason: true, data: true },
    });
    if (!rows.length) break;
    for (const r of rows) {
      const v = (r.data as RowData).values ?? {};
      lines.push([r.rowNumber, r.outcome, r.reason, ...mapping.map((m) => v[m.field] ?? "")]);
    }
    after = rows[rows.length - 1]!.rowNumber;
  }
  return csvText(lines);
}

const FileRef = builder.objectRef<LeadImportFile>("LeadImportFile").implement({
  description: "A CSV file of leads: checked (dry run), imported in the background, perhaps undone.",
  fields: (t) => ({
    id: t.exposeID("id"),
    fileName: t.exposeString("fileName"),
    status: t.exposeString("status", { description: "DRY_RUN, COMMITTING, COMMITTED, UNDONE or FAILED." }),
    sourceName: t.string({
      nullable: true,
      resolve: async (f, _a, ctx) =>
        f.leadSourceId
          ? ((await ctx.db.leadSource.findUnique({ where: { id: f.leadSourceId }, select: { name: true } }))?.name ??
            null)
          : null,
    }),
    mapping: t.field({ type: [ColumnRef], resolve: (f) => mappingOf(f.mapping) }),
    totalRows: t.exposeInt("totalRows"),
    newRows: t.exposeInt("newRows"),
    duplicateRows: t.exposeInt("duplicateRows"),
    invalidRows: t.exposeInt("invalidRows"),
    discardedRows: t.exposeInt("discardedRows", { description: "Leads of the file discarded since." }),
    doneRows: t.exposeInt("doneRows", { description: "Rows written so far by the commit (its progress)." }),
    error: t.exposeString("error"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    committedAt: t.expose("committedAt", { type: "DateTime", nullable: true }),
    undoneAt: t.expose("undoneAt", { type: "DateTime", nullable: true }),
    undoUntil: t.field({ type: "DateTime", nullable: true, resolve: (f) => undoUntil(f) }),
    undoRefusal: t.string({ nullable: true, description: "Why it cannot be undone now.", resolve: undoRefusal }),
    rows: t.field({
      type: RowPageRef,
      description: "The rows in file order, a page at a time (at most 500), of the given outcomes.",
      args: {
        outcomes: t.arg({ type: [LeadImportOutcomeEnum], required: false }),
        offset: t.arg.int({ required: false }),
        limit: t.arg.int({ required: false }),
      },
      resolve: async (f, a, ctx) => {
        page(a.offset, a.limit, 500);
        const where = { fileId: f.id, ...outcomeWhere(a.outcomes) };
        const [totalCount, items] = await Promise.all([
          ctx.db.leadImportRow.count({ where }),
          ctx.db.leadImportRow.findMany({
            where,
            orderBy: { rowNumber: "asc" },
            skip: a.offset ?? 0,
            take: a.limit ?? 50,
          }),
        ]);
        return { totalCount, items };
      },
    }),
    rowsCsv: t.string({
      description: "The rows of the given outcomes as a CSV file (row, outcome, reason, the mapped columns).",
      args: { outcomes: t.arg({ type: [LeadImportOutcomeEnum], required: false }) },
      resolve: (f, a, ctx) => rowsCsv(ctx, f, a.outcomes),
    }),
  }),
});

type FilePage = { totalCount: number; items: LeadImportFile[] };
const FilePageRef = builder.objectRef<FilePage>("LeadImportFilePage").implement({
  fields: (t) => ({
    totalCount: t.exposeInt("totalCount"),
    items: t.field({ type: [FileRef], resolve: (p) => p.items }),
  }),
});

const DryRunInput = builder.inputType("LeadImportDryRunInput", {
  fields: (t) => ({
    fileName: t.string({ required: true }),
    gzipBase64: t.string({
      required: true,
      description: `The CSV file (UTF-8, at most ${IMPORT_LIMITS.bytes / 1024 / 1024} MB and ${IMPORT_LIMITS.rows} rows), gzip-compressed, as base64.`,
    }),
    leadSourceId: t.id({ required: false }),
    mapping: t.field({ type: [ColumnInput], required: true }),
  }),
});

type FileResult = Result & { file: LeadImportFile | null };
const FileResultRef = resultType<FileResult>("LeadImportFileResult", (t) => ({
  file: t.field({ type: FileRef, nullable: true, resolve: (r) => r.file }),
}));
type CountResult = Result & { count: number };
const CountResultRef = resultType<CountResult>("LeadImportCountResult", (t) => ({
  count: t.exposeInt("count"),
}));

const asFileResult = (run: () => Promise<{ file: LeadImportFile; message: string }>) =>
  refusalAsResult<FileResult>(
    async () => ({ isSuccess: true, ...(await run()) }),
    (message) => ({ isSuccess: false, message, file: null }),
  );

builder.queryFields((t) => ({
  leadImportSources: t.field({
    type: [SourceRef],
    description: "Active lead sources a file may be imported for, with their remembered column mapping.",
    authScopes: IMPORT,
    resolve: (_r, _a, ctx) =>
      ctx.db.leadSource.findMany({
        where: { inactive: false },
        orderBy: { name: "asc" },
        select: { id: true, name: true, importMapping: true },
      }),
  }),
  leadImportFiles: t.field({
    type: FilePageRef,
    description: "The CSV files list: files checked or imported, newest first.",
    authScopes: IMPORT,
    args: {
      offset: t.arg.int({ required: false }),
      limit: t.arg.int({ required: false }),
    },
    resolve: async (_r, a, ctx) => {
      page(a.offset, a.limit, 100);
      const [totalCount, items] = await Promise.all([
        ctx.db.leadImportFile.count(),
        ctx.db.leadImportFile.findMany({
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          skip: a.offset ?? 0,
          take: a.limit ?? 25,
        }),
      ]);
      return { totalCount, items };
    },
  }),
  leadImportFile: t.field({
    type: FileRef,
    description: "One file: its counts, progress and rows (polled while it is imported).",
    authScopes: IMPORT,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => requireImportFile(ctx, a.id),
  }),
  leadImportDiscardCount: t.int({
    description: "Discard count: how many of the file's leads discarding it would set to DISCARDED.",
    authScopes: IMPORT,
    args: { fileId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => discardCount(ctx, a.fileId),
  }),
}));

builder.mutationFields((t) => ({
  dryRunLeadImport: t.field({
    type: FileResultRef,
    description:
      "Import leads, first step: checks every row of a CSV file (new, duplicate and of what, invalid and why) and " +
      "stores the outcomes; no lead is written until commitLeadImport.",
    authScopes: IMPORT,
    args: { input: t.arg({ type: DryRunInput, required: true }) },
    resolve: (_r, a, ctx) =>
      asFileResult(async () => {
        const file = await dryRunLeadImport(ctx, {
          fileName: a.input.fileName,
          gzipBase64: a.input.gzipBase64,
          leadSourceId: a.input.leadSourceId ?? null,
          mapping: a.input.mapping.map((m) => ({ column: m.column, field: m.field })),
        });
        return {
          file,
          message: dryRunMessage(file),
        };
      }),
  }),
  commitLeadImport: t.field({
    type: FileResultRef,
    description: "Import leads, second step: writes the checked file's leads in the background (poll doneRows).",
    authScopes: IMPORT,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      asFileResult(async () => ({ file: await commitLeadImport(ctx, a.id), message: "The import has started." })),
  }),
  undoLeadImport: t.field({
    type: FileResultRef,
    description: `Removes the leads an import created; once, within ${UNDO_DAYS} days of the import.`,
    authScopes: IMPORT,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      asFileResult(async () => {
        const r = await undoLeadImport(ctx, a.id);
        return { file: r.file, message: `The import was undone: ${r.removed} leads removed.` };
      }),
  }),
  discardLeadImportLeads: t.field({
    type: CountResultRef,
    description: "Discard by file: sets the imported file's leads to DISCARDED; how many changed.",
    authScopes: IMPORT,
    args: { fileId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      refusalAsResult<CountResult>(
        async () => {
          const count = await discardByFile(ctx, a.fileId);
          return { isSuccess: true, message: `${count} leads discarded.`, count };
        },
        (message) => ({ isSuccess: false, message, count: 0 }),
      ),
  }),
}));
