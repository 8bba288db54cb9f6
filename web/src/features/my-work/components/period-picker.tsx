import { useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
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

/** The presets and the From/To days. */
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
  return (
    <div className="flex flex-wrap items-end gap-3">
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">Period</legend>
        {presets.map((p) => {
          const on = p.from === from && p.to === to;
          return (
            <Button
              key={p.id}
              size="sm"
              variant={on ? "default" : "outline"}
              aria-pressed={on}
              onClick={() => onChange({ from: p.from, to: p.to })}
            >
              {p.label}
            </Button>
          );
        })}
      </fieldset>
      <div className="flex items-end gap-2">
        <FormField label="From" className="w-[9.5rem]">
          <Input
            type="date"
            value={from ?? ""}
            max={to ?? "2099-12-31"}
            min="2000-01-01"
            onChange={(e) => onChange({ from: isDay(e.target.value) ? e.target.value : null, to })}
          />
        </FormField>
        <FormField label="To" className="w-[9.5rem]">
          <Input
            type="date"
            value={to ?? ""}
            min={from ?? "2000-01-01"}
            max="2099-12-31"
            onChange={(e) => onChange({ from, to: isDay(e.target.value) ? e.target.value : null })}
          />
        </FormField>
      </div>
    </div>
  );
}
