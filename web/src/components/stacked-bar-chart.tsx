import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

// A small horizontal stacked bar chart drawn in SVG (no chart library): one bar per row, its parts
// side by side in the series' colours, all bars on one scale (the largest row fills the width). Each
// bar is an SVG stretched to its row, so it fits any width without measuring; labels and totals are
// text beside it. Screen readers get a summary per row (the page shows the figures in a table too).

export type BarSeries = { key: string; label: string; className: string };
export type BarRow = { key: string; label: string; values: Record<string, number> };

const BAR_HEIGHT = 10;

/** A chart's key (this one's and the daily bars'): a swatch in each series' colour before its name. */
export function SeriesLegend({ series }: { series: BarSeries[] }) {
  return (
    <>
      {series.map((s) => (
        <span key={s.key} className="flex items-center gap-1.5">
          <svg aria-hidden="true" viewBox="0 0 10 10" className="size-2.5">
            <rect width="10" height="10" rx="2" className={s.className} />
          </svg>
          {s.label}
        </span>
      ))}
    </>
  );
}

export function StackedBarChart({
  rows,
  series,
  label,
  maxRows = 12,
  className,
}: {
  rows: BarRow[];
  series: BarSeries[];
  /** What the chart shows, e.g. "Activities by person". */
  label: string;
  /** Rows beyond this are summed into one "Others" bar. */
  maxRows?: number;
  className?: string;
}) {
  const sum = (r: BarRow) => series.reduce((t, s) => t + (r.values[s.key] ?? 0), 0);
  let shown = rows;
  if (rows.length > maxRows) {
    const rest = rows.slice(maxRows - 1);
    const others: BarRow = { key: "__others", label: `${rest.length} others`, values: {} };
    for (const s of series) others.values[s.key] = rest.reduce((t, r) => t + (r.values[s.key] ?? 0), 0);
    shown = [...rows.slice(0, maxRows - 1), others];
  }
  const max = Math.max(1, ...shown.map(sum));
  return (
    <figure className={cn("grid gap-3", className)} aria-label={label}>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-xs">
        <SeriesLegend series={series} />
      </figcaption>
      <ul className="grid gap-2">
        {shown.map((r) => {
          const total = sum(r);
          let x = 0;
          return (
            <li
              key={r.key || "none"}
              className="grid grid-cols-[minmax(0,7rem)_1fr_auto] items-center gap-2 text-sm sm:grid-cols-[minmax(0,14rem)_1fr_auto]"
            >
              <span className="truncate" title={r.label}>
                {r.label}
              </span>
              <svg
                role="img"
                aria-label={`${r.label}: ${series.map((s) => `${formatNumber(r.values[s.key] ?? 0)} ${s.label.toLowerCase()}`).join(", ")}`}
                viewBox={`0 0 ${max} ${BAR_HEIGHT}`}
                preserveAspectRatio="none"
                className="h-3 w-full overflow-visible rounded-sm bg-muted"
              >
                {series.map((s) => {
                  const v = r.values[s.key] ?? 0;
                  const rect =
                    v > 0 ? <rect key={s.key} x={x} width={v} height={BAR_HEIGHT} className={s.className} /> : null;
                  x += v;
                  return rect;
                })}
              </svg>
              <span className="text-right text-muted-foreground text-xs tabular-nums">{formatNumber(total)}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
