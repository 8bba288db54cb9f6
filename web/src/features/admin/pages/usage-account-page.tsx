import { UsersIcon } from "lucide-react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable } from "@/components/data-list/data-table";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { BackLink } from "@/components/shell/back-link";
import { DocumentTitle } from "@/components/shell/document-title";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, formatNumber, pluralize } from "@/lib/format";
import type { RouteParams } from "@/lib/route-table";
import { type PlatformUser, useUsersFromAccount } from "../api";
import { nameAndEmailColumns, userName } from "../components/users/user-columns";
import { userTypeLabels } from "../format";

const PAGE_SIZE = 50;
type Sort = "LAST" | "NAME" | "EMAIL" | "TYPE" | "LOGINS";
const SORTS: readonly Sort[] = ["LAST", "NAME", "EMAIL", "TYPE", "LOGINS"];

const columns: DataColumn<PlatformUser, Sort>[] = [
  ...nameAndEmailColumns<Sort>(),
  {
    header: "Type",
    sort: "TYPE",
    cell: (u) => (
      <Badge variant={u.type === "SUPER_ADMIN" ? "accent" : u.type === "EMPLOYEE" ? "info" : "secondary"}>
        {userTypeLabels[u.type]}
      </Badge>
    ),
  },
  {
    header: "Last sign-in",
    sort: "LAST",
    className: "whitespace-nowrap text-sm",
    cell: (u) => formatDateTime(u.lastLoginAt),
  },
  {
    header: "Sign-ins",
    sort: "LOGINS",
    className: "hidden text-right tabular-nums md:table-cell",
    cell: (u) => formatNumber(u.loginCount),
  },
];

/** admin/usage/{account}: the users of one account with their type and last sign-in. */
export default function UsageAccountPage({ params }: { params: RouteParams }) {
  const account = params.account ?? "";
  const query = useUsersFromAccount(account);
  const data = query.data?.usersFromAccount;
  // The most recent sign-in first unless another order is chosen.
  const list = useListUrlState({ sorts: SORTS, defaultSort: "LAST" as Sort, defaultDir: "DESC" });
  const { rows, total } = useClientRows(data?.users, list.state, {
    pageSize: PAGE_SIZE,
    searchText: (u) => [u.firstName, u.lastName, u.email],
    sortValue: {
      LAST: (u) => u.lastLoginAt,
      NAME: userName,
      EMAIL: (u) => u.email,
      TYPE: (u) => userTypeLabels[u.type],
      LOGINS: (u) => u.loginCount,
    },
  });
  return (
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <DocumentTitle title={data ? `${data.accountName} · Branch Usage` : "Branch Usage"} />
      <BackLink href="/admin/usage">Branch Usage</BackLink>
      {data ? (
        <PageHeader
          title={`#${data.account} ${data.accountName}`}
          description={`${pluralize(data.users.length, "user")} on host ${data.host}, the most recent sign-in first.`}
        />
      ) : query.isPending ? (
        <Skeleton className="h-12 w-1/2" />
      ) : null}
      <DataTable
        label="Users"
        noun="users"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(u) => u.id}
        list={list}
        pageSize={PAGE_SIZE}
        query={query}
        search={{ label: "Search users", placeholder: "Name or email" }}
        empty={{ icon: <UsersIcon />, title: "No users on this account" }}
        noMatch={{ title: "No users match", description: (q) => `No user's name or email contains "${q}".` }}
      />
    </div>
  );
}
