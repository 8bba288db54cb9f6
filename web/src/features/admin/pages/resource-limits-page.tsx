import { GaugeIcon, PlusIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { QueryState } from "@/components/shell/query-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { type ResourceLimit, useMostRecentResourceLimits, useTenants } from "../api";
import { type EditingLimit, LimitDialog } from "../components/resource-limits/limit-dialog";
import { LimitRow } from "../components/resource-limits/limit-row";
import { TenantHistoryCard } from "../components/resource-limits/tenant-history-card";

/** admin/resource-limits: each tenant's allowances per category; create and update them. */
export default function ResourceLimitsPage() {
  const recent = useMostRecentResourceLimits();
  const tenants = useTenants();
  const [tenantId, setTenantId] = useState<string | null>(null);
  const [editing, setEditing] = useState<EditingLimit | null>(null);
  const edit = (r: ResourceLimit) => setEditing({ limit: r, tenantId: r.tenantId });
  const byTenant = useMemo(() => {
    const map = new Map<string, { name: string; rows: ResourceLimit[] }>();
    for (const r of recent.data?.mostRecentResourceLimits ?? []) {
      const entry = map.get(r.tenantId) ?? { name: r.tenantName, rows: [] };
      entry.rows.push(r);
      map.set(r.tenantId, entry);
    }
    return [...map.entries()];
  }, [recent.data]);

  return (
    <ListPage
      title="Resource Limits"
      description="Texts, calls and route directions each tenant may use per period, with the warning and cutoff percents."
      actions={
        <Button onClick={() => setEditing({ limit: null, tenantId: tenantId ?? tenants.data?.tenants[0]?.id ?? "" })}>
          <PlusIcon aria-hidden="true" />
          New limit
        </Button>
      }
    >
      <QueryState query={recent} loading={<Skeleton className="h-48" />}>
        {() =>
          byTenant.length === 0 ? (
            <EmptyState
              icon={<GaugeIcon />}
              title="No limits yet"
              description="Create a tenant's first limit with New limit."
            />
          ) : (
            byTenant.map(([id, t]) => (
              <Card key={id}>
                <CardHeader>
                  <CardTitle asChild>
                    <h2>{t.name}</h2>
                  </CardTitle>
                  <CardDescription>The most recent period of each category.</CardDescription>
                </CardHeader>
                <CardContent>
                  <ul aria-label={`${t.name} limits`}>
                    {t.rows.map((r) => (
                      <LimitRow key={r.id} limit={r} onEdit={() => edit(r)} />
                    ))}
                  </ul>
                </CardContent>
              </Card>
            ))
          )
        }
      </QueryState>
      <TenantHistoryCard tenantId={tenantId} onTenant={setTenantId} onEdit={edit} />
      {editing ? <LimitDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </ListPage>
  );
}
