import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/**
 * A period's preset buttons (the one matching the period pressed) and its From/To days. The days are
 * YYYY-MM-DD ("" for none); From may not pass To nor To come before From, both within `min`..`max`.
 * `children` follow the days (a spinner while the period's answer loads).
 */
export function PeriodFields<P extends { id: string; label: string }>({
  presets,
  pressed,
  onPreset,
  start,
  end,
  min,
  max = "2099-12-31",
  fieldClassName,
  onStart,
  onEnd,
  children,
}: {
  presets: readonly P[];
  pressed: (preset: P) => boolean;
  onPreset: (preset: P) => void;
  start: string;
  end: string;
  min: string;
  max?: string;
  fieldClassName: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">Period</legend>
        {presets.map((p) => (
          <Button
            key={p.id}
            size="sm"
            variant={pressed(p) ? "default" : "outline"}
            aria-pressed={pressed(p)}
            onClick={() => onPreset(p)}
          >
            {p.label}
          </Button>
        ))}
      </fieldset>
      <div className="flex items-end gap-2">
        <FormField label="From" className={fieldClassName}>
          <Input type="date" value={start} max={end || max} min={min} onChange={(e) => onStart(e.target.value)} />
        </FormField>
        <FormField label="To" className={fieldClassName}>
          <Input type="date" value={end} min={start || min} max={max} onChange={(e) => onEnd(e.target.value)} />
        </FormField>
        {children}
      </div>
    </div>
  );
}
