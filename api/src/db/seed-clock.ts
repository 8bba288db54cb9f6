import { clock } from "../clock.ts";

// The demo's history is generated once around a fixed date, so that faker draws (and with them every
// amount and id) are the same on every run; then every historical date is moved by whole days so that
// the history always ends two days before today on the business clock. "Today minus N days" in the
// data is therefore the same whatever the date or hour: the same invoices are past due, the same
// statement is the last, the same orders are delivered. See docs/decisions/0007-one-clock.md.

const DAY_MS = 86_400_000;

/** The date the history is generated around: it ends the day before. */
export const REFERENCE_DATE = new Date(Date.UTC(2026, 10, 21));
/** Days between the end of the history and today. */
const HISTORY_LAG_DAYS = 2;

/** Today's calendar date in a time zone on the business clock, as UTC midnight (how `@db.Date` columns take it). */
export function todayIn(timeZone: string, now = clock.now()): Date {
  const s = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    now,
  );
  const [y, m, d] = s.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

/** How far the generated history moves (whole days, in ms) so that it ends HISTORY_LAG_DAYS before today. */
export function historyShiftMs(timeZone = "America/Chicago", now = clock.now()): number {
  const target = todayIn(timeZone, now).getTime() - HISTORY_LAG_DAYS * DAY_MS;
  return Math.round((target - REFERENCE_DATE.getTime()) / DAY_MS) * DAY_MS;
}

/** Moves every Date value of the rows by `ms`, except the fields named in `keep`. */
export function shiftDates(rows: readonly object[], ms: number, keep: ReadonlySet<string> = new Set()): void {
  if (!ms) return;
  for (const row of rows) {
    const r = row as Record<string, unknown>;
    for (const [k, v] of Object.entries(r)) if (v instanceof Date && !keep.has(k)) r[k] = new Date(v.getTime() + ms);
  }
}
