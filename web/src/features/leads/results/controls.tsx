import { DownloadIcon } from "lucide-react";
import { type ReactNode, Suspense } from "react";
import { SelectControl } from "@/components/form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { PeriodPicker } from "@/features/my-work/components/period-picker";
import { formatNumber } from "@/lib/format";
import { lazyWithReload } from "@/lib/lazy";
import type { ResultGroup, ResultPeriod } from "./api";
import { type Drill, GROUPS, MAX_DAYS, PERIODS, useDrill, type useResultPeriod } from "./params";

// The pieces every results page is made of: the period and group controls, the export button, a number
// that opens the leads behind it, the chart (its module loads with the page, after it) and the notice
// of a period too long.

/** The chart module, loaded lazily: a page shows its controls and table while the chart arrives. */
export const ResultsChart = lazyWithReload("lead-results-chart", () => import("./chart"));

export function ChartSlot({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-48 w-full" aria-label="Loading the chart" />}>{children}</Suspense>;
}

export function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  className = "w-36",
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  className?: string;
}) {
  return (
    <FormField label={label} className={className}>
      {(control) => (
        <SelectControl value={value} onValueChange={(v) => onChange(v as T)} options={options} trigger={control} />
      )}
    </FormField>
  );
}

/** The period presets and days, then (when given) the group and a period group's length. */
export function ResultControls({
  period,
  group,
  groups = GROUPS,
  children,
}: {
  period: ReturnType<typeof useResultPeriod>;
  group?: {
    groupBy: ResultGroup;
    period: ResultPeriod;
    setGroupBy: (g: ResultGroup) => void;
    setPeriod: (p: ResultPeriod) => void;
  };
  groups?: typeof GROUPS;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <PeriodPicker presets={period.presets} period={{ from: period.from, to: period.to }} onChange={period.set} />
      {group ? <Choice label="Group by" value={group.groupBy} options={groups} onChange={group.setGroupBy} /> : null}
      {group?.groupBy === "PERIOD" ? (
        <Choice label="Each" value={group.period} options={PERIODS} onChange={group.setPeriod} className="w-28" />
      ) : null}
      {children}
    </div>
  );
}

export function ExportButton({
  disabled,
  onClick,
  label = "Export CSV",
}: {
  disabled: boolean;
  onClick: () => void;
  label?: string;
}) {
  return (
    <Button variant="outline" disabled={disabled} onClick={onClick}>
      <DownloadIcon aria-hidden="true" />
      {label}
    </Button>
  );
}

export function TooLong() {
  return (
    <p role="alert" className="text-destructive text-sm">
      A period may be at most {MAX_DAYS} days long. Choose a shorter one.
    </p>
  );
}

/** A number that opens the leads behind it (zero opens nothing). */
export function DrillNumber({ value, drill, text }: { value: number; drill: Drill; text?: string }) {
  const { open } = useDrill();
  const shown = text ?? formatNumber(value);
  if (!value) return <span className="text-muted-foreground tabular-nums">{shown}</span>;
  return (
    <button
      type="button"
      className="rounded-sm font-medium text-primary tabular-nums underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={`${shown}: open the leads of ${drill.title}`}
      onClick={() => open(drill)}
    >
      {shown}
    </button>
  );
}
