import { ChevronRightIcon, UserPlusIcon, UsersIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { ListCard } from "@/components/data-list/list-card";
import { ListSearch } from "@/components/data-list/list-search";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { DocumentTitle } from "@/components/shell/document-title";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";
import { type PersonListItem, type PersonnelSort, usePersonnel } from "../api";
import { AddEmployeeDialog } from "../components/add-employee-dialog";
import { PersonAvatar } from "../components/person-avatar";

const PAGE_SIZE = 25;
const SORTS: readonly PersonnelSort[] = ["NAME", "EMAIL", "JOB_TITLE", "CREATED"];

export function PersonStatus({ person }: { person: Pick<PersonListItem, "inactive" | "invitePending" | "canSignIn"> }) {
  if (person.inactive) return <Badge variant="secondary">Inactive</Badge>;
  if (person.invitePending) return <Badge variant="info">Invited</Badge>;
  if (!person.canSignIn) return <Badge variant="outline">No sign-in</Badge>;
  return null;
}

/** team/personnel: employees, searchable and sortable on the server, state in the address. */
export default function PersonnelPage() {
  const [, navigate] = useLocation();
  const { state, update, sortProps } = useListUrlState({
    sorts: SORTS,
    defaultSort: "NAME" as PersonnelSort,
    flags: ["inactive"] as const,
  });
  const [adding, setAdding] = useState(false);
  const list = usePersonnel({
    skip: (state.page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
    search: state.q || null,
    sortBy: state.sort,
    sortDirection: state.dir,
    includeInactive: state.flags.inactive,
  });
  const page = list.data?.personnel;
  const filtered = !!(state.q || state.flags.inactive);
  const href = (id: string) => `/team/personnel/${id}`;

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Personnel" />
      <PageHeader
        title="Personnel"
        description="Your team members, their jobs, groups and sign-in."
        actions={
          <Button onClick={() => setAdding(true)}>
            <UserPlusIcon aria-hidden="true" />
            Add employee
          </Button>
        }
      />
      <AddEmployeeDialog open={adding} onOpenChange={setAdding} />
      <ListCard
        loadingLabel="Loading personnel"
        loading={list.isPending}
        error={list.isError && !page ? list.error : null}
        onRetry={() => list.refetch()}
        toolbar={
          <>
            <ListSearch
              label="Search personnel"
              placeholder="Search by name, email or job title"
              value={state.q}
              onSearch={(q) => update({ q, page: 1 })}
            />
            <div className="flex items-center gap-3">
              <div className="flex items-center gap-2">
                <Checkbox
                  id="personnel-inactive"
                  checked={state.flags.inactive}
                  onCheckedChange={(v) => update({ flags: { inactive: v === true }, page: 1 })}
                />
                <Label htmlFor="personnel-inactive" className="font-normal">
                  Show inactive
                </Label>
              </div>
              {list.isFetching && !list.isPending ? <Spinner size="sm" label="Updating" /> : null}
            </div>
          </>
        }
        empty={
          page && page.items.length === 0
            ? {
                icon: <UsersIcon aria-hidden="true" />,
                title: filtered ? "Nobody matches" : "No employees yet",
                description: filtered
                  ? `Nobody matches “${state.q}”. Check the spelling or search by email.`
                  : "Add your first team member.",
                action: filtered ? (
                  <Button variant="outline" onClick={() => update({ q: "", flags: { inactive: false }, page: 1 })}>
                    <XIcon aria-hidden="true" />
                    Clear filters
                  </Button>
                ) : null,
              }
            : null
        }
        footer={
          page && page.totalCount > 0 ? (
            <Pagination
              page={state.page}
              pageSize={PAGE_SIZE}
              total={page.totalCount}
              onPage={(p) => update({ page: p })}
              label="people"
            />
          ) : null
        }
      >
        {page ? (
          <>
            <ul className="divide-y md:hidden" aria-label="Personnel">
              {page.items.map((p) => (
                <li key={p.id}>
                  <Link
                    href={href(p.id)}
                    className="flex items-center gap-3 px-3 py-3 outline-none hover:bg-muted/60 focus-visible:bg-muted"
                  >
                    <PersonAvatar name={p.fullName} photoUrl={p.photoUrl} />
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="truncate font-medium text-sm">{p.fullName}</span>
                      <span className="truncate text-muted-foreground text-xs">{p.jobTitle || p.email || "—"}</span>
                    </span>
                    <PersonStatus person={p} />
                    <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                  </Link>
                </li>
              ))}
            </ul>
            <Table containerClassName="hidden md:block" aria-label="Personnel">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead {...sortProps("NAME")}>Name</TableHead>
                  <TableHead {...sortProps("JOB_TITLE")}>Job title</TableHead>
                  <TableHead {...sortProps("EMAIL")}>Email</TableHead>
                  <TableHead>Groups</TableHead>
                  <TableHead>
                    <span className="sr-only">Status</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody className={cn(list.isFetching && !list.isPending && "opacity-60")}>
                {page.items.map((p) => (
                  <TableRow
                    key={p.id}
                    className="cursor-pointer"
                    onClick={(e) => {
                      if ((e.target as HTMLElement).closest("a")) return;
                      navigate(href(p.id));
                    }}
                  >
                    <TableCell>
                      <span className="flex items-center gap-3">
                        <PersonAvatar name={p.fullName} photoUrl={p.photoUrl} className="size-8 text-xs" />
                        <Link href={href(p.id)} className="font-medium hover:underline">
                          {p.fullName}
                        </Link>
                      </span>
                    </TableCell>
                    <TableCell>{p.jobTitle || <span className="text-muted-foreground">—</span>}</TableCell>
                    <TableCell className="text-muted-foreground">{p.email || "—"}</TableCell>
                    <TableCell>
                      <span className="flex flex-wrap gap-1">
                        {p.securityGroups.map((g) => (
                          <Badge key={g.id} variant="secondary">
                            {g.name}
                          </Badge>
                        ))}
                      </span>
                    </TableCell>
                    <TableCell className="text-right">
                      <PersonStatus person={p} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : null}
      </ListCard>
    </div>
  );
}
