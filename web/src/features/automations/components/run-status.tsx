import { Badge } from "@/components/ui/badge";
import { formatDateTime, timeAgo } from "@/lib/format";
import type { RunStatus } from "../api";
import { RUN_STATUS_LABELS, RUN_STATUS_VARIANTS } from "../labels";

/** A run's status as a badge: failed runs in red, so they stand out. */
export function RunStatusBadge({ status, dryRun }: { status: RunStatus; dryRun?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Badge variant={RUN_STATUS_VARIANTS[status]}>{RUN_STATUS_LABELS[status]}</Badge>
      {dryRun ? <Badge variant="outline">Dry run</Badge> : null}
    </span>
  );
}

/** "3 hours ago", with the date and time on hover. */
export function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className="whitespace-nowrap text-muted-foreground">
      {timeAgo(iso)}
    </time>
  );
}
