import { ChevronRightIcon, PlusIcon, SearchIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useLocation } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
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
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { describeMutationError } from "@/lib/use-gql-mutation";
import { type BranchOverviewRow, useBranchesOverview, useCreateBranch, useTenants } from "../api";
import { enumLabel, formatDateTime } from "../format";

function Features({ row }: { row: BranchOverviewRow }) {
  if (!row.features.length && !row.watertightFeatures.length)
    return <span className="text-muted-foreground">None</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {row.features.map((f) => (
        <Badge key={f} variant="secondary">
          {enumLabel(f)}
        </Badge>
      ))}
      {row.watertightFeatures.length ? (
        <Badge variant="outline" title={row.watertightFeatures.map(enumLabel).join(", ")}>
          +{row.watertightFeatures.length} Watertight
        </Badge>
      ) : null}
    </div>
  );
}

function Status({ inactive }: { inactive: boolean }) {
  return inactive ? <Badge variant="destructive">Inactive</Badge> : <Badge variant="success">Active</Badge>;
}

const NEW_TENANT = "__new__";

function CreateBranchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const tenants = useTenants();
  const create = useCreateBranch({
    successToast: (r, v) => `Branch ${v.input.branchNumber} created: open it at ?host=${r.createBranch.host}.`,
  });
  const [, navigate] = useLocation();
  const [form, setForm] = useState({
    branchNumber: "",
    tenantId: "",
    newTenantName: "",
    company: "",
    internalName: "",
    host: "",
    timeZone: "America/Chicago",
  });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const tenantId = form.tenantId || tenants.data?.tenants[0]?.id || NEW_TENANT;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const number = Number(form.branchNumber);
    if (!Number.isInteger(number) || number < 1) return setError("Branch number must be a whole number from 1.");
    try {
      const r = await create.mutateQuietly({
        input: {
          branchNumber: number,
          tenantId: tenantId === NEW_TENANT ? null : tenantId,
          newTenantName: tenantId === NEW_TENANT ? form.newTenantName : null,
          company: form.company,
          internalName: form.internalName,
          host: form.host,
          timeZone: form.timeZone,
        },
      });
      onOpenChange(false);
      navigate(`/admin/b/${r.createBranch.id}`);
    } catch (err) {
      setError(describeMutationError(err)); // in the dialog's alert
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>New branch</DialogTitle>
          <DialogDescription>
            The branch answers at <span className="font-mono">?host=&lt;host&gt;</span> as soon as it is created.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="New branch">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Branch number" required>
              <Input inputMode="numeric" value={form.branchNumber} onChange={set("branchNumber")} />
            </FormField>
            <FormField label="Host" required description="Lower-case letters, digits and dashes.">
              <Input value={form.host} onChange={set("host")} autoCapitalize="none" spellCheck={false} />
            </FormField>
            <FormField label="Company" required>
              <Input value={form.company} onChange={set("company")} />
            </FormField>
            <FormField label="Internal name" required>
              <Input value={form.internalName} onChange={set("internalName")} />
            </FormField>
            <FormField label="Tenant">
              {(control) => (
                <Select value={tenantId} onValueChange={(v) => setForm((f) => ({ ...f, tenantId: v }))}>
                  <SelectTrigger {...control} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {(tenants.data?.tenants ?? []).map((t) => (
                      <SelectItem key={t.id} value={t.id}>
                        {t.name}
                      </SelectItem>
                    ))}
                    <SelectItem value={NEW_TENANT}>A new tenant…</SelectItem>
                  </SelectContent>
                </Select>
              )}
            </FormField>
            {tenantId === NEW_TENANT ? (
              <FormField label="New tenant name" required>
                <Input value={form.newTenantName} onChange={set("newTenantName")} />
              </FormField>
            ) : (
              <FormField label="Time zone" description="An IANA name.">
                <Input value={form.timeZone} onChange={set("timeZone")} />
              </FormField>
            )}
          </div>
          {error ? (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : <PlusIcon aria-hidden="true" />}
              Create branch
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** admin/b: every branch with its number, company, host, features, last sync, last payment run and state. */
export default function BranchesPage() {
  const branches = useBranchesOverview();
  const [creating, setCreating] = useState(false);
  const [q, setQ] = useState("");
  const rows = useMemo(() => {
    const all = branches.data?.branchesOverview ?? [];
    const needle = q.trim().toLowerCase();
    if (!needle) return all;
    return all.filter((b) =>
      [String(b.branchNumber), b.company, b.host, b.tenantName].some((v) => v.toLowerCase().includes(needle)),
    );
  }, [branches.data, q]);

  return (
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <DocumentTitle title="Branches" />
      <PageHeader
        title="Branches"
        description="Every branch on the platform. Open one to change its settings, features, keys and banks."
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            New branch
          </Button>
        }
      />
      <div className="relative max-w-sm">
        <SearchIcon
          aria-hidden="true"
          className="-translate-y-1/2 absolute top-1/2 left-2.5 size-4 text-muted-foreground"
        />
        <Input
          aria-label="Search branches"
          placeholder="Number, company, host or tenant"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="pl-8"
        />
      </div>
      {branches.isError ? (
        <QueryError error={branches.error} onRetry={() => branches.refetch()} />
      ) : branches.isPending ? (
        <Card className="gap-2 p-4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </Card>
      ) : rows.length === 0 ? (
        <EmptyState title="No branches match" description="Try another number, company or host." />
      ) : (
        <>
          <Card className="hidden gap-0 py-0 md:flex">
            <Table aria-label="Branches">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="w-16">#</TableHead>
                  <TableHead>Company</TableHead>
                  <TableHead>Host</TableHead>
                  <TableHead>Features</TableHead>
                  <TableHead>Last sync</TableHead>
                  <TableHead>Last payment run</TableHead>
                  <TableHead>Status</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((b) => (
                  <TableRow key={b.id}>
                    <TableCell className="font-mono">{b.branchNumber}</TableCell>
                    <TableCell>
                      <Link href={`/admin/b/${b.id}`} className="font-medium underline-offset-4 hover:underline">
                        {b.company}
                      </Link>
                      <div className="text-muted-foreground text-xs">{b.tenantName}</div>
                    </TableCell>
                    <TableCell className="font-mono text-sm">{b.host}</TableCell>
                    <TableCell className="max-w-72">
                      <Features row={b} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-sm">{formatDateTime(b.lastWtdSync)}</TableCell>
                    <TableCell className="whitespace-nowrap text-sm">
                      {formatDateTime(b.lastPaymentProcessTime)}
                    </TableCell>
                    <TableCell>
                      <Status inactive={b.inactive} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
          <ul className="grid gap-2 md:hidden" aria-label="Branches">
            {rows.map((b) => (
              <li key={b.id}>
                <Link
                  href={`/admin/b/${b.id}`}
                  className="flex items-start gap-3 rounded-lg border bg-card p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <div className="grid min-w-0 flex-1 gap-1.5">
                    <div className="flex items-center gap-2">
                      <span className="font-mono text-muted-foreground text-sm">#{b.branchNumber}</span>
                      <span className="truncate font-medium">{b.company}</span>
                      <Status inactive={b.inactive} />
                    </div>
                    <div className="text-muted-foreground text-xs">
                      <span className="font-mono">{b.host}</span> · Last sync {formatDateTime(b.lastWtdSync)} · Last
                      payment run {formatDateTime(b.lastPaymentProcessTime)}
                    </div>
                    <Features row={b} />
                  </div>
                  <ChevronRightIcon aria-hidden="true" className="mt-1 size-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {creating ? <CreateBranchDialog open={creating} onOpenChange={setCreating} /> : null}
    </div>
  );
}
