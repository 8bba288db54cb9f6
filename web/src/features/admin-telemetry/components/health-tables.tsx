import { ActivityIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatNumber, formatPercent } from "@/lib/format";
import type { Channel, TelemetryMetrics } from "../api";
import { capitalized, TEXT } from "./channel-text";
import { AgoCell, Health, LastErrorCell } from "./health-parts";

// The health pages' tables: each branch of the channel, and (relays) each device.

export function BranchesCard({ channel, metrics }: { channel: Channel; metrics: TelemetryMetrics }) {
  const text = TEXT[channel];
  const relay = channel === "MOBILE_RELAY" || channel === "TERMINAL_RELAY";
  return (
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
                  <TableHead className="text-right">{capitalized(text.units)}</TableHead>
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
                    <AgoCell at={b.lastSuccessAt} />
                    <TableCell className="text-right tabular-nums">{formatNumber(b.loads)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(b.failures)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatPercent(b.successes, b.loads)}</TableCell>
                    <TableCell className="whitespace-nowrap text-right tabular-nums">
                      {formatNumber(b.averageLatencyMs)} / {formatNumber(b.maxLatencyMs)} ms
                    </TableCell>
                    <LastErrorCell error={b.lastError} failedAt={b.lastFailureAt} />
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

export function SourcesCard({ channel, sources }: { channel: Channel; sources: TelemetryMetrics["sources"] }) {
  const text = TEXT[channel];
  return (
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
                    <AgoCell at={s.lastSeenAt} />
                    <TableCell className="font-mono text-xs">{s.version || "—"}</TableCell>
                    <LastErrorCell error={s.lastError} failedAt={s.lastFailureAt} />
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
