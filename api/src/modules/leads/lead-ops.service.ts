import type { ScopedTx } from "../../db/scoped.ts";
import { AppError } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { LeadStatus } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { type LeadChangeKind, recordLeadChanges } from "./lead-history.ts";
import { leadIdsSchema, leadsWord, STATUS_WORDS, settableStatus } from "./lead-ops.rules.ts";

// The lead status operations, one lead or a view's selection of thousands: assign (or unassign), set
// status, discard with a reason, mark duplicates of another lead. Each runs in one transaction that
// first locks the named leads (in id order, so two bulk calls never deadlock) and reads them again, then
// changes only the leads that differ from what was asked, in one statement per kind of change, and
// writes one history row per changed lead in one statement. A call repeated, or two at once, changes a
// lead once and writes its history once.
//
// Status rules (docs/decisions/0830): a DISCARDED lead stays discarded when it is assigned or
// unassigned (only set status or a new discard changes that); UNASSIGNED has no person; ASSIGNED needs
// one; leaving DISCARDED clears the discard reason; a lead marked a duplicate is DISCARDED.

export type BulkResult = { isSuccess: boolean; message: string; count: number };

type Row = {
  id: string;
  number: number;
  status: LeadStatus;
  personId: string | null;
  discardReasonId: string | null;
  duplicateOfId: string | null;
};
type Patch = Partial<Pick<Row, "status" | "personId" | "discardReasonId" | "duplicateOfId">>;
/** What one lead becomes: its patch and the history's readable { field: [before, after] }. */
type Step = { patch: Patch; changes: Record<string, [unknown, unknown]> };

export const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/**
 * The named leads (and `also`, a lead the change depends on), locked for this transaction in one
 * statement in id order; refuses (changing nothing) when a named lead is not found.
 */
async function lockLeads(tx: ScopedTx, ids: string[], also?: string): Promise<{ rows: Row[]; other: Row | null }> {
  const all = also ? [...ids, also] : ids;
  const locked = await tx.$branchQuery<Row>(
    (branch) => Prisma.sql`
    SELECT "id", "number", "status"::text AS "status", "personId", "discardReasonId", "duplicateOfId"
    FROM "Lead"
    WHERE "branchId" = ${branch} AND "mergedIntoId" IS NULL
      AND "id" IN (SELECT jsonb_array_elements_text(${JSON.stringify(all)}::jsonb))
    ORDER BY "id" FOR UPDATE`,
  );
  const rows = also ? locked.filter((r) => r.id !== also) : locked;
  const missing = ids.length - rows.length;
  if (missing > 0)
    throw new AppError(
      "BAD_USER_INPUT",
      ids.length === 1
        ? "Lead not found."
        : `${missing.toLocaleString("en-US")} of these leads ${missing === 1 ? "was" : "were"} not found: nothing was changed.`,
    );
  return { rows, other: also ? (locked.find((r) => r.id === also) ?? null) : null };
}

/**
 * Locks the leads, asks `plan` what each becomes (null: already so), applies the changes grouped by
 * their patch and writes the history. Answers how many changed and the rows as they were.
 */
async function changeLeads(
  ctx: Context,
  leadIds: unknown,
  kind: LeadChangeKind,
  summary: string,
  plan: (row: Row) => Step | null,
  check?: (rows: Row[], tx: ScopedTx, other: Row | null) => Promise<void> | void,
  /** Another lead to lock with them (the original of duplicates), handed to `check`. */
  also?: string,
): Promise<{ changed: Row[]; rows: Row[] }> {
  const ids = parseInput(leadIdsSchema, leadIds);
  return ctx.db.$transaction(
    async (tx) => {
      const { rows, other } = await lockLeads(tx, ids, also);
      await check?.(rows, tx, other);
      const groups = new Map<string, { patch: Patch; ids: string[] }>();
      const history: Parameters<typeof recordLeadChanges>[1] = [];
      const changed: Row[] = [];
      for (const row of rows) {
        const step = plan(row);
        if (!step) continue;
        const key = JSON.stringify(step.patch);
        const group = groups.get(key) ?? { patch: step.patch, ids: [] };
        group.ids.push(row.id);
        groups.set(key, group);
        history.push({ leadId: row.id, personId: ctx.viewer?.personId, kind, summary, changes: step.changes });
        changed.push(row);
      }
      for (const g of groups.values()) await tx.lead.updateMany({ where: { id: { in: g.ids } }, data: g.patch });
      await recordLeadChanges(tx, history);
      return { changed, rows };
    },
    { timeout: 60_000 },
  );
}

/** Names of persons (the history keeps names, as they were when it happened). */
async function personNames(tx: Context["db"] | ScopedTx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is string => !!i))];
  if (!wanted.length) return new Map<string, string>();
  const people = await tx.person.findMany({
    where: { id: { in: wanted } },
    select: { id: true, firstName: true, lastName: true },
  });
  return new Map(people.map((p) => [p.id, personName(p)]));
}

const theLeads = (n: number) => (n === 1 ? "The lead was" : `The ${leadsWord(n)} were`);
const already = (n: number) => (n ? ` ${leadsWord(n)} already ${n === 1 ? "was" : "were"}.` : "");

/** Assigns the leads to a person of the branch, or unassigns them (personId null). */
export async function assignLeads(ctx: Context, leadIds: unknown, personId: string | null): Promise<BulkResult> {
  let name = "";
  if (personId) {
    const person = await ctx.db.person.findUnique({
      where: { id: personId },
      select: { firstName: true, lastName: true, inactive: true },
    });
    if (!person) throw new AppError("BAD_USER_INPUT", "That person was not found.");
    name = personName(person);
    if (person.inactive) throw new AppError("BAD_USER_INPUT", `${name} is inactive: choose an active person.`);
  }
  let before = new Map<string, string>();
  const { changed, rows } = await changeLeads(
    ctx,
    leadIds,
    personId ? "ASSIGNED" : "STATUS",
    personId ? `Assigned to ${name}.` : "Unassigned.",
    (row) => {
      const status: LeadStatus = row.status === "DISCARDED" ? "DISCARDED" : personId ? "ASSIGNED" : "UNASSIGNED";
      if (row.personId === personId && row.status === status) return null;
      const changes: Step["changes"] = {};
      if (row.personId !== personId)
        changes.person = [row.personId ? (before.get(row.personId) ?? null) : null, personId ? name : null];
      if (row.status !== status) changes.status = [row.status, status];
      return { patch: { personId, status }, changes };
    },
    // read inside the transaction, before `plan` runs: the history keeps the names of before
    async (rows, tx) => {
      before = await personNames(
        tx,
        rows.map((r) => r.personId),
      );
    },
  );
  const discarded = changed.filter((r) => r.status === "DISCARDED").length;
  const stay = discarded ? ` ${discarded} of them ${discarded === 1 ? "stays" : "stay"} discarded.` : "";
  const message = !changed.length
    ? personId
      ? `${theLeads(rows.length)} already assigned to ${name}.`
      : `${theLeads(rows.length)} already unassigned.`
    : personId
      ? `Assigned ${leadsWord(changed.length)} to ${name}.${stay}${already(rows.length - changed.length)}`
      : `Unassigned ${leadsWord(changed.length)}.${stay}${already(rows.length - changed.length)}`;
  return { isSuccess: true, message, count: changed.length };
}

/** Sets the leads' status: ASSIGNED (they need a person) or UNASSIGNED (the person is cleared). */
export async function setLeadStatus(ctx: Context, leadIds: unknown, status: LeadStatus): Promise<BulkResult> {
  const refusal = settableStatus(status);
  if (refusal) throw new AppError("BAD_USER_INPUT", refusal);
  let names = new Map<string, string>();
  const { changed, rows } = await changeLeads(
    ctx,
    leadIds,
    "STATUS",
    `Status set to ${STATUS_WORDS[status]}.`,
    (row) => {
      if (row.status === status) return null;
      const changes: Step["changes"] = { status: [row.status, status] };
      if (row.discardReasonId) changes.discardReason = [names.get(row.discardReasonId) ?? null, null];
      if (status === "UNASSIGNED" && row.personId) changes.person = [names.get(row.personId) ?? null, null];
      const patch: Patch =
        status === "UNASSIGNED" ? { status, personId: null, discardReasonId: null } : { status, discardReasonId: null };
      return { patch, changes };
    },
    async (rows, tx) => {
      if (status === "ASSIGNED") {
        const without = rows.filter((r) => r.status !== "ASSIGNED" && !r.personId);
        if (without.length === 1)
          throw new AppError(
            "BAD_USER_INPUT",
            `Lead #${without[0]!.number} has no person: assign it to a person instead.`,
          );
        if (without.length > 1)
          throw new AppError(
            "BAD_USER_INPUT",
            `${leadsWord(without.length)} have no person: assign them to a person instead.`,
          );
      }
      names = await personNames(
        tx,
        rows.map((r) => r.personId),
      );
      for (const [id, name] of await reasonNames(
        tx,
        rows.map((r) => r.discardReasonId),
      ))
        names.set(id, name);
    },
  );
  const message = changed.length
    ? `Set ${leadsWord(changed.length)} to ${STATUS_WORDS[status].toLowerCase()}.${already(rows.length - changed.length)}`
    : `${theLeads(rows.length)} already ${STATUS_WORDS[status].toLowerCase()}.`;
  return { isSuccess: true, message, count: changed.length };
}

async function reasonNames(tx: ScopedTx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is string => !!i))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await tx.discardReason.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true } });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Discards the leads with a reason of the branch (their person is kept). */
export async function discardLeads(ctx: Context, leadIds: unknown, discardReasonId: string): Promise<BulkResult> {
  const reason = await ctx.db.discardReason.findUnique({ where: { id: discardReasonId }, select: { name: true } });
  if (!reason) throw new AppError("BAD_USER_INPUT", "That discard reason was not found.");
  let names = new Map<string, string>();
  const { changed, rows } = await changeLeads(
    ctx,
    leadIds,
    "DISCARDED",
    `Discarded: ${reason.name}.`,
    (row) => {
      if (row.status === "DISCARDED" && row.discardReasonId === discardReasonId) return null;
      const changes: Step["changes"] = {};
      if (row.status !== "DISCARDED") changes.status = [row.status, "DISCARDED"];
      changes.discardReason = [row.discardReasonId ? (names.get(row.discardReasonId) ?? null) : null, reason.name];
      return { patch: { status: "DISCARDED", discardReasonId }, changes };
    },
    async (rows, tx) => {
      names = await reasonNames(
        tx,
        rows.map((r) => r.discardReasonId),
      );
    },
  );
  const message = changed.length
    ? `Discarded ${leadsWord(changed.length)}: ${reason.name}.${already(rows.length - changed.length)}`
    : `${theLeads(rows.length)} already discarded: ${reason.name}.`;
  return { isSuccess: true, message, count: changed.length };
}

/**
 * Marks the leads duplicates of another lead (the original): they point to it and are DISCARDED. The
 * original is not one of them and is not itself a duplicate (so marks never form a loop).
 */
export async function markLeadDuplicates(ctx: Context, leadIds: unknown, duplicateOfId: string): Promise<BulkResult> {
  const ids = parseInput(leadIdsSchema, leadIds);
  if (ids.includes(duplicateOfId)) throw new AppError("BAD_USER_INPUT", "A lead cannot be a duplicate of itself.");
  // Read first for the words; checked again below, under the lock, with the leads it is about.
  const original = await ctx.db.lead.findFirst({ where: { id: duplicateOfId, mergedIntoId: null } });
  if (!original) throw new AppError("BAD_USER_INPUT", "The original lead was not found.");
  const label = `#${original.number}`;
  let numbers = new Map<string, number>();
  const { changed, rows } = await changeLeads(
    ctx,
    ids,
    "DUPLICATE",
    `Marked a duplicate of lead ${label}.`,
    (row) => {
      if (row.duplicateOfId === duplicateOfId && row.status === "DISCARDED") return null;
      const changes: Step["changes"] = {};
      if (row.duplicateOfId !== duplicateOfId)
        changes.duplicateOf = [row.duplicateOfId ? `#${numbers.get(row.duplicateOfId) ?? "?"}` : null, label];
      if (row.status !== "DISCARDED") changes.status = [row.status, "DISCARDED"];
      return { patch: { duplicateOfId, status: "DISCARDED" }, changes };
    },
    async (rows, tx, locked) => {
      if (!locked) throw new AppError("BAD_USER_INPUT", "The original lead was not found.");
      if (locked.duplicateOfId) {
        const root = await tx.lead.findUnique({ where: { id: locked.duplicateOfId }, select: { number: true } });
        throw new AppError(
          "BAD_USER_INPUT",
          `Lead #${locked.number} is itself a duplicate of lead #${root?.number ?? "?"}: mark them duplicates of that one.`,
        );
      }
      const before = [...new Set(rows.map((r) => r.duplicateOfId).filter((i): i is string => !!i))];
      if (!before.length) return;
      const found = await tx.lead.findMany({ where: { id: { in: before } }, select: { id: true, number: true } });
      numbers = new Map(found.map((l) => [l.id, l.number]));
    },
    duplicateOfId,
  );
  const message = changed.length
    ? `Marked ${leadsWord(changed.length)} as ${changed.length === 1 ? "a duplicate" : "duplicates"} of lead ${label}.${already(rows.length - changed.length)}`
    : `${theLeads(rows.length)} already marked ${rows.length === 1 ? "a duplicate" : "duplicates"} of lead ${label}.`;
  return { isSuccess: true, message, count: changed.length };
}
