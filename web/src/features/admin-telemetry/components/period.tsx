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
