import { useId } from "react";
import { type BarSeries, SeriesLegend } from "@/components/stacked-bar-chart";
import { formatCalendarDate, formatNumber } from "@/lib/format";
import { useMediaQuery } from "@/lib/use-media-query";

// A small inline-SVG bar chart (no chart library: the page draws a few dozen bars): per day, one bar
// per series side by side, a light grid with three value lines and a date label every few days. The
// numbers are also in a table for screen readers and for anyone who wants the exact values.

export type Series = BarSeries;

// Drawn on a narrower canvas below 640px, so its text stays readable when the chart is scaled down.
const WIDE = { W: 720, H: 220, labels: 8 };
const NARROW = { W: 360, H: 200, labels: 4 };
const PAD = { top: 12, right: 8, bottom: 24, left: 36 };

function niceMax(v: number): number {
  if (v <= 5) return 5;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

/** A day ("2026-11-21") as "Nov 21". */
const dayLabel = (date: string) => formatCalendarDate(date, "short");

export function DailyBars<T extends { date: string }>({
  title,
  days,
  series,
  value,
}: {
  title: string;
  days: T[];
  series: Series[];
  value: (day: T, key: string) => number;
}) {
  const id = useId();
  const { W, H, labels } = useMediaQuery("(min-width: 640px)") ? WIDE : NARROW;
  const max = niceMax(Math.max(1, ...days.flatMap((d) => series.map((s) => value(d, s.key)))));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(days.length, 1);
  const barW = Math.max(1, (slot * 0.8) / series.length);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const labelEvery = Math.max(1, Math.ceil(days.length / labels));

  return (
    <figure className="grid gap-2" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-sm">{title}</span>
        <span className="flex flex-wrap gap-3 text-muted-foreground text-xs">
          <SeriesLegend series={series} />
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={`${title}, per day`}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(max * f)}
              y2={y(max * f)}
              className="stroke-border"
              strokeDasharray={f === 0 ? undefined : "3 3"}
            />
            <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
              {formatNumber(Math.round(max * f))}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x0 = PAD.left + i * slot + slot * 0.1;
          return (
            <g key={d.date}>
              {series.map((s, j) => {
                const v = value(d, s.key);
                return (
                  <rect
                    key={s.key}
                    x={x0 + j * barW}
                    y={y(v)}
                    width={Math.max(barW - 1, 1)}
                    height={Math.max(y(0) - y(v), 0)}
                    rx={1}
                    className={s.className}
                  >
                    <title>{`${dayLabel(d.date)}: ${formatNumber(v)} ${s.label.toLowerCase()}`}</title>
                  </rect>
                );
              })}
              {i % labelEvery === 0 ? (
                <text
                  x={x0 + (slot * 0.8) / 2}
                  y={H - 6}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[11px]"
                >
                  {dayLabel(d.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground text-xs">Show the numbers</summary>
        <div className="max-h-64 overflow-auto">
          <table className="w-full text-xs">
            <thead>
              <tr>
                <th className="py-1 text-left font-medium">Day</th>
                {series.map((s) => (
                  <th key={s.key} className="py-1 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date} className="border-t">
                  <td className="py-1">{dayLabel(d.date)}</td>
                  {series.map((s) => (
                    <td key={s.key} className="py-1 text-right tabular-nums">
                      {formatNumber(value(d, s.key))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
