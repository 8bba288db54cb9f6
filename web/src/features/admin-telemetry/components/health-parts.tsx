import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { TableCell, TableRow } from "@/components/ui/table";
import { formatDateTime, formatNumber, timeAgo } from "@/lib/format";
import { useRecentSyncLoads } from "../api";
import { TableCard } from "./table-card";

// The small parts of the health pages: a total, a branch's or device's health, a branch's recent loads.

export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
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

export function Health({ at, lateAfterMs, lateLabel }: { at: string | null; lateAfterMs: number; lateLabel: string }) {
  if (!at) return <Badge variant="outline">No success yet</Badge>;
  const late = Date.now() - Date.parse(at) > lateAfterMs;
  return late ? <Badge variant="destructive">{lateLabel}</Badge> : <Badge variant="success">OK</Badge>;
}

/** "5 minutes ago", the exact time on hover. */
export function AgoCell({ at }: { at: string | null }) {
  return (
    <TableCell className="whitespace-nowrap" title={formatDateTime(at)}>
      {timeAgo(at)}
    </TableCell>
  );
}

/** The last error and how long ago it failed, or "—". */
export function LastErrorCell({ error, failedAt }: { error: string; failedAt: string | null }) {
  return (
    <TableCell className="max-w-72 truncate text-muted-foreground" title={error}>
      {error ? `${error} (${timeAgo(failedAt)})` : "—"}
    </TableCell>
  );
}

export function RecentLoads({ branchId, channel }: { branchId: string; channel: "WEB_SYNC" | "WTD_SYNC" }) {
  const loads = useRecentSyncLoads(branchId, channel);
  const rows = loads.data?.recentSyncLoads ?? [];
  return (
    <TableCard
      title="Recent loads"
      description="The branch's last loads, one by one (kept for 48 hours)."
      instead={
        loads.isPending ? (
          <Skeleton className="h-32" />
        ) : loads.error ? (
          <QueryError error={loads.error} onRetry={() => loads.refetch()} />
        ) : !rows.length ? (
          <p className="text-muted-foreground text-sm">No loads in the last 48 hours.</p>
        ) : null
      }
      head={[
        { label: "Started" },
        { label: "Result" },
        { label: "Records", right: true },
        { label: "Duration", right: true },
        { label: "Error" },
      ]}
      scroll="both"
    >
      {rows.slice(0, 50).map((l) => (
        <TableRow key={l.id}>
          <TableCell className="whitespace-nowrap">{formatDateTime(l.startedAt)}</TableCell>
          <TableCell>
            {l.success ? <Badge variant="success">Succeeded</Badge> : <Badge variant="destructive">Failed</Badge>}
          </TableCell>
          <TableCell className="text-right tabular-nums">{formatNumber(l.records)}</TableCell>
          <TableCell className="text-right tabular-nums">{formatNumber(l.durationMs)} ms</TableCell>
          <TableCell className="max-w-64 truncate text-muted-foreground" title={l.error}>
            {l.error || "—"}
          </TableCell>
        </TableRow>
      ))}
    </TableCard>
  );
}
