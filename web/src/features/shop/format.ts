// Dates in the shop: route dates are calendar dates ("YYYY-MM-DD"), shown as written; instants are
// shown in the branch's time zone when known.

const dateFormats = {
  long: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  medium: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
  short: { month: "short", day: "numeric", year: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** "2026-11-30" -> "Monday, November 30, 2026" (long), "Mon, Nov 30, 2026" (medium), "Nov 30, 2026" (short). */
export function formatDate(date: string | null | undefined, style: keyof typeof dateFormats = "long"): string {
  if (!date) return "";
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return "";
  return new Intl.DateTimeFormat("en-US", { ...dateFormats[style], timeZone: "UTC" }).format(d);
}

/** An instant as a date in a time zone: "Nov 4, 2026". */
export function formatInstantDate(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  try {
    return new Intl.DateTimeFormat("en-US", { ...dateFormats.short, timeZone: timeZone || undefined }).format(d);
  } catch {
    return new Intl.DateTimeFormat("en-US", dateFormats.short).format(d);
  }
}

export const pluralize = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
