import { ActivityIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { TableCell, TableRow } from "@/components/ui/table";
import { formatNumber, formatPercent } from "@/lib/format";
import type { Channel, TelemetryMetrics } from "../api";
import { capitalized, TEXT } from "./channel-text";
import { AgoCell, Health, LastErrorCell } from "./health-parts";
import { TableCard } from "./table-card";

// The health pages' tables: each branch of the channel, and (relays) each device.

export function BranchesCard({ channel, metrics }: { channel: Channel; metrics: TelemetryMetrics }) {
  const text = TEXT[channel];
  const relay = channel === "MOBILE_RELAY" || channel === "TERMINAL_RELAY";
  return (
    <TableCard
      title="Branches"
      description={
        relay
          ? "Flagged when no relay of the branch succeeded in the last 30 minutes."
          : channel === "WEB_SYNC"
            ? "Flagged when the last success is older than twice the branch's sync SLA."
            : "Flagged when the last successful desktop sync is more than 3 hours old."
      }
      instead={
        metrics.branches.length ? null : (
          <EmptyState icon={<ActivityIcon />} title="No branches" description="No branch has reported yet." />
        )
      }
      head={[
        { label: "Branch" },
        { label: "Health" },
        { label: "Last success" },
        { label: capitalized(text.units), key: "units", right: true },
        { label: "Failed", right: true },
        { label: "Success", right: true },
        { label: "Avg / max latency", right: true },
        { label: "Last error" },
      ]}
    >
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
    </TableCard>
  );
}

export function SourcesCard({ channel, sources }: { channel: Channel; sources: TelemetryMetrics["sources"] }) {
  const text = TEXT[channel];
  return (
    <TableCard
      title={channel === "MOBILE_RELAY" ? "Relays" : "Terminals"}
      description="Each device and when it last reported."
      instead={sources.length ? null : <p className="text-muted-foreground text-sm">No device has reported.</p>}
      head={[
        { label: "Device" },
        { label: "Branch" },
        { label: "Health" },
        { label: "Last seen" },
        { label: "Version" },
        { label: "Last error" },
      ]}
    >
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
    </TableCard>
  );
}
