import { GaugeIcon } from "lucide-react";
import { ListPage } from "@/components/data-list/list-page";
import { ResourceLimitPeriod } from "@/components/resource-limit-period";
import { QueryState } from "@/components/shell/query-state";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
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
    <ListPage
      title="Resource limits"
      description="Texts, calls and routing directions used against your allowances this period. Warnings start at the warning mark; use stops at the cutoff. Your platform administrator sets them."
    >
      <QueryState query={q} loading={<Skeleton className="h-48" />}>
        {(data) =>
          data.tenantResourceLimits.length === 0 ? (
            <EmptyState
              icon={<GaugeIcon />}
              title="No limits set"
              description="Your platform administrator has not set any allowances: nothing is limited."
            />
          ) : (
            <Card>
              <CardContent>
                <ul className="grid gap-6" aria-label="Resource limits">
                  {data.tenantResourceLimits.map((l) => (
                    <li key={l.id} className="grid gap-1">
                      <ResourceLimitPeriod label={labels[l.category] ?? l.category} period={l} />
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )
        }
      </QueryState>
    </ListPage>
  );
}
