// Dates for billing screens. "YYYY-MM-DD" dates are calendar dates (no time zone); instants are shown
// in the branch's time zone.

const dateFmt = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const longFmt = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "2026-10-31" -> "Oct 31, 2026". */
export function formatDate(date: string | null | undefined): string {
  if (!date) return "";
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : dateFmt.format(d);
}

/** "2026-10-31" -> "October 31, 2026". */
export function formatLongDate(date: string | null | undefined): string {
  if (!date) return "";
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : longFmt.format(d);
}

/** An ISO instant as a calendar date in `timeZone`: "Nov 21, 2026". */
export function formatInstantDate(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  try {
    return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone }).format(d);
  } catch {
    return dateFmt.format(d);
  }
}

/** "1229" -> "12/29". */
export function formatExpiration(mmyy: string): string {
  return /^\d{4}$/.test(mmyy) ? `${mmyy.slice(0, 2)}/${mmyy.slice(2)}` : mmyy;
}

/** 5 -> "5th". */
export { ordinal } from "@/lib/utils";
