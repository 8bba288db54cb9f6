// Calendar arithmetic of the demo seed, all in UTC dates (the seed's history is generated around
// REFERENCE_DATE and moved to end before today, db/seed-clock.ts).

const DAY_MS = 86_400_000;

export function utcDate(y: number, m: number, d: number): Date {
  return new Date(Date.UTC(y, m - 1, d));
}

export function addDays(d: Date, n: number): Date {
  return new Date(d.getTime() + n * DAY_MS);
}

export function atUtc(d: Date, hours: number, minutes = 0): Date {
  return new Date(d.getTime() + hours * 3_600_000 + minutes * 60_000);
}

export function monthEnd(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
}

/** First date on or after `from` that falls on `weekday` (0 = Sunday). */
export function nextWeekday(from: Date, weekday: number): Date {
  return addDays(from, (weekday - from.getUTCDay() + 7) % 7);
}

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
