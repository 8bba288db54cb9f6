import { LEAD_SORT_FIELDS, type LeadSortField } from "@shared/lead-sort-fields.ts";
import type { ReactNode } from "react";
import type { DataColumn } from "@/components/data-list/data-table";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import type { LeadViewLead } from "./api";

// The columns a lead view may show, in the order they are offered; the chosen ones (?cols=) are shown in
// this order. Headers with a sort key sort the list on the server.

export type LeadSort = LeadSortField;
export const LEAD_SORTS: readonly LeadSort[] = LEAD_SORT_FIELDS;

const none = <span className="text-muted-foreground">—</span>;
const text = (v: string | null | undefined): ReactNode => v || none;
const when = (v: string | null | undefined) => (v ? formatDateTime(v, { omitThisYear: true }) : none);

export const STATUS_WORDS: Record<string, string> = {
  UNASSIGNED: "Unassigned",
  ASSIGNED: "Assigned",
  DISCARDED: "Discarded",
};

export function StatusBadge({ status }: { status: string }) {
  const variant = status === "DISCARDED" ? "secondary" : status === "ASSIGNED" ? "default" : "outline";
  return <Badge variant={variant}>{STATUS_WORDS[status] ?? status}</Badge>;
}

type Col = { key: string; header: string; sort?: LeadSort; cell: (l: LeadViewLead) => ReactNode; className?: string };

export const LEAD_COLUMNS: Col[] = [
  { key: "number", header: "Lead #", sort: "number", cell: (l) => `#${l.number}`, className: "tabular-nums" },
  { key: "name", header: "Name", sort: "lastName", cell: (l) => <span className="font-medium">{l.name}</span> },
  { key: "email", header: "Email", sort: "email", cell: (l) => text(l.email) },
  { key: "phone", header: "Phone", sort: "phone", cell: (l) => text(l.phone) },
  { key: "address", header: "Address", cell: (l) => text(l.address) },
  { key: "city", header: "City", sort: "city", cell: (l) => text(l.city) },
  { key: "postalCode", header: "ZIP", sort: "postalCode", cell: (l) => text(l.postalCode) },
  { key: "status", header: "Status", sort: "status", cell: (l) => <StatusBadge status={l.status} /> },
  { key: "source", header: "Source", cell: (l) => text(l.leadSourceName) },
  { key: "person", header: "Assigned to", cell: (l) => text(l.personName) },
  { key: "form", header: "Form", cell: (l) => text(l.leadFormName) },
  { key: "zone", header: "Zone", cell: (l) => text(l.zoneName) },
  { key: "enteredTime", header: "Entered", sort: "enteredTime", cell: (l) => when(l.enteredTime) },
  { key: "lastEdited", header: "Last edited", sort: "lastEdited", cell: (l) => when(l.lastEdited) },
  { key: "appointment", header: "Appointment", sort: "appointment", cell: (l) => when(l.appointment) },
  { key: "discardReason", header: "Discard reason", cell: (l) => text(l.discardReasonName) },
  {
    key: "comments",
    header: "Comments",
    cell: (l) => <span className="line-clamp-1 max-w-64">{text(l.comments)}</span>,
  },
];

export const DEFAULT_COLUMNS = ["number", "name", "phone", "city", "status", "source", "person", "enteredTime"];

/** The data table's columns for the chosen keys (the defaults when none are chosen), name first as a link. */
export function columnsFor(
  keys: string[],
  nameCell: (l: LeadViewLead) => ReactNode,
): DataColumn<LeadViewLead, LeadSort>[] {
  const chosen = keys.length ? keys : DEFAULT_COLUMNS;
  return LEAD_COLUMNS.filter((c) => chosen.includes(c.key)).map((c) => ({
    header: c.header,
    sort: c.sort,
    className: c.className,
    cell: c.key === "name" ? nameCell : c.cell,
  }));
}
