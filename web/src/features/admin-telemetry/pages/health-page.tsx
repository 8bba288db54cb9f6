import { ActivityIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type BranchTelemetry, type Channel, useRecentSyncLoads, useTelemetryMetrics } from "../api";
import { ChartTable, fillBuckets, LatencyChart, LoadsChart } from "../components/charts";
import { ago, formatWhen, numberFormat, type PeriodKey, PeriodSelect, percent, usePeriod } from "../components/period";

// admin/syncing-analytics, admin/wtd-syncing, admin/mobile-syncs, admin/terminal-relays: the health of
// one telemetry channel: totals, loads and latency over time, each branch, and (relays) each device or
// (sync) a branch's recent loads.

type ChannelText = {
  title: string;
  description: string;
  unit: string;
  units: string;
  /** How long without a success before a branch or device is flagged. */
  lateAfterMs: (b?: BranchTelemetry) => number;
  lateLabel: string;
};

const MINUTE = 60_000;
const TEXT: Record<Channel, ChannelText> = {
  WEB_SYNC: {
    title: "WebSync Analytics",
    description: "Web sync loads from each branch's desktop software: volume, failures, latency and the last success.",
    unit: "load",
    units: "loads",
    lateAfterMs: (b) => Math.max(5 * MINUTE, (b?.slaSeconds ?? 300) * 1000 * 2),
    lateLabel: "Behind",
  },
  WTD_SYNC: {
    title: "WTD Syncing",
    description: "The Watertight desktop sync of each branch: when it last succeeded, and how its loads went.",
    unit: "load",
    units: "loads",
    lateAfterMs: () => 3 * 60 * MINUTE,
    lateLabel: "Behind",
  },
  MOBILE_RELAY: {
    title: "Mobile Relays",
    description: "Requests the drivers' mobile app relays pass on, per branch and per device.",
    unit: "request",
    units: "requests",
    lateAfterMs: () => 30 * MINUTE,
    lateLabel: "Not reporting",
  },
  TERMINAL_RELAY: {
    title: "Terminal Relays",
    description: "Payment terminal relay traffic per branch and per terminal.",
    unit: "request",
    units: "requests",
    lateAfterMs: () => 30 * MINUTE,
    lateLabel: "Not reporting",
  },
};

const ALL = "all";

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="gap-1 py-4">
      <CardContent className="px-4">
        <p className="text-muted-foreground text-xs">{label}</p>
        <p className="font-semibold text-2xl tabular-nums">{value}</p>
        {hint ? <p className="text-muted-foreground text-xs">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}

function Health({ at, lateAfterMs, lateLabel }: { at: string | null; lateAfterMs: number; lateLabel: string }) {
  if (!at) return <Badge variant="outline">No success yet</Badge>;
  const late = Date.now() - Date.parse(at) > lateAfterMs;
  return late ? <Badge variant="destructive">{lateLabel}</Badge> : <Badge variant="success">OK</Badge>;
}

function RecentLoads({ branchId, channel }: { branchId: string; channel: "WEB_SYNC" | "WTD_SYNC" }) {
  const loads = useRecentSyncLoads(branchId, channel);
  const rows = loads.data?.recentSyncLoads ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent loads</CardTitle>
        <CardDescription>The branch's last loads, one by one (kept for 48 hours).</CardDescription>
      </CardHeader>
      <CardContent>
        {loads.isPending ? (
          <Skeleton className="h-32" />
        ) : loads.error ? (
          <QueryError error={loads.error} onRetry={() => loads.refetch()} />
        ) : !rows.length ? (
          <p className="text-muted-foreground text-sm">No loads in the last 48 hours.</p>
        ) : (
          <div className="max-h-80 overflow-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Started</TableHead>
                  <TableHead>Result</TableHead>
                  <TableHead className="text-right">Records</TableHead>
                  <TableHead className="text-right">Duration</TableHead>
                  <TableHead>Error</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.slice(0, 50).map((l) => (
                  <TableRow key={l.id}>
                    <TableCell className="whitespace-nowrap">{formatWhen(l.startedAt)}</TableCell>
                    <TableCell>
                      {l.success ? (
                        <Badge variant="success">Succeeded</Badge>
                      ) : (
                        <Badge variant="destructive">Failed</Badge>
                      )}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{numberFormat.format(l.records)}</TableCell>
                    <TableCell className="text-right tabular-nums">{numberFormat.format(l.durationMs)} ms</TableCell>
                    <TableCell className="max-w-64 truncate text-muted-foreground" title={l.error}>
                      {l.error || "—"}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function HealthPage({ channel }: { channel: Channel }) {
  const text = TEXT[channel];
  const [periodKey, setPeriodKey] = useState<PeriodKey>("7d");
  const [branchId, setBranchId] = useState<string>(ALL);
  const period = usePeriod(periodKey);
  const all = useTelemetryMetrics(channel, period, null);
  // the same query as `all` (shared) until a branch is chosen
  const one = useTelemetryMetrics(channel, period, branchId === ALL ? null : branchId);
  const branchSelectId = useId();
  const periodId = useId();

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
          <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat
              label={`${text.units[0]!.toUpperCase()}${text.units.slice(1)}`}
              value={numberFormat.format(totals.loads)}
            />
            <Stat
              label="Success rate"
              value={percent(totals.loads - totals.failures, totals.loads)}
              hint={`${numberFormat.format(totals.failures)} failed`}
            />
            <Stat label="Average latency" value={`${numberFormat.format(totals.latency)} ms`} />
            <Stat
              label={relay ? "Branches not reporting" : "Branches behind"}
              value={String(totals.late)}
              hint={`of ${totals.branches}`}
            />
          </section>

          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>{`${text.units[0]!.toUpperCase()}${text.units.slice(1)} per ${bucket}`}</CardTitle>
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
                      title={`${text.units} per ${bucket}: ${numberFormat.format(totals.loads)} in all, ${numberFormat.format(totals.failures)} failed`}
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
                    title={`Average latency per ${bucket}: ${numberFormat.format(totals.latency)} ms over the period`}
                  />
                ) : (
                  <p className="py-8 text-center text-muted-foreground text-sm">No {text.units} in this period.</p>
                )}
              </CardContent>
            </Card>
          </div>

          <Card>
            <CardHeader>
              <CardTitle>Branches</CardTitle>
              <CardDescription>
                {relay
                  ? "Flagged when no relay of the branch succeeded in the last 30 minutes."
                  : channel === "WEB_SYNC"
                    ? "Flagged when the last success is older than twice the branch's sync SLA."
                    : "Flagged when the last successful desktop sync is more than 3 hours old."}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {!metrics.branches.length ? (
                <EmptyState icon={<ActivityIcon />} title="No branches" description="No branch has reported yet." />
              ) : (
                <div className="overflow-x-auto">
                  <Table>
                    <TableHeader>
                      <TableRow>
                        <TableHead>Branch</TableHead>
                        <TableHead>Health</TableHead>
                        <TableHead>Last success</TableHead>
                        <TableHead className="text-right">
                          {text.units[0]!.toUpperCase() + text.units.slice(1)}
                        </TableHead>
                        <TableHead className="text-right">Failed</TableHead>
                        <TableHead className="text-right">Success</TableHead>
                        <TableHead className="text-right">Avg / max latency</TableHead>
                        <TableHead>Last error</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {metrics.branches.map((b) => (
                        <TableRow key={b.branch.id}>
                          <TableCell className="whitespace-nowrap font-medium">
                            {b.branch.branchNumber} · {b.branch.company}
                          </TableCell>
                          <TableCell>
                            <Health at={b.lastSuccessAt} lateAfterMs={text.lateAfterMs(b)} lateLabel={text.lateLabel} />
                          </TableCell>
                          <TableCell className="whitespace-nowrap" title={formatWhen(b.lastSuccessAt)}>
                            {ago(b.lastSuccessAt)}
                          </TableCell>
                          <TableCell className="text-right tabular-nums">{numberFormat.format(b.loads)}</TableCell>
                          <TableCell className="text-right tabular-nums">{numberFormat.format(b.failures)}</TableCell>
                          <TableCell className="text-right tabular-nums">{percent(b.successes, b.loads)}</TableCell>
                          <TableCell className="whitespace-nowrap text-right tabular-nums">
                            {numberFormat.format(b.averageLatencyMs)} / {numberFormat.format(b.maxLatencyMs)} ms
                          </TableCell>
                          <TableCell className="max-w-72 truncate text-muted-foreground" title={b.lastError}>
                            {b.lastError ? `${b.lastError} (${ago(b.lastFailureAt)})` : "—"}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )}
            </CardContent>
          </Card>

          {relay ? (
            <Card>
              <CardHeader>
                <CardTitle>{channel === "MOBILE_RELAY" ? "Relays" : "Terminals"}</CardTitle>
                <CardDescription>Each device and when it last reported.</CardDescription>
              </CardHeader>
              <CardContent>
                {!sources.length ? (
                  <p className="text-muted-foreground text-sm">No device has reported.</p>
                ) : (
                  <div className="overflow-x-auto">
                    <Table>
                      <TableHeader>
                        <TableRow>
                          <TableHead>Device</TableHead>
                          <TableHead>Branch</TableHead>
                          <TableHead>Health</TableHead>
                          <TableHead>Last seen</TableHead>
                          <TableHead>Version</TableHead>
                          <TableHead>Last error</TableHead>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {sources.map((s) => (
                          <TableRow key={`${s.branch.id}:${s.sourceId}`}>
                            <TableCell>
                              <div className="font-medium">{s.deviceName || s.sourceId}</div>
                              <div className="font-mono text-muted-foreground text-xs">{s.sourceId}</div>
                            </TableCell>
                            <TableCell className="whitespace-nowrap">
                              {s.branch.branchNumber} · {s.branch.company}
                            </TableCell>
                            <TableCell>
                              <Health at={s.lastSeenAt} lateAfterMs={text.lateAfterMs()} lateLabel={text.lateLabel} />
                            </TableCell>
                            <TableCell className="whitespace-nowrap" title={formatWhen(s.lastSeenAt)}>
                              {ago(s.lastSeenAt)}
                            </TableCell>
                            <TableCell className="font-mono text-xs">{s.version || "—"}</TableCell>
                            <TableCell className="max-w-72 truncate text-muted-foreground" title={s.lastError}>
                              {s.lastError ? `${s.lastError} (${ago(s.lastFailureAt)})` : "—"}
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </div>
                )}
              </CardContent>
            </Card>
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
