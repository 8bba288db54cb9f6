import { ArrowLeftIcon } from "lucide-react";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { RouteParams } from "@/lib/route-table";
import { useUsersFromAccount } from "../api";
import { formatDateTime, numberFormat, userTypeLabels } from "../format";

/** admin/usage/{account}: the users of one account with their type and last sign-in. */
export default function UsageAccountPage({ params }: { params: RouteParams }) {
  const account = params.account ?? "";
  const q = useUsersFromAccount(account);
  const data = q.data?.usersFromAccount;
  return (
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <DocumentTitle title={data ? `${data.accountName} · Branch Usage` : "Branch Usage"} />
      <Link
        href="/admin/usage"
        className="inline-flex w-fit items-center gap-1 text-muted-foreground text-sm hover:underline"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Branch Usage
      </Link>
      {q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : !data ? (
        <Skeleton className="h-48" />
      ) : (
        <>
          <PageHeader
            title={`#${data.account} ${data.accountName}`}
            description={`${data.users.length} users on host ${data.host}, the most recent sign-in first.`}
          />
          <Card className="gap-0 py-0">
            <Table aria-label="Users">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden sm:table-cell">Email</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Last sign-in</TableHead>
                  <TableHead className="hidden text-right md:table-cell">Sign-ins</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.users.map((u) => (
                  <TableRow key={u.id}>
                    <TableCell>
                      <div className="font-medium">{`${u.firstName} ${u.lastName}`.trim() || u.email}</div>
                      <div className="break-all text-muted-foreground text-xs sm:hidden">{u.email}</div>
                    </TableCell>
                    <TableCell className="hidden break-all sm:table-cell">{u.email}</TableCell>
                    <TableCell>
                      <Badge
                        variant={u.type === "SUPER_ADMIN" ? "accent" : u.type === "EMPLOYEE" ? "info" : "secondary"}
                      >
                        {userTypeLabels[u.type]}
                      </Badge>
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-sm">{formatDateTime(u.lastLoginAt)}</TableCell>
                    <TableCell className="hidden text-right tabular-nums md:table-cell">
                      {numberFormat.format(u.loginCount)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        </>
      )}
    </div>
  );
}
