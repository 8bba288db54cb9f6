import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { badInput, notFound } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { LEAD_IMPORT_QUEUE } from "../../jobs/runner.ts";
import type { Context } from "../../runtime.ts";
import { LEAD_VALUE_COLUMNS } from "./imports.sql.ts";

// Committing a checked file: its new, duplicate and rule-discarded rows become leads (a duplicate is stored marked as
// such, as acceptLead stores one: nothing typed is lost; invalid rows are not written), in the
// background, a batch at a time in one statement that reads the checked rows and inserts the leads. Each batch and the file's progress (doneRows) are
// written in one transaction, so a worker that dies loses nothing and repeats nothing: whoever takes
// the file up next (the job again, or the sweep once the lease has run out) goes on after doneRows.
// The dry run's answers are used as they are: leads entered between the dry run and the commit are
// not looked for again.

export const COMMIT_BATCH = { rows: 2000 };
export const IMPORT_LEASE_MS = 5 * 60_000;
export const UNDO_DAYS = 30;

/** Tests stop a commit between batches (a worker dying mid-file). */
export const importHooks: { afterBatch?: (fileId: string, done: number) => void } = {};

export async function requireImportFile(ctx: Context, id: string) {
  const file = id.length <= 100 ? await ctx.db.leadImportFile.findUnique({ where: { id } }) : null;
  if (!file) throw notFound("Import file not found.");
  return file;
}

const STATUS_WORDS: Record<string, string> = {
  COMMITTING: "is being imported already",
  COMMITTED: "was imported already",
  UNDONE: "was imported and undone",
  FAILED: "could not be checked; upload it again",
};

/** Queues the file's commit (the job, or the sweep, does it); the file, status COMMITTING. */
export async function commitLeadImport(ctx: Context, id: string) {
  const file = await requireImportFile(ctx, id);
  if (file.status !== "DRY_RUN") throw badInput(`This file ${STATUS_WORDS[file.status] ?? file.status}.`);
  if (!file.newRows && !file.duplicateRows) throw badInput("Nothing to import: every row of this file is invalid.");
  const queued = await ctx.db.leadImportFile.updateMany({
    where: { id, status: "DRY_RUN" },
    data: { status: "COMMITTING", doneRows: 0, leaseUntil: null },
  });
  if (!queued.count) throw badInput("This file is being imported already.");
  await ctx.runtime.jobs.sendIfRunning(LEAD_IMPORT_QUEUE, { fileId: id, branchId: ctx.branch.id }).catch(() => null);
  return requireImportFile(ctx, id);
}

/** Takes the file if nobody holds it and commits it to the end; false when it is held or done. */
export async function claimAndCommit(ctx: Context, fileId: string): Promise<boolean> {
  const now = clock.now();
  const claimed = await ctx.db.leadImportFile.updateMany({
    where: { id: fileId, status: "COMMITTING", OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseUntil: new Date(now.getTime() + IMPORT_LEASE_MS) },
  });
  if (!claimed.count) return false;
  const file = await ctx.db.leadImportFile.findUniqueOrThrow({ where: { id: fileId } });
  let done = file.doneRows;
  // Where the last worker stopped: the row number of the last row it did.
  let after = 0;
  if (done > 0) {
    const last = await ctx.db.leadImportRow.findFirst({
      where: { fileId },
      orderBy: { rowNumber: "asc" },
      skip: done - 1,
      select: { rowNumber: true },
    });
    after = last?.rowNumber ?? 0;
  }
  for (;;) {
    const progress = await ctx.db.$transaction(async (tx) => {
      const [batch] = await commitBatch(tx, fileId, file.leadSourceId, after);
      if (!batch?.rows) return null;
      const moved = await tx.leadImportFile.updateMany({
        where: { id: fileId, status: "COMMITTING" },
        data: { doneRows: done + batch.rows, leaseUntil: new Date(clock.nowMs() + IMPORT_LEASE_MS) },
      });
      if (!moved.count) throw new Error("lead import: the file changed under its commit");
      return batch;
    });
    if (!progress) break;
    done += progress.rows;
    after = progress.last;
    importHooks.afterBatch?.(fileId, done);
  }
  await ctx.db.leadImportFile.updateMany({
    where: { id: fileId, status: "COMMITTING" },
    data: { status: "COMMITTED", committedAt: clock.now(), leaseUntil: null },
  });
  return true;
}

/**
 * The next batch of rows after row `after`, written as leads in the database itself (the rows' checked
 * values spread into the lead's columns; no row travels to this process): new and duplicate rows
 * become leads, a duplicate marked with the lead or customer it repeats, a repeat of an earlier row of
 * the file with that row's lead. How many rows the batch had, and its last row number.
 */
function commitBatch(tx: ScopedTx, fileId: string, sourceId: string | null, after: number) {
  const columns = Prisma.raw(LEAD_VALUE_COLUMNS.map((c) => `"${c}"`).join(", "));
  const values = Prisma.raw(LEAD_VALUE_COLUMNS.map((c) => `l."${c}"`).join(", "));
  return tx.$branchQuery<{ rows: number; last: number }>(
    (branch) => Prisma.sql`
      WITH batch AS (
        SELECT "rowNumber", outcome, reason, data, "duplicateOfLeadId", "duplicateOfCustomerId"
        FROM "LeadImportRow"
        WHERE "branchId" = ${branch} AND "fileId" = ${fileId} AND "rowNumber" > ${after}
        ORDER BY "rowNumber"
        LIMIT ${COMMIT_BATCH.rows}
      ), created AS (
        INSERT INTO "Lead" (id, "branchId", ${columns}, "leadSourceId", "importFileId", "importRowNumber",
          "duplicateOfId", "customerId", status, "discardReasonId", "lastEdited")
        SELECT COALESCE(b.data ->> 'leadId', gen_random_uuid()::text), ${branch}, ${values}, ${sourceId}, ${fileId},
          b."rowNumber", COALESCE(b."duplicateOfLeadId", b.data ->> 'ofLead'), b."duplicateOfCustomerId",
          (CASE WHEN b.outcome = 'DISCARDED' THEN 'DISCARDED' ELSE 'UNASSIGNED' END)::"LeadStatus",
          b.data ->> 'discardReasonId', now()
        FROM batch b
        CROSS JOIN LATERAL jsonb_populate_record(NULL::"Lead", b.data -> 'lead') l
        WHERE b.outcome IN ('NEW', 'DUPLICATE', 'DISCARDED') AND b.data -> 'lead' IS NOT NULL
        RETURNING id, "discardReasonId"
      ), discarded AS (
        -- A lead a rule discarded says so in its history (the rule's sentence, kept with its row).
        INSERT INTO "LeadChange" (id, "branchId", "leadId", kind, summary, changes)
        SELECT gen_random_uuid()::text, ${branch}, c.id, 'DISCARDED', rtrim(b.reason, '.'),
          jsonb_build_object('status', jsonb_build_array('UNASSIGNED', 'DISCARDED'),
            'discardReasonId', jsonb_build_array(NULL, c."discardReasonId"))
        FROM created c JOIN batch b ON b.data ->> 'leadId' = c.id
        WHERE c."discardReasonId" IS NOT NULL
      )
      SELECT (SELECT count(*) FROM batch)::int AS rows, (SELECT max("rowNumber") FROM batch)::int AS last,
        (SELECT count(*) FROM created)::int AS created`,
  );
}

/** Why the file cannot be undone now; null when it can. */
export function undoRefusal(file: { status: string; committedAt: Date | null; undoneAt: Date | null }): string | null {
  if (file.status === "UNDONE")
    return `This import was undone already, on ${file.undoneAt?.toISOString().slice(0, 10) ?? "an earlier day"}.`;
  if (file.status !== "COMMITTED" || !file.committedAt)
    return file.status === "COMMITTING"
      ? "This import is still running; undo it once it is done."
      : "Only an imported file can be undone (this one was checked, not imported).";
  if (clock.nowMs() - file.committedAt.getTime() > UNDO_DAYS * 86_400_000)
    return `An import can be undone for ${UNDO_DAYS} days; this one was imported on ${file.committedAt.toISOString().slice(0, 10)}.`;
  return null;
}

export const undoUntil = (file: { committedAt: Date | null }) =>
  file.committedAt ? new Date(file.committedAt.getTime() + UNDO_DAYS * 86_400_000) : null;

/**
 * Undoes a whole import: the leads it created are removed (a lead the import had updated would be put
 * back from its row's `before`; this import only creates leads). Leads entered since that were marked
 * duplicates of a removed lead lose that mark. Once, within UNDO_DAYS of the commit.
 */
export async function undoLeadImport(ctx: Context, id: string) {
  const file = await requireImportFile(ctx, id);
  const why = undoRefusal(file);
  if (why) throw badInput(why);
  const claimed = await ctx.db.leadImportFile.updateMany({
    where: { id, status: "COMMITTED" },
    data: { status: "UNDONE", undoneAt: clock.now() },
  });
  if (!claimed.count) throw badInput("This import was undone already.");
  const ids = (await ctx.db.lead.findMany({ where: { importFileId: id }, select: { id: true } })).map((l) => l.id);
  for (let i = 0; i < ids.length; i += 10_000) {
    const part = ids.slice(i, i + 10_000);
    await ctx.db.lead.updateMany({
      where: { duplicateOfId: { in: part }, NOT: { importFileId: id } },
      data: { duplicateOfId: null },
    });
  }
  const restored = await ctx.db.leadImportRow.findMany({
    where: { fileId: id, leadId: { not: null }, before: { not: Prisma.DbNull } },
    select: { leadId: true, before: true },
  });
  await ctx.db.$transaction([
    ctx.db.lead.deleteMany({ where: { importFileId: id } }),
    ...restored
      .filter((r) => r.leadId && r.before)
      .map((r) =>
        ctx.db.lead.updateMany({ where: { id: r.leadId! }, data: r.before as Prisma.LeadUpdateManyMutationInput }),
      ),
  ]);
  return { file: await requireImportFile(ctx, id), removed: ids.length };
}

/** Leads of the file that discarding it would set to DISCARDED. */
export async function discardCount(ctx: Context, id: string) {
  await requireImportFile(ctx, id);
  return ctx.db.lead.count({ where: { importFileId: id, status: { not: "DISCARDED" } } });
}

/** Sets the file's leads to DISCARDED; how many changed. */
export async function discardByFile(ctx: Context, id: string) {
  const file = await requireImportFile(ctx, id);
  if (file.status !== "COMMITTED") throw badInput("Only the leads of an imported file can be discarded.");
  const r = await ctx.db.lead.updateMany({
    where: { importFileId: id, status: { not: "DISCARDED" } },
    data: { status: "DISCARDED" },
  });
  await ctx.db.leadImportFile.update({ where: { id }, data: { discardedRows: { increment: r.count } } });
  return r.count;
}
