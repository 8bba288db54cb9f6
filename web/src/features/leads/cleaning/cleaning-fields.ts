import { formatDateTime } from "@/lib/format";
import type { CleaningLead, MergeField } from "./cleaning-api";

// The fields a merge chooses one by one, as the merge dialog shows them, and the choice it starts
// from: the survivor's value, or, where the survivor has none, the first other lead's that has one.

export type FieldChoice = { field: MergeField; label: string; show: (l: CleaningLead) => string };

const STATUS: Record<string, string> = { ASSIGNED: "Assigned", UNASSIGNED: "Unassigned", DISCARDED: "Discarded" };

export const MERGE_FIELDS: FieldChoice[] = [
  { field: "firstName", label: "First name", show: (l) => l.firstName },
  { field: "lastName", label: "Last name", show: (l) => l.lastName },
  { field: "email", label: "Email", show: (l) => l.email },
  { field: "phone", label: "Phone", show: (l) => l.phone },
  { field: "phone2", label: "Phone 2", show: (l) => l.phone2 },
  {
    field: "address",
    label: "Address",
    show: (l) =>
      [l.address, [l.city, l.stateCode].filter(Boolean).join(", "), l.postalCode].filter(Boolean).join(" · "),
  },
  { field: "comments", label: "Comments", show: (l) => l.comments },
  {
    field: "appointment",
    label: "Appointment",
    show: (l) => (l.appointment ? formatDateTime(l.appointment, { omitThisYear: true }) : ""),
  },
  { field: "leadSourceId", label: "Source", show: (l) => l.leadSourceName ?? "" },
  {
    field: "assignment",
    label: "Assignment",
    show: (l) => (l.personName ? `${STATUS[l.status] ?? l.status}: ${l.personName}` : (STATUS[l.status] ?? l.status)),
  },
  { field: "customerId", label: "Customer link", show: (l) => (l.customerId ? "Linked to a customer" : "") },
];

/** The fields whose values differ between the leads (the others need no choice). */
export const differing = (leads: CleaningLead[]) => MERGE_FIELDS.filter((f) => new Set(leads.map(f.show)).size > 1);

/** For each differing field: the survivor's value, or the first other lead's that has one. */
export function defaultChoices(leads: CleaningLead[], survivorId: string): Partial<Record<MergeField, string>> {
  const survivor = leads.find((l) => l.id === survivorId);
  const choices: Partial<Record<MergeField, string>> = {};
  if (!survivor) return choices;
  for (const f of differing(leads)) {
    const other = f.show(survivor) ? null : leads.find((l) => l.id !== survivorId && f.show(l));
    choices[f.field] = other?.id ?? survivorId;
  }
  return choices;
}
