import { GaugeIcon } from "lucide-react";
import { ResourceUsageBar } from "@/components/resource-usage-bar";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCalendarDate, formatDateTime } from "@/lib/format";
import { useTenantResourceLimits } from "../api";

const labels: Record<string, string> = {
  TEXTS: "Texts",
  CALLS: "Calls",
  ROUTE_DIRECTIONS_WITH_TRAFFIC: "Route directions (with traffic)",
  ROUTE_DIRECTIONS_WITHOUT_TRAFFIC: "Route directions (without traffic)",
};

/** team/resource-limits: the branch's allowances of texts, calls and route directions, and their use. */
export default function TeamResourceLimitsPage() {
  const q = useTenantResourceLimits();
  return (
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <DocumentTitle title="Resource limits" />
      <PageHeader
        title="Resource limits"
        description="Texts, calls and routing directions used against your allowances this period. Warnings start at the warning mark; use stops at the cutoff. Your platform administrator sets them."
      />
      {q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : q.isPending ? (
        <Skeleton className="h-48" />
      ) : q.data.tenantResourceLimits.length === 0 ? (
        <EmptyState
          icon={<GaugeIcon />}
          title="No limits set"
          description="Your platform administrator has not set any allowances: nothing is limited."
        />
      ) : (
        <Card>
          <CardContent>
            <ul className="grid gap-6" aria-label="Resource limits">
              {q.data.tenantResourceLimits.map((l) => (
                <li key={l.id} className="grid gap-1">
                  <ResourceUsageBar
                    label={labels[l.category] ?? l.category}
                    used={l.used}
                    limit={l.limit}
                    warningPercent={l.warningPercent}
                    cutoffPercent={l.cutoffPercent}
                  />
                  <span className="text-muted-foreground text-xs">
                    {formatCalendarDate(l.startDate)} – {formatCalendarDate(l.endDate)} · updated{" "}
                    {formatDateTime(l.lastUpdated)}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
