import { useId } from "react";
import { formatCompact, formatInstantDate } from "@/lib/format";
import { cn } from "@/lib/utils";

// Small inline SVG charts for the health pages (no chart library): stacked bars of successes and
// failures, and a line of average latency. Each chart names what it shows for screen readers and has a
// table of the same numbers behind a <details> for anyone who wants them exact.

export type ChartPoint = { at: string; successes: number; failures: number; averageLatencyMs: number };

const W = 600;
const H = 160;
const PAD = { top: 10, right: 8, bottom: 24, left: 48 };

const hourFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric" });

/** An hour bucket as "3 PM" (local); a day bucket (a UTC day) as "Nov 21". */
function label(at: string, bucket: "hour" | "day") {
  return bucket === "hour" ? hourFormat.format(new Date(at)) : formatInstantDate(at, "UTC", "short");
}

/** Every nth label so that at most ~7 fit under the axis. */
const tickEvery = (n: number) => Math.max(1, Math.ceil(n / 7));

function Frame({
  max,
  unit,
  children,
  titleId,
  title,
}: {
  max: number;
  unit: string;
  children: React.ReactNode;
  titleId: string;
  title: string;
}) {
  const innerH = H - PAD.top - PAD.bottom;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={titleId}
      className="h-auto w-full overflow-visible"
      preserveAspectRatio="none"
    >
      <title id={titleId}>{title}</title>
      {[0, 0.5, 1].map((f) => {
        const y = PAD.top + innerH * (1 - f);
        return (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y}
              y2={y}
              className="stroke-border"
              strokeDasharray={f ? "3 3" : undefined}
            />
            <text x={PAD.left - 6} y={y + 3} textAnchor="end" className="fill-muted-foreground text-[12px]">
              {formatCompact(f === 0.5 && max < 20 ? max / 2 : Math.round(max * f))}
              {f === 1 ? unit : ""}
            </text>
          </g>
        );
      })}
      {children}
    </svg>
  );
}

/** Successes (green) and failures (red) per bucket, stacked. */
export function LoadsChart({ points, bucket, title }: { points: ChartPoint[]; bucket: "hour" | "day"; title: string }) {
  const titleId = useId();
  const max = Math.max(1, ...points.map((p) => p.successes + p.failures));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(points.length, 1);
  const bar = Math.max(1, slot * 0.7);
  const every = tickEvery(points.length);
  const y = (v: number) => (v / max) * innerH;
  return (
    <Frame max={max} unit="" titleId={titleId} title={title}>
      {points.map((p, i) => {
        const x = PAD.left + i * slot + (slot - bar) / 2;
        const ok = y(p.successes);
        const bad = y(p.failures);
        const base = PAD.top + innerH;
        return (
          <g key={p.at}>
            <rect x={x} y={base - ok} width={bar} height={ok} className="fill-success" rx={1}>
              <title>{`${label(p.at, bucket)}: ${p.successes} succeeded, ${p.failures} failed`}</title>
            </rect>
            {p.failures ? (
              <rect
                x={x}
                y={base - ok - bad}
                width={bar}
                height={Math.max(bad, 1.5)}
                className="fill-destructive"
                rx={1}
              >
                <title>{`${label(p.at, bucket)}: ${p.failures} failed`}</title>
              </rect>
            ) : null}
            {i % every === 0 ? (
              <text x={x + bar / 2} y={H - 6} textAnchor="middle" className="fill-muted-foreground text-[12px]">
                {label(p.at, bucket)}
              </text>
            ) : null}
          </g>
        );
      })}
    </Frame>
  );
}

/** Average latency per bucket as a line. */
export function LatencyChart({
  points,
  bucket,
  title,
}: {
  points: ChartPoint[];
  bucket: "hour" | "day";
  title: string;
}) {
  const titleId = useId();
  const withLoads = points.filter((p) => p.successes + p.failures > 0);
  const max = Math.max(1, ...withLoads.map((p) => p.averageLatencyMs));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(points.length, 1);
  const every = tickEvery(points.length);
  const xy = points.map((p, i) => ({
    p,
    x: PAD.left + i * slot + slot / 2,
    y: PAD.top + innerH - (p.averageLatencyMs / max) * innerH,
  }));
  const path = xy
    .filter(({ p }) => p.successes + p.failures > 0)
    .map(({ x, y }, i) => `${i ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`)
    .join(" ");
  return (
    <Frame max={max} unit=" ms" titleId={titleId} title={title}>
      <path d={path} className="fill-none stroke-primary" strokeWidth={2} strokeLinejoin="round" />
      {xy.map(({ p, x, y }, i) => (
        <g key={p.at}>
          {p.successes + p.failures > 0 && points.length <= 60 ? (
            <circle cx={x} cy={y} r={2.5} className="fill-primary">
              <title>{`${label(p.at, bucket)}: ${p.averageLatencyMs} ms`}</title>
            </circle>
          ) : null}
          {i % every === 0 ? (
            <text x={x} y={H - 6} textAnchor="middle" className="fill-muted-foreground text-[12px]">
              {label(p.at, bucket)}
            </text>
          ) : null}
        </g>
      ))}
    </Frame>
  );
}

/** The numbers behind a chart, folded away. */
export function ChartTable({
  points,
  bucket,
  className,
}: {
  points: ChartPoint[];
  bucket: "hour" | "day";
  className?: string;
}) {
  return (
    <details className={cn("text-sm", className)}>
      <summary className="cursor-pointer text-muted-foreground">Show the numbers</summary>
      <div className="mt-2 max-h-64 overflow-auto">
        <table className="w-full text-right tabular-nums">
          <thead className="text-muted-foreground">
            <tr>
              <th className="text-left font-medium">{bucket === "hour" ? "Hour" : "Day"}</th>
              <th className="font-medium">Succeeded</th>
              <th className="font-medium">Failed</th>
              <th className="font-medium">Avg latency</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.at} className="border-t">
                <td className="text-left">{label(p.at, bucket)}</td>
                <td>{p.successes}</td>
                <td>{p.failures}</td>
                <td>{p.averageLatencyMs} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Fills the buckets with no traffic with zeros, so a gap in reporting shows as a gap. */
export function fillBuckets(points: ChartPoint[], start: string, end: string, bucket: "hour" | "day"): ChartPoint[] {
  const step = bucket === "hour" ? 3_600_000 : 86_400_000;
  const byTime = new Map(points.map((p) => [Math.floor(Date.parse(p.at) / step) * step, p]));
  const out: ChartPoint[] = [];
  const first = Math.floor(Date.parse(start) / step) * step;
  for (let t = first; t < Date.parse(end); t += step) {
    out.push(byTime.get(t) ?? { at: new Date(t).toISOString(), successes: 0, failures: 0, averageLatencyMs: 0 });
  }
  return out;
}
