import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";

// Small SVG charts drawn here (no chart library): sized to their container, labelled for screen
// readers with a summary (each chart on the page also has its figures in a table).

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    setWidth(Math.floor(el.getBoundingClientRect().width));
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** 4-5 "nice" ticks from 0 to at least `max`. */
export function niceTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step * 0.001; v += step) ticks.push(v);
  if ((ticks.at(-1) ?? 0) < max) ticks.push((ticks.at(-1) ?? 0) + step);
  return ticks;
}

const PAD = { top: 10, right: 8, bottom: 24, left: 52 };

type Point = { label: string; value: number };

/** Labels of the x axis: at most ~8, evenly spread. */
function xLabelIndexes(n: number, width: number) {
  const fit = Math.max(2, Math.floor(width / 70));
  const every = Math.max(1, Math.ceil(n / fit));
  return new Set(Array.from({ length: n }, (_, i) => i).filter((i) => i % every === 0));
}

function Axis({
  ticks,
  y,
  innerWidth,
  format,
}: {
  ticks: number[];
  y: (v: number) => number;
  innerWidth: number;
  format: (v: number) => string;
}) {
  return (
    <g>
      {ticks.map((t) => (
        <g key={t} transform={`translate(0, ${y(t)})`}>
          <line
            x1={PAD.left}
            x2={PAD.left + innerWidth}
            className="stroke-border"
            strokeDasharray={t === 0 ? undefined : "3 3"}
          />
          <text x={PAD.left - 6} dy="0.32em" textAnchor="end" className="fill-muted-foreground text-[10px]">
            {format(t)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** One bar per point (e.g. sales per day). */
export function BarChart({
  data,
  label,
  format,
  height = 220,
  className,
}: {
  data: Point[];
  label: string;
  format: (v: number) => string;
  height?: number;
  className?: string;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const innerWidth = Math.max(0, width - PAD.left - PAD.right);
  const innerHeight = height - PAD.top - PAD.bottom;
  const ticks = niceTicks(Math.max(0, ...data.map((d) => d.value)));
  const top = ticks.at(-1) ?? 1;
  const y = (v: number) => PAD.top + innerHeight - (v / top) * innerHeight;
  const slot = data.length ? innerWidth / data.length : 0;
  const barWidth = Math.max(1, Math.min(28, slot * 0.7));
  const labels = xLabelIndexes(data.length, innerWidth);
  return (
    <div ref={ref} className={cn("w-full", className)}>
      {width > 0 ? (
        <svg width={width} height={height} role="img" aria-label={label}>
          <Axis ticks={ticks} y={y} innerWidth={innerWidth} format={format} />
          {data.map((d, i) => {
            const x = PAD.left + slot * i + (slot - barWidth) / 2;
            const h = Math.max(d.value > 0 ? 1 : 0, PAD.top + innerHeight - y(d.value));
            return (
              <g key={d.label}>
                <rect
                  x={x}
                  y={PAD.top + innerHeight - h}
                  width={barWidth}
                  height={h}
                  rx={Math.min(3, barWidth / 3)}
                  className="fill-primary transition-opacity hover:opacity-75"
                >
                  <title>{`${d.label}: ${format(d.value)}`}</title>
                </rect>
                {labels.has(i) ? (
                  <text
                    x={PAD.left + slot * i + slot / 2}
                    y={height - 6}
                    textAnchor="middle"
                    className="fill-muted-foreground text-[10px]"
                  >
                    {d.label}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      ) : (
        <div style={{ height }} />
      )}
    </div>
  );
}

export type Series = {
  name: string;
  values: number[];
  className: string;
  dotClassName: string;
  swatchClassName: string;
};

/** Lines over the same x labels (e.g. carts and orders per day). */
export function LineChart({
  labels,
  series,
  label,
  format = (v) => String(v),
  height = 220,
  className,
}: {
  labels: string[];
  series: Series[];
  label: string;
  format?: (v: number) => string;
  height?: number;
  className?: string;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const innerWidth = Math.max(0, width - PAD.left - PAD.right);
  const innerHeight = height - PAD.top - PAD.bottom;
  const ticks = niceTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks.at(-1) ?? 1;
  const y = (v: number) => PAD.top + innerHeight - (v / top) * innerHeight;
  const x = (i: number) => PAD.left + (labels.length <= 1 ? innerWidth / 2 : (innerWidth * i) / (labels.length - 1));
  const shown = xLabelIndexes(labels.length, innerWidth);
  return (
    <div ref={ref} className={cn("grid w-full gap-2", className)}>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs" aria-hidden="true">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-1.5">
            <span className={cn("inline-block size-2.5 rounded-full", s.swatchClassName)} />
            {s.name}
          </li>
        ))}
      </ul>
      {width > 0 ? (
        <svg width={width} height={height} role="img" aria-label={label}>
          <Axis ticks={ticks} y={y} innerWidth={innerWidth} format={format} />
          {labels.map((l, i) =>
            shown.has(i) ? (
              <text key={l} x={x(i)} y={height - 6} textAnchor="middle" className="fill-muted-foreground text-[10px]">
                {l}
              </text>
            ) : null,
          )}
          {series.map((s) => (
            <g key={s.name}>
              <polyline
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                strokeLinecap="round"
                className={s.className}
                points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(" ")}
              />
              {labels.length <= 45
                ? s.values.map((v, i) => (
                    <circle key={labels[i]} cx={x(i)} cy={y(v)} r={3} className={s.dotClassName}>
                      <title>{`${labels[i]}: ${format(v)} ${s.name.toLowerCase()}`}</title>
                    </circle>
                  ))
                : null}
            </g>
          ))}
        </svg>
      ) : (
        <div style={{ height }} />
      )}
    </div>
  );
}

/** Horizontal bars against the largest value (a ranking or a funnel). */
export function HorizontalBars({
  rows,
  format,
  label,
}: {
  rows: { label: string; value: number; note?: string }[];
  format: (v: number) => string;
  label: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ul className="grid gap-2.5" aria-label={label}>
      {rows.map((r) => (
        <li key={r.label} className="grid gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="truncate">{r.label}</span>
            <span className="shrink-0 font-medium tabular-nums">
              {format(r.value)}
              {r.note ? <span className="ml-1.5 font-normal text-muted-foreground text-xs">{r.note}</span> : null}
            </span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-primary" style={{ width: `${(r.value / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
