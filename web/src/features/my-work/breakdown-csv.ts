import { csvText } from "@/lib/csv";
import type { SummaryGroup, SummaryRow } from "./api";

// The activity breakdown as a CSV file: the rows the table shows (the group's name, open, resolved,
// cancelled, total, resolved %) and its totals row, written by the product's one CSV writer (quoted as
// RFC 4180 says, a formula kept as text), named after the period.

export const groupHeaders: Record<SummaryGroup, string> = { STEP: "Step", PERSON: "Person", STATUS: "Status" };
export const statusLabels: Record<string, string> = { ACTIVE: "Open", RESOLVED: "Resolved", CANCELLED: "Cancelled" };

/** The label a row shows: a status in words, the unassigned row as "Unassigned". */
export const rowLabel = (r: SummaryRow, groupBy: SummaryGroup) =>
  groupBy === "STATUS" ? (statusLabels[r.key] ?? r.label) : r.label;

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : "");

export function breakdownCsv(rows: SummaryRow[], groupBy: SummaryGroup): string {
  const header = [groupHeaders[groupBy], "Open", "Resolved", "Cancelled", "Total", "Resolved %"];
  const total = { active: 0, resolved: 0, cancelled: 0, total: 0 };
  const lines: (string | number)[][] = [header];
  for (const r of rows) {
    total.active += r.active;
    total.resolved += r.resolved;
    total.cancelled += r.cancelled;
    total.total += r.total;
    lines.push([rowLabel(r, groupBy), r.active, r.resolved, r.cancelled, r.total, percent(r.resolved, r.total)]);
  }
  lines.push([
    "Total",
    total.active,
    total.resolved,
    total.cancelled,
    total.total,
    percent(total.resolved, total.total),
  ]);
  return csvText(lines);
}

/** activity-breakdown-by-person-2026-11-23-to-2026-11-29.csv */
export const breakdownFileName = (groupBy: SummaryGroup, from: string, to: string) =>
  `activity-breakdown-by-${groupBy.toLowerCase()}-${from}-to-${to}.csv`;

/** Saves text as a file through the browser (kept here for the page that imports it from this file). */
export { downloadText } from "@/lib/csv";
