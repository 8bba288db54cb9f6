import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber, formatPercent } from "@/lib/format";
import type { Channel } from "../api";
import { capitalized, TEXT } from "./channel-text";
import { type ChartPoint, ChartTable, LatencyChart, LoadsChart } from "./charts";
import { Stat } from "./health-parts";

// A channel's totals over the period, and its loads and latency per hour or day.

export type HealthTotals = { loads: number; failures: number; latency: number; late: number; branches: number };

export function HealthTotalsSection({ channel, totals }: { channel: Channel; totals: HealthTotals }) {
  const text = TEXT[channel];
  const relay = channel === "MOBILE_RELAY" || channel === "TERMINAL_RELAY";
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label={capitalized(text.units)} value={formatNumber(totals.loads)} />
      <Stat
        label="Success rate"
        value={formatPercent(totals.loads - totals.failures, totals.loads)}
        hint={`${formatNumber(totals.failures)} failed`}
      />
      <Stat label="Average latency" value={`${formatNumber(totals.latency)} ms`} />
      <Stat
        label={relay ? "Branches not reporting" : "Branches behind"}
        value={String(totals.late)}
        hint={`of ${totals.branches}`}
      />
    </section>
  );
}

export function HealthCharts({
  channel,
  totals,
  points,
  bucket,
}: {
  channel: Channel;
  totals: HealthTotals;
  points: ChartPoint[];
  bucket: "hour" | "day";
}) {
  const text = TEXT[channel];
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{`${capitalized(text.units)} per ${bucket}`}</CardTitle>
          <CardDescription>
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="size-2.5 rounded-sm bg-success" /> succeeded
            </span>{" "}
            <span className="ml-3 inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="size-2.5 rounded-sm bg-destructive" /> failed
            </span>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          {totals.loads ? (
            <>
              <LoadsChart
                points={points}
                bucket={bucket}
                title={`${text.units} per ${bucket}: ${formatNumber(totals.loads)} in all, ${formatNumber(totals.failures)} failed`}
              />
              <ChartTable points={points} bucket={bucket} />
            </>
          ) : (
            <p className="py-8 text-center text-muted-foreground text-sm">No {text.units} in this period.</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Average latency</CardTitle>
          <CardDescription>
            Milliseconds per {text.unit}, averaged over each {bucket}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {totals.loads ? (
            <LatencyChart
              points={points}
              bucket={bucket}
              title={`Average latency per ${bucket}: ${formatNumber(totals.latency)} ms over the period`}
            />
          ) : (
            <p className="py-8 text-center text-muted-foreground text-sm">No {text.units} in this period.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
