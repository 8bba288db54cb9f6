import { addDays, todayIn } from "@/lib/format";
import { useOverview } from "@/lib/overview";

// Work is planned in the branch's time zone: "today", a day's bounds and the time typed in a form are
// the branch's wall time, whatever the browser's zone. Dates and times are written by lib/format.

/** The branch's time zone (times are shown and typed as the branch sees them). */
export function useBranchTimeZone(): string {
  return useOverview().overview?.branchTimezone || "America/Chicago";
}

const parts = new Map<string, Intl.DateTimeFormat>();
function wallParts(instant: Date, timeZone: string) {
  let f = parts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    parts.set(timeZone, f);
  }
  const get = (type: string) => Number(f.formatToParts(instant).find((p) => p.type === type)?.value ?? 0);
  return { y: get("year"), mo: get("month"), d: get("day"), h: get("hour"), mi: get("minute"), s: get("second") };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: Date, timeZone: string) {
  const w = wallParts(instant, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** A wall time of the zone ("2026-11-26T09:30") as an instant; null when it is not a time. */
export function wallToInstant(wall: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(wall);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0));
  if (Number.isNaN(asUtc)) return null;
  // Twice: the offset at the guess, then at the instant found (a day that changes clocks).
  let t = asUtc - offsetAt(new Date(asUtc), timeZone);
  t = asUtc - offsetAt(new Date(t), timeZone);
  return new Date(t);
}

/** An instant as the zone's wall time for <input type="datetime-local">: "2026-11-26T09:30". */
export function instantToWall(iso: string | Date, timeZone: string): string {
  const w = wallParts(new Date(iso), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

/** The instants of a period of branch days, [first day's midnight, the day after the last's). */
export function dayRange(from: string, to: string, timeZone: string) {
  return {
    from: wallToInstant(from, timeZone)!.toISOString(),
    to: wallToInstant(addDays(to, 1), timeZone)!.toISOString(),
  };
}

export type Due = "overdue" | "today" | "upcoming";

/** Whether work scheduled at `iso` is overdue (an earlier day), today's, or upcoming, in the branch. */
export function dueOf(iso: string, timeZone: string, today: string): Due {
  const day = todayIn(timeZone, new Date(iso));
  return day < today ? "overdue" : day === today ? "today" : "upcoming";
}

export const isDay = (v: string | null | undefined): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
