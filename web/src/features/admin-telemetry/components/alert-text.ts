import { formatDateTime } from "@/lib/format";
import type { ErrorAlertRow, ExclusionRow } from "../api";
import { severityLabel } from "./severity";

// How the alerts page words an alert's rule, its events and an exclusion's period.

export const eventLabel = (kind: string) =>
  kind === "RAISED" ? "Raised" : kind === "REMINDED" ? "Reminder" : kind === "CLEARED" ? "Cleared" : kind;

/** "≥ 10 fatal in 24 h", "≥ 40 error or worse in 15 min". */
export function rule(a: ErrorAlertRow) {
  const what =
    a.severity === "FATAL"
      ? "fatal"
      : a.severity === "INFO"
        ? "errors of any severity"
        : `${severityLabel(a.severity).toLowerCase()} or worse`;
  const window = a.windowMinutes % 60 === 0 ? `${a.windowMinutes / 60} h` : `${a.windowMinutes} min`;
  return `≥ ${a.threshold} ${what} in ${window}`;
}

export function exclusionPeriod(x: ExclusionRow) {
  return `${formatDateTime(x.start)} – ${x.end ? formatDateTime(x.end) : "until removed"}`;
}
