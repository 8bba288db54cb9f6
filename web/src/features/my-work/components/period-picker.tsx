import { useLocation, useSearch } from "wouter";
import { PeriodFields } from "@/components/period-fields";
import { isDay } from "../time";

// A period of branch days in the address (?from=&to=, "2026-11-26"), with presets. A day left out is
// open on that side (my work without a start shows overdue work too); a start after the end is ignored.

export type PeriodPreset = { id: string; label: string; from: string | null; to: string | null };
export type Period = { from: string | null; to: string | null };

/** The period of the address, else `fallback`; `set` writes it back (a preset's days, or none). */
export function usePeriodParams(fallback: Period) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const given = params.has("from") || params.has("to");
  const from = given ? (isDay(params.get("from")) ? params.get("from") : null) : fallback.from;
  const to = given ? (isDay(params.get("to")) ? params.get("to") : null) : fallback.to;
  const valid = !(from && to && from > to);
  const set = (next: Period) => {
    const p = new URLSearchParams(search);
    const same = next.from === fallback.from && next.to === fallback.to;
    p.delete("from");
    p.delete("to");
    p.delete("page");
    if (!same) {
      p.set("from", next.from ?? "");
      p.set("to", next.to ?? "");
    }
    const text = p.toString();
    navigate(`${location}${text ? `?${text}` : ""}`, { replace: true });
  };
  return { from: valid ? from : null, to: valid ? to : null, set };
}

/** The presets and the From/To days; a day cleared or typed only in part is none. */
export function PeriodPicker({
  presets,
  period,
  onChange,
}: {
  presets: readonly PeriodPreset[];
  period: Period;
  onChange: (next: Period) => void;
}) {
  const { from, to } = period;
  const day = (value: string) => (isDay(value) ? value : null);
  return (
    <PeriodFields
      presets={presets}
      pressed={(p) => p.from === from && p.to === to}
      onPreset={(p) => onChange({ from: p.from, to: p.to })}
      start={from ?? ""}
      end={to ?? ""}
      min="2000-01-01"
      fieldClassName="w-[9.5rem]"
      onStart={(value) => onChange({ from: day(value), to })}
      onEnd={(value) => onChange({ from, to: day(value) })}
    />
  );
}
