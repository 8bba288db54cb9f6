import { ChevronRightIcon, SearchIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type UsageRow, useUsageReport } from "../api";
import { enumLabel, formatDateTime, numberFormat } from "../format";

function FeatureList({ row }: { row: UsageRow }) {
  const all = [...row.features, ...row.watertightFeatures];
  if (!all.length) return <span className="text-muted-foreground">None</span>;
  return (
    <div className="flex max-w-80 flex-wrap gap-1">
      {row.features.map((f) => (
        <Badge key={`p-${f}`} variant="secondary">
          {enumLabel(f)}
        </Badge>
      ))}
      {row.watertightFeatures.map((f) => (
        <Badge key={`w-${f}`} variant="outline">
          {enumLabel(f)}
        </Badge>
      ))}
    </div>
  );
}

const n = (v: number) => numberFormat.format(v);

/** admin/usage: per branch (account), what it holds and how it is used. */
export default function UsagePage() {
  const q = useUsageReport();
  const [search, setSearch] = useState("");
  const rows = useMemo(() => {
    const all = q.data?.watertightUsageReport ?? [];
    const s = search.trim().toLowerCase();
    return s ? all.filter((r) => [r.account, r.accountName, r.host].some((v) => v.toLowerCase().includes(s))) : all;
  }, [q.data, search]);
  return (
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <DocumentTitle title="Branch Usage" />
      <PageHeader
        title="Branch Usage"
        description="Per account (branch number): customers, work orders, sales receipts, sign-ins, the last transaction and the features on. Open an account for its users."
      />
      <div className="relative max-w-sm">
        <SearchIcon
          aria-hidden="true"
          className="-translate-y-1/2 absolute top-1/2 left-2.5 size-4 text-muted-foreground"
        />
        <Input
          aria-label="Search accounts"
          placeholder="Account, name or host"
          className="pl-8"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : q.isPending ? (
        <Skeleton className="h-48" />
      ) : rows.length === 0 ? (
        <EmptyState title="No accounts match" />
      ) : (
        <>
          <Card className="hidden gap-0 py-0 lg:flex">
            <Table aria-label="Branch usage">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Account</TableHead>
                  <TableHead className="text-right">Customers</TableHead>
                  <TableHead className="text-right">Work orders</TableHead>
                  <TableHead className="text-right">Sales receipts</TableHead>
                  <TableHead className="text-right">Sign-ins</TableHead>
                  <TableHead>Last sign-in</TableHead>
                  <TableHead>Last transaction</TableHead>
                  <TableHead>Features</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.branchId}>
                    <TableCell>
                      <Link
                        href={`/admin/usage/${r.account}`}
                        className="font-medium underline-offset-4 hover:underline"
                      >
                        #{r.account} {r.accountName}
                      </Link>
                      <div className="text-muted-foreground text-xs">
                        {r.host} · {n(r.users)} users ({n(r.employees)} employees) · {n(r.warehouses)} warehouses
                        {r.build ? ` · build ${r.build}` : ""}
                      </div>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{n(r.customers)}</TableCell>
                    <TableCell className="text-right tabular-nums">{n(r.workOrders)}</TableCell>
                    <TableCell className="text-right tabular-nums">{n(r.salesReceipts)}</TableCell>
                    <TableCell className="text-right tabular-nums">{n(r.logins)}</TableCell>
                    <TableCell className="text-sm">
                      <div className="whitespace-nowrap">{formatDateTime(r.lastLoginAt)}</div>
                      <div className="text-muted-foreground text-xs">{r.loginUserName}</div>
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-sm">
                      {formatDateTime(r.lastTransaction, "None")}
                    </TableCell>
                    <TableCell>
                      <FeatureList row={r} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
          <ul className="grid gap-2 lg:hidden" aria-label="Branch usage">
            {rows.map((r) => (
              <li key={r.branchId}>
                <Link
                  href={`/admin/usage/${r.account}`}
                  className="flex items-start gap-3 rounded-lg border bg-card p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <div className="grid min-w-0 flex-1 gap-1.5">
                    <span className="font-medium">
                      #{r.account} {r.accountName}
                    </span>
                    <dl className="grid grid-cols-2 gap-x-4 gap-y-0.5 text-xs sm:grid-cols-4">
                      {(
                        [
                          ["Customers", n(r.customers)],
                          ["Work orders", n(r.workOrders)],
                          ["Sales receipts", n(r.salesReceipts)],
                          ["Sign-ins", n(r.logins)],
                        ] as const
                      ).map(([k, v]) => (
                        <div key={k} className="flex justify-between gap-2">
                          <dt className="text-muted-foreground">{k}</dt>
                          <dd className="tabular-nums">{v}</dd>
                        </div>
                      ))}
                    </dl>
                    <span className="text-muted-foreground text-xs">
                      Last sign-in {formatDateTime(r.lastLoginAt)} · last transaction{" "}
                      {formatDateTime(r.lastTransaction, "none")}
                    </span>
                    <FeatureList row={r} />
                  </div>
                  <ChevronRightIcon aria-hidden="true" className="mt-1 size-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
