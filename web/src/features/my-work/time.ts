import { wallInstant, wallParts } from "@shared/wall-time.ts";
import { addDays, todayIn } from "@/lib/format";
import { useOverview } from "@/lib/overview";

// Work is planned in the branch's time zone: "today", a day's bounds and the time typed in a form are
// the branch's wall time, whatever the browser's zone. Dates and times are written by lib/format.

/** The branch's time zone (times are shown and typed as the branch sees them). */
export function useBranchTimeZone(): string {
  return useOverview().overview?.branchTimezone || "America/Chicago";
}

/** A wall time of the zone ("2026-11-26T09:30") as an instant; null when it is not a time. */
export function wallToInstant(wall: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(wall);
  if (!m) return null;
  const [y, mo, d, h, mi] = [+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0)];
  return Number.isNaN(Date.UTC(y, mo - 1, d, h, mi)) ? null : wallInstant(timeZone, y, mo, d, h, mi);
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
