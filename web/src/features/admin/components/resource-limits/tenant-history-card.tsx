import { QueryState } from "@/components/shell/query-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { type ResourceLimit, useResourceLimits } from "../../api";
import { TenantItems } from "../tenant-items";
import { LimitRow } from "./limit-row";

/** Every period of every category of the tenant picked, newest first. */
export function TenantHistoryCard({
  tenantId,
  onTenant,
  onEdit,
}: {
  tenantId: string | null;
  onTenant: (id: string) => void;
  onEdit: (limit: ResourceLimit) => void;
}) {
  const history = useResourceLimits(tenantId);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>History of a tenant</h2>
        </CardTitle>
        <CardDescription>Every period of every category, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid max-w-xs gap-1.5">
          <Label htmlFor="limit-tenant">Tenant</Label>
          <Select value={tenantId ?? ""} onValueChange={onTenant}>
            <SelectTrigger id="limit-tenant">
              <SelectValue placeholder="Pick a tenant" />
            </SelectTrigger>
            <SelectContent>
              <TenantItems />
            </SelectContent>
          </Select>
        </div>
        {!tenantId ? null : (
          <QueryState query={history} loading={<Skeleton className="h-24" />}>
            {(data) =>
              data.resourceLimits.length === 0 ? (
                <p className="text-muted-foreground text-sm">This tenant has no limits.</p>
              ) : (
                <ul aria-label="Limit history">
                  {data.resourceLimits.map((r) => (
                    <LimitRow key={r.id} limit={r} onEdit={() => onEdit(r)} />
                  ))}
                </ul>
              )
            }
          </QueryState>
        )}
      </CardContent>
    </Card>
  );
}
