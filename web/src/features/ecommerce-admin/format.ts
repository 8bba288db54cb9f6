import { useOverview } from "@/lib/overview";

// Dates, times and numbers come from lib/format; this is only where the branch's time zone is read.

/** The branch's time zone (times are shown as the branch sees them). */
export function useBranchTimeZone(): string {
  return useOverview().overview?.branchTimezone || "America/Chicago";
}
