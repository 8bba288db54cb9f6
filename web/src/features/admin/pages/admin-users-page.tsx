import { KeyRoundIcon, ShieldIcon } from "lucide-react";
import { useState } from "react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable } from "@/components/data-list/data-table";
import { ListPage } from "@/components/data-list/list-page";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";
import { type PlatformUser, useAdminUsers } from "../api";
import { UserSearch } from "../components/user-search";
import { AddAdminCard } from "../components/users/add-admin-card";
import { PasswordDialog } from "../components/users/password-dialog";
import { nameAndEmailColumns, userName } from "../components/users/user-columns";

const PAGE_SIZE = 25;
type Sort = "NAME" | "EMAIL" | "BRANCH" | "LAST";
const SORTS: readonly Sort[] = ["NAME", "EMAIL", "BRANCH", "LAST"];

/** admin/users: the super admins, adding one, and changing any user's password. */
export default function AdminUsersPage() {
  const query = useAdminUsers();
  const list = useListUrlState({ sorts: SORTS, defaultSort: "NAME" as Sort });
  const { rows, total } = useClientRows(query.data?.adminUsers, list.state, {
    pageSize: PAGE_SIZE,
    searchText: (u) => [u.firstName, u.lastName, u.email, u.branchHost],
    sortValue: {
      NAME: userName,
      EMAIL: (u) => u.email,
      BRANCH: (u) => u.branchHost,
      LAST: (u) => u.lastLoginAt,
    },
  });
  const [changing, setChanging] = useState<PlatformUser | null>(null);
  const columns: DataColumn<PlatformUser, Sort>[] = [
    ...nameAndEmailColumns<Sort>(),
    { header: "Home branch", sort: "BRANCH", className: "hidden md:table-cell", cell: (u) => u.branchHost },
    {
      header: "Last sign-in",
      sort: "LAST",
      className: "whitespace-nowrap",
      cell: (u) => formatDateTime(u.lastLoginAt),
    },
    {
      header: "Actions",
      srOnly: true,
      className: "w-10",
      cell: (u) => (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Change the password of ${u.email}`}
          onClick={() => setChanging(u)}
        >
          <KeyRoundIcon aria-hidden="true" />
        </Button>
      ),
    },
  ];
  return (
    <ListPage title="Admin Users" description="The platform's super admins, and any user's password.">
      <DataTable
        label="Admin users"
        noun="admins"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(u) => u.id}
        list={list}
        pageSize={PAGE_SIZE}
        query={query}
        search={{ label: "Search admin users", placeholder: "Name, email or home branch" }}
        empty={{ icon: <ShieldIcon />, title: "No admin users" }}
        noMatch={{ title: "No admins match", description: (q) => `No admin's name or email contains "${q}".` }}
      />
      <AddAdminCard />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Change a user's password</h2>
          </CardTitle>
          <CardDescription>Any user of any branch: customers, employees and admins.</CardDescription>
        </CardHeader>
        <CardContent>
          <UserSearch
            label="Find the user"
            action={(u) => (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setChanging(u)}
                aria-label={`Change password of ${u.email}`}
              >
                <KeyRoundIcon aria-hidden="true" />
                Change password
              </Button>
            )}
          />
        </CardContent>
      </Card>
      {changing ? <PasswordDialog user={changing} onClose={() => setChanging(null)} /> : null}
    </ListPage>
  );
}
