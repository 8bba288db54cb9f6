import { PlusIcon, SaveIcon, ShieldCheckIcon, Trash2Icon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { describeRequestError } from "@/lib/query-client";
import { type BranchIpWhitelist, useIpWhitelist, useRefreshBranches, useUpdateDatabaseFirewall } from "../api";

type Entry = { cidr: string; comment: string };

function BranchList({ branch }: { branch: BranchIpWhitelist }) {
  const initial = () => branch.entries.map((e) => ({ cidr: e.cidr, comment: e.comment }));
  const [entries, setEntries] = useState<Entry[]>(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved list changes
  useEffect(() => setEntries(initial()), [branch.entries]);
  const update = useUpdateDatabaseFirewall();
  const refresh = useRefreshBranches();
  const [error, setError] = useState<string | null>(null);
  const dirty = JSON.stringify(entries) !== JSON.stringify(initial());

  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({
        branchId: branch.branchId,
        entries: entries.filter((e) => e.cidr.trim() !== "").map((e) => ({ cidr: e.cidr.trim(), comment: e.comment })),
      });
      await refresh();
      toast.success(`Allow-list of ${branch.company} saved.`);
    } catch (e) {
      setError(describeRequestError(e));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex flex-wrap items-center gap-2">
            {branch.company}
            <span className="font-mono font-normal text-muted-foreground text-sm">
              #{branch.branchNumber} · {branch.host}
            </span>
            {branch.entries.length ? (
              <Badge variant="warning">{branch.entries.length} allowed</Badge>
            ) : (
              <Badge variant="secondary">Every address</Badge>
            )}
          </h2>
        </CardTitle>
        <CardDescription>
          {branch.entries.length
            ? "Employee sign-in, API keys and telemetry are accepted only from these addresses."
            : "The list is empty: every address is allowed."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {entries.map((e, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-[14rem_1fr_auto]">
            <Input
              aria-label={`${branch.company} address ${i + 1}`}
              placeholder="203.0.113.7 or 10.1.0.0/16"
              className="font-mono"
              value={e.cidr}
              onChange={(ev) => setEntries((all) => all.map((x, j) => (j === i ? { ...x, cidr: ev.target.value } : x)))}
            />
            <Input
              aria-label={`${branch.company} address ${i + 1} comment`}
              placeholder="Comment (office, owner's home…)"
              value={e.comment}
              onChange={(ev) =>
                setEntries((all) => all.map((x, j) => (j === i ? { ...x, comment: ev.target.value } : x)))
              }
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${e.cidr || `address ${i + 1}`}`}
              onClick={() => setEntries((all) => all.filter((_, j) => j !== i))}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        ))}
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
      <CardFooter className="justify-end gap-2">
        <Button variant="outline" onClick={() => setEntries((all) => [...all, { cidr: "", comment: "" }])}>
          <PlusIcon aria-hidden="true" />
          Add address
        </Button>
        <Button disabled={!dirty || update.isPending} onClick={() => void save()}>
          {update.isPending ? <Spinner /> : <SaveIcon aria-hidden="true" />}
          Save list
        </Button>
      </CardFooter>
    </Card>
  );
}

/** admin/ip-whitelist: the addresses each branch's employees, API keys and telemetry may come from. */
export default function IpWhitelistPage() {
  const q = useIpWhitelist();
  const [branchId, setBranchId] = useState<string>("all");
  const branches = q.data?.ipWhitelist.branches ?? [];
  const shown = useMemo(
    () => (branchId === "all" ? branches : branches.filter((b) => b.branchId === branchId)),
    [branches, branchId],
  );
  return (
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <DocumentTitle title="Whitelist Branch IP" />
      <PageHeader
        title="Whitelist Branch IP"
        description="A branch with addresses here accepts employee sign-in, API keys and telemetry only from them. An empty list allows every address."
      />
      {q.data ? (
        <div className="flex flex-wrap items-end gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="ip-branch">Branch</Label>
            <Select value={branchId} onValueChange={setBranchId}>
              <SelectTrigger id="ip-branch" className="w-64">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">Every branch</SelectItem>
                {branches.map((b) => (
                  <SelectItem key={b.branchId} value={b.branchId}>
                    #{b.branchNumber} {b.company}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
            <ShieldCheckIcon aria-hidden="true" className="size-4" />
            Your address: <span className="font-mono text-foreground">{q.data.ipWhitelist.yourAddress}</span>
          </p>
        </div>
      ) : null}
      {q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : q.isPending ? (
        <Skeleton className="h-48" />
      ) : (
        shown.map((b) => <BranchList key={b.branchId} branch={b} />)
      )}
    </div>
  );
}
