/** The periods both messaging pages offer: the last N days, N the key. */
export const PERIOD_LABELS: Record<string, string> = {
  "7": "Last 7 days",
  "30": "Last 30 days",
  "90": "Last 90 days",
};
