import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * How much of an allowance is used: a bar with marks at the warning and cutoff percents. Amber from
 * the warning, red from the cutoff. The text says the same for screen readers and in print.
 */
export function ResourceUsageBar({
  label,
  used,
  limit,
  warningPercent,
  cutoffPercent,
  className,
}: {
  label: string;
  used: number;
  limit: number;
  warningPercent: number;
  cutoffPercent: number;
  className?: string;
}) {
  const percent = limit > 0 ? (used / limit) * 100 : 0;
  const state = percent >= cutoffPercent ? "cutoff" : percent >= warningPercent ? "warning" : "ok";
  // The bar's scale reaches the cutoff (which may be above 100%).
  const scale = Math.max(100, cutoffPercent);
  const at = (p: number) => `${Math.min(100, (p / scale) * 100)}%`;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {formatNumber(used)} of {formatNumber(limit)} ({Math.round(percent * 10) / 10}%)
        </span>
      </div>
      <meter
        className="sr-only"
        aria-label={`${label} used`}
        min={0}
        max={Math.max(limit, 1)}
        low={(limit * warningPercent) / 100}
        high={(limit * cutoffPercent) / 100}
        value={used}
        title={`${Math.round(percent)}% used; warning at ${warningPercent}%, cut off at ${cutoffPercent}%`}
      />
      <div aria-hidden="true" className="relative h-2.5 overflow-hidden rounded-full bg-muted">
        <div
          className={cn(
            "h-full rounded-full transition-[width]",
            state === "cutoff" ? "bg-destructive" : state === "warning" ? "bg-warning" : "bg-success",
          )}
          style={{ width: at(percent) }}
        />
        <span
          aria-hidden="true"
          className="absolute inset-y-0 w-0.5 bg-foreground/40"
          style={{ left: at(warningPercent) }}
        />
        <span
          aria-hidden="true"
          className="absolute inset-y-0 w-0.5 bg-foreground/70"
          style={{ left: at(cutoffPercent) }}
        />
      </div>
      <div className="flex flex-wrap justify-between gap-x-3 text-muted-foreground text-xs">
        <span>
          Warning at {warningPercent}% · cut off at {cutoffPercent}%
        </span>
        {state !== "ok" ? (
          <span className={cn("font-medium", state === "cutoff" ? "text-destructive" : "text-warning")}>
            {state === "cutoff" ? "Cut off" : "Past the warning"}
          </span>
        ) : null}
      </div>
    </div>
  );
}
