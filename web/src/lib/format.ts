// One place for how the product writes dates, times, numbers and money. Two kinds of dates:
// - a calendar date ("2026-11-30": a delivery day, a due date) has no time zone and is never shifted;
// - an instant ("2026-11-21T16:15:00Z") is shown in the branch's time zone when the caller knows it.
// Money is integer cents, shown as US dollars.

export { formatBalance, formatMoney, formatOrderId, ordinal } from "./utils";

const cache = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = cache.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", options);
    } catch {
      // an unknown time zone: the browser's own
      f = new Intl.DateTimeFormat("en-US", { ...options, timeZone: undefined });
    }
    cache.set(key, f);
  }
  return f;
}

const calendarStyles = {
  /** "Monday, November 30, 2026" */
  full: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  /** "November 30, 2026" */
  long: { month: "long", day: "numeric", year: "numeric" },
  /** "Mon, Nov 30, 2026" */
  weekday: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
  /** "Nov 30, 2026" */
  medium: { month: "short", day: "numeric", year: "numeric" },
  /** "Nov 30" */
  short: { month: "short", day: "numeric" },
  /** "Monday, November 30" (a date within this year) */
  dayLong: { weekday: "long", month: "long", day: "numeric" },
  /** "Mon" (a date card's weekday) */
  weekdayOnly: { weekday: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type CalendarStyle = keyof typeof calendarStyles;

const asCalendarDate = (date: string) => new Date(`${date.slice(0, 10)}T12:00:00Z`);

/** A calendar date ("2026-11-30") as written, never shifted by a time zone: "Nov 30, 2026" by default. */
export function formatCalendarDate(date: string | null | undefined, style: CalendarStyle = "medium"): string {
  if (!date) return "";
  const d = asCalendarDate(date);
  if (Number.isNaN(d.getTime())) return date;
  return dateTimeFormat({ ...calendarStyles[style], timeZone: "UTC" }).format(d);
}

/** An instant as the calendar date it falls on in `timeZone`: "Nov 21, 2026". */
export function formatInstantDate(
  iso: string | null | undefined,
  timeZone?: string | null,
  style: CalendarStyle = "medium",
): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return dateTimeFormat({ ...calendarStyles[style], timeZone: timeZone || undefined }).format(d);
}

/**
 * An instant as date and time in `timeZone` (the browser's when not given): "Nov 21, 2026, 10:15 AM";
 * `empty` for none ("Never" by default). With `omitThisYear`, "Nov 21, 10:15 AM" within this year.
 */
export function formatDateTime(
  iso: string | null | undefined,
  options: { timeZone?: string | null; empty?: string; omitThisYear?: boolean; now?: Date } = {},
): string {
  const { timeZone, empty = "Never", omitThisYear = false, now = new Date() } = options;
  if (!iso) return empty;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return empty;
  const zone = timeZone || undefined;
  const yearOf = (x: Date) => dateTimeFormat({ timeZone: zone, year: "numeric" }).format(x);
  const withYear = !omitThisYear || yearOf(d) !== yearOf(now);
  return dateTimeFormat({
    timeZone: zone,
    month: "short",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
    hour: "numeric",
    minute: "2-digit",
  }).format(d);
}

/** "5 minutes ago", "3 hours ago", "2 days ago"; "never" for none. */
export function timeAgo(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return "never";
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
  if (seconds < 60) return "just now";
  if (seconds < 3600) return rtf.format(-Math.round(seconds / 60), "minute");
  if (seconds < 86_400) return rtf.format(-Math.round(seconds / 3600), "hour");
  if (seconds < 86_400 * 60) return rtf.format(-Math.round(seconds / 86_400), "day");
  return rtf.format(-Math.round(seconds / (86_400 * 30)), "month");
}

/** Today in a time zone, "YYYY-MM-DD". */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A calendar date moved by whole days: addDays("2026-11-30", 1) -> "2026-12-01". */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const integer = new Intl.NumberFormat("en-US");
/** 12345 -> "12,345". */
export const formatNumber = (n: number) => integer.format(n);

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
/** 12345 -> "12.3K". */
export const formatCompact = (n: number) => compact.format(n);

/** part of whole as "12.5%" ("–" of nothing). */
export function formatPercent(part: number, whole: number): string {
  if (!whole) return "–";
  const p = (part / whole) * 100;
  return `${p >= 99.95 ? "100" : p.toFixed(1)}%`;
}

/** 1 -> "1 item", 3 -> "3 items". */
export const pluralize = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

// <input type="datetime-local"> speaks the browser's local time without a zone; the API speaks instants.

/** An instant as an <input type="datetime-local"> value in local time: "2026-11-21T10:15" ("" for none). */
export function toDateTimeInput(iso: string | Date | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An <input type="datetime-local"> value (local time) as an ISO instant; null when empty or not a time. */
export function fromDateTimeInput(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
