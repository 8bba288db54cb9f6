import { UserPlusIcon, UsersIcon } from "lucide-react";
import { Suspense, useState } from "react";
import { type DataColumn, DataTable, RowLink } from "@/components/data-list/data-table";
import { ListPage } from "@/components/data-list/list-page";
import { MobileRow } from "@/components/data-list/mobile-row";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { lazyWithReload } from "@/lib/lazy";
import { type PersonListItem, type PersonnelSort, usePersonnel } from "../api";
import { PersonAvatar } from "../components/person-avatar";

// The add dialog (the form kit, zod, the select and Radix's dialog: about 100 kB gzip) is its own chunk,
// fetched when the button is reached for: the list, rendered on the server, hydrates without it.
const AddEmployeeDialog = lazyWithReload("add-employee-dialog", () =>
  import("../components/add-employee-dialog").then((m) => ({ default: m.AddEmployeeDialog })),
);

const PAGE_SIZE = 25;
const SORTS: readonly PersonnelSort[] = ["NAME", "EMAIL", "JOB_TITLE", "CREATED"];
const href = (id: string) => `/team/personnel/${id}`;

export function PersonStatus({ person }: { person: Pick<PersonListItem, "inactive" | "invitePending" | "canSignIn"> }) {
  if (person.inactive) return <Badge variant="secondary">Inactive</Badge>;
  if (person.invitePending) return <Badge variant="info">Invited</Badge>;
  if (!person.canSignIn) return <Badge variant="outline">No sign-in</Badge>;
  return null;
}

const columns: DataColumn<PersonListItem, PersonnelSort>[] = [
  {
    header: "Name",
    sort: "NAME",
    cell: (p) => (
      <span className="flex items-center gap-3">
        <PersonAvatar name={p.fullName} photoUrl={p.photoUrl} className="size-8 text-xs" />
        <RowLink href={href(p.id)}>{p.fullName}</RowLink>
      </span>
    ),
  },
  {
    header: "Job title",
    sort: "JOB_TITLE",
    cell: (p) => p.jobTitle || <span className="text-muted-foreground">—</span>,
  },
  { header: "Email", sort: "EMAIL", className: "text-muted-foreground", cell: (p) => p.email || "—" },
  {
    header: "Groups",
    cell: (p) => (
      <span className="flex flex-wrap gap-1">
        {p.securityGroups.map((g) => (
          <Badge key={g.id} variant="secondary">
            {g.name}
          </Badge>
        ))}
      </span>
    ),
  },
  { header: "Status", srOnly: true, className: "text-right", cell: (p) => <PersonStatus person={p} /> },
];

const mobileRow = (p: PersonListItem) => (
  <MobileRow
    href={href(p.id)}
    lead={<PersonAvatar name={p.fullName} photoUrl={p.photoUrl} />}
    title={p.fullName}
    meta={p.jobTitle || p.email || "—"}
    end={<PersonStatus person={p} />}
  />
);

/** team/personnel: employees, searchable and sortable on the server, state in the address. */
export default function PersonnelPage() {
  const list = useListUrlState({ sorts: SORTS, defaultSort: "NAME" as PersonnelSort, flags: ["inactive"] as const });
  const { state } = list;
  const [adding, setAdding] = useState(false);
  // Mounted from the first time the button is hovered, touched or focused (and kept: it animates closed).
  const [dialogWanted, setDialogWanted] = useState(false);
  const wantDialog = () => setDialogWanted(true);
  const query = usePersonnel({
    skip: (state.page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
    search: state.q || null,
    sortBy: state.sort,
    sortDirection: state.dir,
    includeInactive: state.flags.inactive,
  });
  const page = query.data?.personnel;

  return (
    <ListPage
      title="Personnel"
      description="Your team members, their jobs, groups and sign-in."
      actions={
        <Button
          onPointerEnter={wantDialog}
          onPointerDown={wantDialog}
          onFocus={wantDialog}
          onClick={() => {
            wantDialog();
            setAdding(true);
          }}
        >
          <UserPlusIcon aria-hidden="true" />
          Add employee
        </Button>
      }
    >
      {dialogWanted ? (
        <Suspense fallback={null}>
          <AddEmployeeDialog open={adding} onOpenChange={setAdding} />
        </Suspense>
      ) : null}
      <DataTable
        label="Personnel"
        noun="people"
        columns={columns}
        rows={page?.items}
        total={page?.totalCount}
        rowKey={(p) => p.id}
        rowHref={(p) => href(p.id)}
        mobileRow={mobileRow}
        list={list}
        pageSize={PAGE_SIZE}
        query={query}
        search={{ label: "Search personnel", placeholder: "Search by name, email or job title" }}
        flags={[{ key: "inactive", label: "Show inactive" }]}
        empty={{
          icon: <UsersIcon aria-hidden="true" />,
          title: "No employees yet",
          description: "Add your first team member.",
        }}
        noMatch={{
          title: "Nobody matches",
          description: (q) => `Nobody matches “${q}”. Check the spelling or search by email.`,
        }}
      />
    </ListPage>
  );
}
