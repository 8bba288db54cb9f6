import { clock } from "../../clock.ts";
import { badInput, notFound } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { LEAD_IMPORT_QUEUE } from "../../jobs/runner.ts";
import type { Context } from "../../runtime.ts";
import { duplicateReason } from "./accept-lead.ts";
import {
  type BatchRow,
  batchRows,
  type CustomerChange,
  markCustomerDuplicates,
  recheckDuplicates,
  writeLeads,
} from "./imports.commit-sql.ts";
import { DuplicateLookup } from "./imports.lookup.ts";
import { ImportPlacer, type PlaceRow } from "./imports.place.ts";

// Committing a checked file: its new, duplicate and rule-discarded rows become leads (a duplicate is
// stored marked as such, as acceptLead stores one: nothing typed is lost; invalid rows are not
// written), in the background, a batch at a time, as acceptLead would store them one by one: placed
// where their address is and in its zone (imports.place.ts), looked for again among the leads entered
// since the dry run (a lead entered meanwhile makes the row a duplicate of it, not a second lead), and
// each with its CREATED history line (imports.commit-sql.ts: a few statements per batch, no row by
// row). Each batch and the file's progress (doneRows) are written in one transaction, so a worker that
// dies loses nothing and repeats nothing: whoever takes the file up next (the job again, or the sweep
// once the lease has run out) goes on after doneRows.

/**
 * Rows per batch (and per transaction): each statement handles a whole batch, so fewer, larger batches
 * cost less per row (2,000 -> 10,000 measured in decision 0991).
 */
export const COMMIT_BATCH = { rows: 10_000 };
export const IMPORT_LEASE_MS = 5 * 60_000;
export const UNDO_DAYS = 30;
const BATCH_TRANSACTION = { timeout: 120_000, maxWait: 30_000 };

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
  const placer = new ImportPlacer(ctx);
  const customers = new DuplicateLookup(ctx, { customersOnly: true });
  for (;;) {
    const rows = await batchRows(ctx, fileId, after, COMMIT_BATCH.rows);
    if (!rows.length) break;
    const last = rows.at(-1)!.rowNumber;
    // Geocoded outside the transaction (a remote geocoder answers over HTTP): no lock is held meanwhile.
    const placed = await placer.place(rows.filter((r): r is BatchRow & PlaceRow => !!r.leadId));
    const changes = await customerChanges(customers, rows);
    const range = { fileId, after, last };
    // A batch may wait for the database on a busy server: longer than Prisma's 5 s default.
    await ctx.db.$transaction(async (tx) => {
      const becameDuplicates =
        (await recheckDuplicates(tx, range)) + (await markCustomerDuplicates(tx, range, changes));
      await writeLeads(tx, range, { sourceId: file.leadSourceId, personId: file.personId }, placed);
      const moved = await tx.leadImportFile.updateMany({
        where: { id: fileId, status: "COMMITTING" },
        data: {
          doneRows: done + rows.length,
          leaseUntil: new Date(clock.nowMs() + IMPORT_LEASE_MS),
          ...(becameDuplicates
            ? { newRows: { decrement: becameDuplicates }, duplicateRows: { increment: becameDuplicates } }
            : {}),
        },
      });
      if (!moved.count) throw new Error("lead import: the file changed under its commit");
    }, BATCH_TRANSACTION);
    done += rows.length;
    after = last;
    importHooks.afterBatch?.(fileId, done);
  }
  await ctx.db.leadImportFile.updateMany({
    where: { id: fileId, status: "COMMITTING" },
    data: { status: "COMMITTED", committedAt: clock.now(), leaseUntil: null },
  });
  return true;
}

/**
 * The batch's rows that now repeat another customer than the dry run found (one entered since), by
 * findDuplicate's customer rule. Read before the transaction (the customers' phones, stored as typed,
 * are read once per commit); applied in it to the rows that repeat no lead.
 */
async function customerChanges(lookup: DuplicateLookup, rows: readonly BatchRow[]): Promise<CustomerChange[]> {
  const keys = (r: BatchRow) => ({ phones: r.phones, email: r.email, address: r.addressKey });
  const candidates = rows.filter((r) => r.leadId);
  await lookup.load(candidates.map(keys));
  const changes: CustomerChange[] = [];
  for (const r of candidates) {
    const dup = await lookup.find(keys(r));
    if (dup?.kind === "CUSTOMER" && dup.id !== r.duplicateOfCustomerId)
      changes.push({
        row: r.rowNumber,
        customer: dup.id,
        reason: duplicateReason(dup),
        key: dup.matchedKey,
        was: r.outcome,
      });
  }
  return changes;
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
  for (const part of chunks(ids, 10_000)) {
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
    // Their history goes with them.
    ...chunks(ids, 10_000).map((part) => ctx.db.leadChange.deleteMany({ where: { leadId: { in: part } } })),
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

const chunks = <T>(list: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
