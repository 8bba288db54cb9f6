import type { SummaryGroup, SummaryRow } from "./api";

// The activity breakdown as a CSV file: the rows the table shows (the group's name, open, resolved,
// cancelled, total, resolved %) and its totals row, quoted as RFC 4180 says, named after the period.

export const groupHeaders: Record<SummaryGroup, string> = { STEP: "Step", PERSON: "Person", STATUS: "Status" };
export const statusLabels: Record<string, string> = { ACTIVE: "Open", RESOLVED: "Resolved", CANCELLED: "Cancelled" };

/** The label a row shows: a status in words, the unassigned row as "Unassigned". */
export const rowLabel = (r: SummaryRow, groupBy: SummaryGroup) =>
  groupBy === "STATUS" ? (statusLabels[r.key] ?? r.label) : r.label;

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break (quotes doubled); text a
 * spreadsheet would run as a formula (= + - @ first) is kept as text with a leading apostrophe.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

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
  return `${lines.map((l) => l.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** activity-breakdown-by-person-2026-11-23-to-2026-11-29.csv */
export const breakdownFileName = (groupBy: SummaryGroup, from: string, to: string) =>
  `activity-breakdown-by-${groupBy.toLowerCase()}-${from}-to-${to}.csv`;

/** Saves text as a file through the browser (a temporary link to a Blob). */
export function downloadText(fileName: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
