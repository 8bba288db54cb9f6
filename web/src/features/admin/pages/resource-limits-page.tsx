import { useQueryClient } from "@tanstack/react-query";
import { PencilIcon, PlusIcon, SaveIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ResourceUsageBar } from "@/components/resource-usage-bar";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { describeRequestError } from "@/lib/query-client";
import {
  type ResourceLimit,
  type ResourceLimitCategory,
  useCreateResourceLimit,
  useMostRecentResourceLimits,
  useResourceLimits,
  useTenants,
  useUpdateResourceLimit,
} from "../api";
import { categoryLabels, formatDateTime, formatDay, RESOURCE_CATEGORIES } from "../format";

type Editing = { limit: ResourceLimit | null; tenantId: string };

function LimitDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const tenants = useTenants();
  const create = useCreateResourceLimit();
  const update = useUpdateResourceLimit();
  const client = useQueryClient();
  const l = editing.limit;
  const [form, setForm] = useState({
    tenantId: l?.tenantId ?? editing.tenantId,
    category: (l?.category ?? "TEXTS") as ResourceLimitCategory,
    startDate: l?.startDate ?? "",
    endDate: l?.endDate ?? "",
    limit: l ? String(l.limit) : "",
    used: l ? String(l.used) : "0",
    warningPercent: l ? String(l.warningPercent) : "80",
    cutoffPercent: l ? String(l.cutoffPercent) : "100",
  });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const numbers = ["limit", "used", "warningPercent", "cutoffPercent"] as const;
    for (const k of numbers)
      if (!/^\d+$/.test(form[k].trim())) return setError("Limit, used and percents must be whole numbers.");
    if (!form.startDate || !form.endDate) return setError("Pick the period's first and last day.");
    const values = {
      category: form.category,
      startDate: form.startDate,
      endDate: form.endDate,
      limit: Number(form.limit),
      used: Number(form.used),
      warningPercent: Number(form.warningPercent),
      cutoffPercent: Number(form.cutoffPercent),
    };
    try {
      if (l) await update.mutateAsync({ input: { ...values, id: l.id } });
      else await create.mutateAsync({ input: { ...values, tenantId: form.tenantId } });
      await Promise.all([
        client.invalidateQueries({ queryKey: ["MostRecentResourceLimits"] }),
        client.invalidateQueries({ queryKey: ["ResourceLimits"] }),
      ]);
      toast.success(l ? "Limit saved." : "Limit created.");
      onClose();
    } catch (err) {
      setError(describeRequestError(err));
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{l ? "Edit resource limit" : "New resource limit"}</DialogTitle>
          <DialogDescription>The period includes its first and last day.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Resource limit">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Tenant">
              {(control) => (
                <Select
                  value={form.tenantId}
                  disabled={!!l}
                  onValueChange={(v) => setForm((f) => ({ ...f, tenantId: v }))}
                >
                  <SelectTrigger {...control} className="w-full">
                    <SelectValue placeholder="Pick a tenant" />
                  </SelectTrigger>
                  <SelectContent>
                    {(tenants.data?.tenants ?? []).map((t) => (
                      <SelectItem key={t.id} value={t.id}>
                        {t.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
            <FormField label="Category">
              {(control) => (
                <Select
                  value={form.category}
                  onValueChange={(v) => setForm((f) => ({ ...f, category: v as ResourceLimitCategory }))}
                >
                  <SelectTrigger {...control} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {RESOURCE_CATEGORIES.map((c) => (
                      <SelectItem key={c} value={c}>
                        {categoryLabels[c]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
            <FormField label="First day" required>
              <Input type="date" min="1900-01-01" max="2099-12-31" value={form.startDate} onChange={set("startDate")} />
            </FormField>
            <FormField label="Last day" required>
              <Input type="date" min="1900-01-01" max="2099-12-31" value={form.endDate} onChange={set("endDate")} />
            </FormField>
            <FormField label="Limit" required>
              <Input inputMode="numeric" value={form.limit} onChange={set("limit")} />
            </FormField>
            <FormField label="Used">
              <Input inputMode="numeric" value={form.used} onChange={set("used")} />
            </FormField>
            <FormField label="Warning at (%)" required>
              <Input inputMode="numeric" value={form.warningPercent} onChange={set("warningPercent")} />
            </FormField>
            <FormField label="Cut off at (%)" required>
              <Input inputMode="numeric" value={form.cutoffPercent} onChange={set("cutoffPercent")} />
            </FormField>
          </div>
          {error ? (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || update.isPending || !form.tenantId}>
              {create.isPending || update.isPending ? <Spinner /> : <SaveIcon aria-hidden="true" />}
              Save limit
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function LimitRow({ limit, onEdit }: { limit: ResourceLimit; onEdit: () => void }) {
  return (
    <li className="grid gap-3 border-b py-3 last:border-b-0 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1">
        <ResourceUsageBar
          label={categoryLabels[limit.category] ?? limit.category}
          used={limit.used}
          limit={limit.limit}
          warningPercent={limit.warningPercent}
          cutoffPercent={limit.cutoffPercent}
        />
        <span className="text-muted-foreground text-xs">
          {formatDay(limit.startDate)} – {formatDay(limit.endDate)} · updated {formatDateTime(limit.lastUpdated)}
        </span>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onEdit}
        aria-label={`Edit ${categoryLabels[limit.category]} of ${limit.tenantName}, ${limit.startDate}`}
      >
        <PencilIcon aria-hidden="true" />
        Edit
      </Button>
    </li>
  );
}

/** admin/resource-limits: each tenant's allowances per category; create and update them. */
export default function ResourceLimitsPage() {
  const recent = useMostRecentResourceLimits();
  const tenants = useTenants();
  const [tenantId, setTenantId] = useState<string | null>(null);
  const history = useResourceLimits(tenantId);
  const [editing, setEditing] = useState<Editing | null>(null);
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
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <DocumentTitle title="Resource Limits" />
      <PageHeader
        title="Resource Limits"
        description="Texts, calls and route directions each tenant may use per period, with the warning and cutoff percents."
        actions={
          <Button onClick={() => setEditing({ limit: null, tenantId: tenantId ?? tenants.data?.tenants[0]?.id ?? "" })}>
            <PlusIcon aria-hidden="true" />
            New limit
          </Button>
        }
      />
      {recent.isError ? (
        <QueryError error={recent.error} onRetry={() => recent.refetch()} />
      ) : recent.isPending ? (
        <Skeleton className="h-48" />
      ) : byTenant.length === 0 ? (
        <EmptyState title="No limits yet" description="Create a tenant's first limit with New limit." />
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
                  <LimitRow key={r.id} limit={r} onEdit={() => setEditing({ limit: r, tenantId: r.tenantId })} />
                ))}
              </ul>
            </CardContent>
          </Card>
        ))
      )}
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
            <Select value={tenantId ?? ""} onValueChange={setTenantId}>
              <SelectTrigger id="limit-tenant">
                <SelectValue placeholder="Pick a tenant" />
              </SelectTrigger>
              <SelectContent>
                {(tenants.data?.tenants ?? []).map((t) => (
                  <SelectItem key={t.id} value={t.id}>
                    {t.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {!tenantId ? null : history.isError ? (
            <QueryError error={history.error} onRetry={() => history.refetch()} />
          ) : history.isPending ? (
            <Skeleton className="h-24" />
          ) : history.data.resourceLimits.length === 0 ? (
            <p className="text-muted-foreground text-sm">This tenant has no limits.</p>
          ) : (
            <ul aria-label="Limit history">
              {history.data.resourceLimits.map((r) => (
                <LimitRow key={r.id} limit={r} onEdit={() => setEditing({ limit: r, tenantId: r.tenantId })} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {editing ? <LimitDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
