import type { ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { PeriodFields } from "@/components/period-fields";
import { addDays, todayIn } from "@/lib/format";
import { useBranchTimeZone } from "../format";

// The analytics' period, in the address (?start=&end=, calendar days of the branch's time zone): the
// last 30 days unless chosen; a start after the end falls back to the default; at most 366 days are
// reported. A preset is pressed when the period is exactly its last N days up to today.

const PRESETS = [
  { id: "7", label: "Last 7 days", days: 7 },
  { id: "30", label: "Last 30 days", days: 30 },
  { id: "90", label: "Last 90 days", days: 90 },
] as const;

const isDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;

export type AnalyticsPeriod = ReturnType<typeof useAnalyticsPeriod>;

export function useAnalyticsPeriod() {
  const tz = useBranchTimeZone();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const today = todayIn(tz);
  const params = new URLSearchParams(search);
  const endParam = params.get("end");
  const startParam = params.get("start");
  const end = isDate(endParam) ? endParam : today;
  const start = isDate(startParam) && startParam <= end ? startParam : addDays(end, -29);
  const length = daysBetween(start, end);
  const preset = end === today ? PRESETS.find((p) => p.days === length)?.id : undefined;
  // The period just before, as long, for the totals' changes.
  const prevEnd = addDays(start, -1);
  const prevStart = addDays(prevEnd, -(length - 1));
  const setPeriod = (s: string, e: string) => {
    const next = new URLSearchParams(search);
    next.set("start", s);
    next.set("end", e);
    navigate(`${location}?${next}`, { replace: true });
  };
  return { tz, today, start, end, prevStart, prevEnd, tooLong: length > 366, preset, setPeriod };
}

/** The presets and the From/To days. */
export function PeriodPicker({ period, updating }: { period: AnalyticsPeriod; updating: ReactNode }) {
  const { today, start, end, preset, setPeriod } = period;
  return (
    <PeriodFields
      presets={PRESETS}
      pressed={(p) => preset === p.id}
      onPreset={(p) => setPeriod(addDays(today, -(p.days - 1)), today)}
      start={start}
      end={end}
      min="1900-01-01"
      fieldClassName="w-40"
      onStart={(v) => isDate(v) && setPeriod(v, end)}
      onEnd={(v) => isDate(v) && setPeriod(start, v)}
    >
      {updating}
    </PeriodFields>
  );
}
