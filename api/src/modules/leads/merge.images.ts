import type { ScopedTx } from "../../db/scoped.ts";
import type { Lead, Prisma } from "../../generated/prisma/client.ts";

// The before-images a merge keeps (LeadMerge.before) and how they are put back. Relations that move to
// the survivor: the merged leads' notes and project threads (with their activities), and their lead
// custom field values for fields the survivor has no value for (the first merged lead's, in the order
// named; the survivor's own value wins, the others stay on their hidden lead). Each moved row is kept as
// its id and old owner (and a field value's updatedAt, which the move changes). What does not move: a
// lead's history (each lead keeps its own), CSV import rows (the record of what a file did; the merged
// lead keeps its file origin), and other leads' duplicateOfId (they still name the lead they repeated,
// which names its survivor).

export type MovedRow = { id: string; owner: string };
export type MovedValue = MovedRow & { updatedAt: string };
export type MergeBefore = {
  /** The survivor's columns a merge may write, with duplicateOfId and lastEdited. */
  survivor: Record<string, unknown>;
  /** Each merged lead, whole. */
  merged: Lead[];
  fields: { field: string; fromLeadId: string }[];
  notes: MovedRow[];
  threads: MovedRow[];
  fieldValues: MovedValue[];
};

/** Columns stored as instants (JSON keeps them as ISO text). */
const DATE_COLUMNS = new Set(["enteredTime", "lastEdited", "appointment"]);
const KEPT = new Set(["id", "branchId", "number"]);

/** Moves the merged leads' relations to the survivor; what was moved, for the before-image. */
export async function moveRelations(tx: ScopedTx, survivorId: string, leadIds: string[]) {
  const [notes, threads, values, survivorValues] = await Promise.all([
    tx.leadNote.findMany({ where: { leadId: { in: leadIds } }, select: { id: true, leadId: true } }),
    tx.projectThread.findMany({ where: { leadId: { in: leadIds } }, select: { id: true, leadId: true } }),
    tx.customFieldValue.findMany({
      where: { tableId: "LEAD", recordId: { in: leadIds } },
      select: { id: true, recordId: true, fieldId: true, updatedAt: true },
    }),
    tx.customFieldValue.findMany({ where: { tableId: "LEAD", recordId: survivorId }, select: { fieldId: true } }),
  ]);
  const taken = new Set(survivorValues.map((v) => v.fieldId));
  const order = (recordId: string) => leadIds.indexOf(recordId);
  const movedValues = values
    .sort((a, b) => order(a.recordId) - order(b.recordId))
    .filter((v) => !taken.has(v.fieldId) && taken.add(v.fieldId));
  if (notes.length)
    await tx.leadNote.updateMany({ where: { id: { in: notes.map((n) => n.id) } }, data: { leadId: survivorId } });
  if (threads.length)
    await tx.projectThread.updateMany({
      where: { id: { in: threads.map((t) => t.id) } },
      data: { leadId: survivorId },
    });
  if (movedValues.length)
    await tx.customFieldValue.updateMany({
      where: { id: { in: movedValues.map((v) => v.id) } },
      data: { recordId: survivorId },
    });
  return {
    notes: notes.map((n) => ({ id: n.id, owner: n.leadId })),
    threads: threads.map((t) => ({ id: t.id, owner: t.leadId! })),
    fieldValues: movedValues.map((v) => ({ id: v.id, owner: v.recordId, updatedAt: v.updatedAt.toISOString() })),
  };
}

/** Puts every moved row back with its old owner (rows deleted since stay deleted). */
export async function putBackRelations(tx: ScopedTx, survivorId: string, before: MergeBefore) {
  const byOwner = (rows: MovedRow[]) => {
    const m = new Map<string, string[]>();
    for (const r of rows) m.set(r.owner, [...(m.get(r.owner) ?? []), r.id]);
    return m;
  };
  for (const [owner, ids] of byOwner(before.notes))
    await tx.leadNote.updateMany({ where: { id: { in: ids }, leadId: survivorId }, data: { leadId: owner } });
  for (const [owner, ids] of byOwner(before.threads))
    await tx.projectThread.updateMany({ where: { id: { in: ids }, leadId: survivorId }, data: { leadId: owner } });
  for (const v of before.fieldValues)
    await tx.customFieldValue.updateMany({
      where: { id: v.id, recordId: survivorId },
      data: { recordId: v.owner, updatedAt: new Date(v.updatedAt) },
    });
}

/** Writes a lead's before-image back, every column of it (lastEdited included). */
export async function restoreLead(tx: ScopedTx, id: string, image: Record<string, unknown>) {
  const data: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(image)) {
    if (KEPT.has(column)) continue;
    data[column] = DATE_COLUMNS.has(column) && typeof value === "string" ? new Date(value) : value;
  }
  return tx.lead.update({ where: { id }, data: data as Prisma.LeadUpdateInput });
}
