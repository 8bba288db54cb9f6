import { useMemo } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

// The periods the telemetry pages offer: they end at the next whole hour (the hourly rollups' step), so
// a period stays the same query key for the rest of the hour.

export const PERIODS = {
  "24h": { label: "Last 24 hours", hours: 24 },
  "7d": { label: "Last 7 days", hours: 7 * 24 },
  "30d": { label: "Last 30 days", hours: 30 * 24 },
} as const;
export type PeriodKey = keyof typeof PERIODS;

export function usePeriod(key: PeriodKey) {
  return useMemo(() => {
    const hour = 3_600_000;
    const end = Math.ceil((Date.now() + 1) / hour) * hour;
    return {
      start: new Date(end - PERIODS[key].hours * hour).toISOString(),
      end: new Date(end).toISOString(),
    };
  }, [key]);
}

export function PeriodSelect({
  value,
  onChange,
  id,
}: {
  value: PeriodKey;
  onChange: (v: PeriodKey) => void;
  id?: string;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as PeriodKey)}>
      <SelectTrigger id={id} className="w-full sm:w-44" aria-label={id ? undefined : "Period"}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {(Object.keys(PERIODS) as PeriodKey[]).map((k) => (
          <SelectItem key={k} value={k}>
            {PERIODS[k].label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function formatWhen(value: string | null | undefined, empty = "Never"): string {
  if (!value) return empty;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? empty : dateTime.format(d);
}

/** "4 min ago", "3 h ago", "2 days ago". */
export function ago(value: string | null | undefined, now = Date.now()): string {
  if (!value) return "never";
  const minutes = Math.max(0, Math.round((now - Date.parse(value)) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export const numberFormat = new Intl.NumberFormat("en-US");

export function percent(part: number, whole: number): string {
  if (!whole) return "–";
  const p = (part / whole) * 100;
  return `${p >= 99.95 ? "100" : p.toFixed(1)}%`;
}
