import { useOverview } from "@/lib/overview";

/** The branch's time zone (times are shown as the branch sees them). */
export function useBranchTimeZone(): string {
  return useOverview().overview?.branchTimezone || "America/Chicago";
}

/** "Nov 21, 10:15 AM" (the year only when it is not this year), in the branch's time zone. */
export function formatDateTime(iso: string, timeZone: string, now = new Date()): string {
  const d = new Date(iso);
  const year = (x: Date) => new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric" }).format(x);
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    ...(year(d) !== year(now) ? { year: "numeric" } : {}),
    hour: "numeric",
    minute: "2-digit",
  }).format(d);
}

/** A calendar date "YYYY-MM-DD" as "Nov 21, 2026" (no time zone shift). */
export function formatDate(date: string | null | undefined, style: "short" | "medium" = "medium"): string {
  if (!date) return "";
  const d = new Date(`${date.slice(0, 10)}T12:00:00Z`);
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    ...(style === "medium" ? { year: "numeric" } : {}),
  }).format(d);
}

/** "5 minutes ago", "3 hours ago", "2 days ago". */
export function timeAgo(iso: string, now = Date.now()): string {
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

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
