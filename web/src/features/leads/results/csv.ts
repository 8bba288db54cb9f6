import { csvText, downloadText } from "@/lib/csv";

// A report's table as a CSV file (the product's one writer: quoted as RFC 4180 says, a formula kept as
// text), named after the report, its group and its period.

export type CsvColumn<Row> = { header: string; value: (r: Row) => string | number | null };

export function downloadReport<Row>(name: string, from: string, to: string, columns: CsvColumn<Row>[], rows: Row[]) {
  const lines = [columns.map((c) => c.header), ...rows.map((r) => columns.map((c) => c.value(r) ?? ""))];
  downloadText(`${name}-${from}-to-${to}.csv`, csvText(lines));
}

/** 0.254 -> "25.4%". */
export const percentText = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Minutes as "45 min", "3 h 5 min", "2 d 4 h"; "–" for none. */
export function durationText(minutes: number | null): string {
  if (minutes === null) return "–";
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  if (m < 1440) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}`;
  const h = Math.floor((m % 1440) / 60);
  return `${Math.floor(m / 1440)} d${h ? ` ${h} h` : ""}`;
}
