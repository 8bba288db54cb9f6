import { useId, useMemo, useState } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { type Channel, useTelemetryMetrics } from "../api";
import { TEXT } from "../components/channel-text";
import { fillBuckets } from "../components/charts";
import { HealthCharts, HealthTotalsSection } from "../components/health-charts";
import { RecentLoads } from "../components/health-parts";
import { BranchesCard, SourcesCard } from "../components/health-tables";
import { type PeriodKey, PeriodSelect, usePeriod } from "../components/period";

// admin/syncing-analytics, admin/wtd-syncing, admin/mobile-syncs, admin/terminal-relays: the health of
// one telemetry channel: totals, loads and latency over time, each branch, and (relays) each device or
// (sync) a branch's recent loads.

const ALL = "all";

export function HealthPage({ channel }: { channel: Channel }) {
  const text = TEXT[channel];
  const [periodKey, setPeriodKey] = useState<PeriodKey>("7d");
  const [branchId, setBranchId] = useState<string>(ALL);
  const period = usePeriod(periodKey);
  const all = useTelemetryMetrics(channel, period, null);
  // the same query as `all` (shared) until a branch is chosen
  const one = useTelemetryMetrics(channel, period, branchId === ALL ? null : branchId);
  const periodId = useId();
  const branchSelectId = useId();

  const metrics = branchId === ALL ? all.metrics : (one.metrics ?? undefined);
  const branches = all.metrics?.branches ?? [];
  const points = useMemo(
    () => (metrics ? fillBuckets(metrics.series, metrics.start, metrics.end, metrics.bucket as "hour" | "day") : []),
    [metrics],
  );
  const totals = useMemo(() => {
    const rows = metrics?.branches ?? [];
    const loads = rows.reduce((s, b) => s + b.loads, 0);
    const failures = rows.reduce((s, b) => s + b.failures, 0);
    const latency = rows.reduce((s, b) => s + b.averageLatencyMs * b.loads, 0);
    const late = rows.filter(
      (b) => !b.lastSuccessAt || Date.now() - Date.parse(b.lastSuccessAt) > text.lateAfterMs(b),
    ).length;
    return { loads, failures, latency: loads ? Math.round(latency / loads) : 0, late, branches: rows.length };
  }, [metrics, text]);
  const bucket = (metrics?.bucket ?? "day") as "hour" | "day";
  const sources = (all.metrics?.sources ?? []).filter((s) => branchId === ALL || s.branch.id === branchId);
  const relay = channel === "MOBILE_RELAY" || channel === "TERMINAL_RELAY";

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={text.title} />
      <PageHeader title={text.title} description={text.description} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={periodId}>Period</Label>
          <PeriodSelect id={periodId} value={periodKey} onChange={setPeriodKey} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={branchSelectId}>Branch</Label>
          <Select value={branchId} onValueChange={setBranchId}>
            <SelectTrigger id={branchSelectId} className="w-full sm:w-64">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All branches</SelectItem>
              {branches.map((b) => (
                <SelectItem key={b.branch.id} value={b.branch.id}>
                  {b.branch.branchNumber} · {b.branch.company}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {all.error ? <QueryError error={all.error} onRetry={() => all.refetch()} /> : null}
      {!metrics && !all.error ? (
        <div className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
          <Skeleton className="h-56" />
        </div>
      ) : null}

      {metrics ? (
        <>
          <HealthTotalsSection channel={channel} totals={totals} />
          <HealthCharts channel={channel} totals={totals} points={points} bucket={bucket} />
          <BranchesCard channel={channel} metrics={metrics} />
          {relay ? (
            <SourcesCard channel={channel} sources={sources} />
          ) : branchId !== ALL ? (
            <RecentLoads branchId={branchId} channel={channel === "WTD_SYNC" ? "WTD_SYNC" : "WEB_SYNC"} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export function WebSyncPage() {
  return <HealthPage channel="WEB_SYNC" />;
}
export function WtdSyncPage() {
  return <HealthPage channel="WTD_SYNC" />;
}
export function MobileRelaysPage() {
  return <HealthPage channel="MOBILE_RELAY" />;
}
export function TerminalRelaysPage() {
  return <HealthPage channel="TERMINAL_RELAY" />;
}
