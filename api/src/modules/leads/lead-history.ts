import type { ScopedDb, ScopedTx } from "../../db/scoped.ts";
import type { Prisma } from "../../generated/prisma/client.ts";

// A lead's history (team/leads/{id}: who changed what, when). Every operation that changes a lead
// writes one LeadChange in the same transaction as the change, so the history never misses or invents
// a step. `changes` holds { field: [before, after] } for the fields that changed.

export type LeadChangeKind =
  | "CREATED"
  | "UPDATED"
  | "STATUS"
  | "ASSIGNED"
  | "DISCARDED"
  | "DUPLICATE"
  | "LINKED"
  | "NOTE"
  | "MERGED"
  | "UNMERGED"
  | "SHORTCUT"
  | "CALL_TOOL";

export type LeadChangeInput = {
  leadId: string;
  personId: string | null | undefined;
  kind: LeadChangeKind;
  summary: string;
  changes?: Record<string, [unknown, unknown]>;
};

/** The fields that differ between two images of a lead, as { field: [before, after] }. */
export function diffLead(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[] = Object.keys(after),
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const f of fields) {
    const a = before[f] instanceof Date ? (before[f] as Date).toISOString() : (before[f] ?? null);
    const b = after[f] instanceof Date ? (after[f] as Date).toISOString() : (after[f] ?? null);
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[f] = [a, b];
  }
  return changes;
}

/** Writes history rows (one per lead), in the caller's transaction. */
export async function recordLeadChanges(db: ScopedDb | ScopedTx, rows: LeadChangeInput[]) {
  if (rows.length === 0) return;
  await db.leadChange.createMany({
    data: rows.map((r) => ({
      leadId: r.leadId,
      personId: r.personId ?? null,
      kind: r.kind,
      summary: r.summary,
      changes: (r.changes ?? {}) as Prisma.InputJsonValue,
    })) as Prisma.LeadChangeCreateManyInput[],
  });
}
