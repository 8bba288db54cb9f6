import { useLocation, useSearch } from "wouter";
import { usePeriodParams } from "@/features/my-work/components/period-picker";
import { useBranchTimeZone } from "@/features/my-work/time";
import { addDays, todayIn } from "@/lib/format";
import type { ResultCell, ResultGroup, ResultPeriod } from "./api";

// A report's state in the address: the period of branch days (?from=&to=, the last 30 days unless
// given), the group (?by=source) and a period group's length (?every=week), and the number whose leads
// are open (?drill=..., with its page ?drillPage=), so a link or a reload shows the same thing.

export const GROUPS: { value: ResultGroup; label: string; noun: string }[] = [
  { value: "SOURCE", label: "Source", noun: "source" },
  { value: "FORM", label: "Form", noun: "form" },
  { value: "ZONE", label: "Zone", noun: "zone" },
  { value: "PERSON", label: "Person", noun: "person" },
  { value: "PERIOD", label: "Period", noun: "period" },
];
export const PERIODS: { value: ResultPeriod; label: string }[] = [
  { value: "DAY", label: "Day" },
  { value: "WEEK", label: "Week" },
  { value: "MONTH", label: "Month" },
];
export const MAX_DAYS = 366;

/** A number's cell without its period (the page adds it), and the words the drill-down's title uses. */
export type Drill = Omit<ResultCell, "from" | "to"> & { title: string };

function useParam(name: string) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const value = new URLSearchParams(search).get(name);
  const set = (next: string | null, also: Record<string, string | null> = {}) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries({ [name]: next, ...also })) {
      if (v === null || v === "") p.delete(k);
      else p.set(k, v);
    }
    const text = p.toString();
    navigate(`${location}${text ? `?${text}` : ""}`, { replace: true });
  };
  return [value, set] as const;
}

/** The period (default: the last 30 branch days) and its presets. */
export function useResultPeriod() {
  const today = todayIn(useBranchTimeZone());
  const presets = [
    { id: "7", label: "Last 7 days", from: addDays(today, -6), to: today },
    { id: "30", label: "Last 30 days", from: addDays(today, -29), to: today },
    { id: "90", label: "Last 90 days", from: addDays(today, -89), to: today },
    { id: "365", label: "Last 12 months", from: addDays(today, -364), to: today },
  ];
  const period = usePeriodParams({ from: presets[1]!.from, to: presets[1]!.to });
  const from = period.from ?? presets[1]!.from;
  const to = period.to ?? presets[1]!.to;
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return { from, to, set: period.set, presets, tooLong: days > MAX_DAYS };
}

/** The group (?by=, default `fallback`) and a period group's length (?every=, default week). */
export function useResultGroup(fallback: ResultGroup = "SOURCE") {
  const [by, setBy] = useParam("by");
  const [every, setEvery] = useParam("every");
  const groupBy = GROUPS.find((g) => g.value === by?.toUpperCase())?.value ?? fallback;
  const period = PERIODS.find((p) => p.value === every?.toUpperCase())?.value ?? "WEEK";
  return {
    groupBy,
    period,
    setGroupBy: (g: ResultGroup) => setBy(g === fallback ? null : g.toLowerCase(), { sort: null, dir: null }),
    setPeriod: (p: ResultPeriod) => setEvery(p === "WEEK" ? null : p.toLowerCase()),
  };
}

/** The number whose leads are open (?drill=), opened and closed. */
export function useDrill() {
  const [raw, set] = useParam("drill");
  let drill: Drill | null = null;
  try {
    drill = raw ? (JSON.parse(raw) as Drill) : null;
  } catch {
    drill = null;
  }
  return {
    drill,
    open: (d: Drill) => set(JSON.stringify(d), { drillPage: null }),
    close: () => set(null, { drillPage: null }),
  };
}

/** A simple parameter of the address (the funnel's ?project=). */
export const useSearchParam = useParam;
