import { ChevronRightIcon, FileTextIcon } from "lucide-react";
import { Link } from "wouter";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, type ListQuery, RowLink } from "@/components/data-list/data-table";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type LeadForm, useToggleLeadForm } from "./forms-api";
import { leadFormHref } from "./forms-schema";

// team/lead-forms' list: every form of the branch, searched and sorted in the browser (?q=&sort=),
// with Activate / Deactivate on each row.

const PAGE_SIZE = 25;
type Sort = "NAME" | "TITLE" | "EDITED";
const SORTS: readonly Sort[] = ["NAME", "TITLE", "EDITED"];

export const editedLabel = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function Flags({ form: f }: { form: LeadForm }) {
  return (
    <span className="flex flex-wrap gap-1">
      {f.isPublic ? <Badge variant="info">Public</Badge> : <Badge variant="outline">Private</Badge>}
      {f.isTemplate ? <Badge variant="secondary">Template</Badge> : null}
    </span>
  );
}

function ToggleButton({ form: f }: { form: LeadForm }) {
  const toggle = useToggleLeadForm();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={toggle.isPending}
      aria-label={`${f.inactive ? "Activate" : "Deactivate"} ${f.name}`}
      onClick={() => toggle.mutate({ id: f.id })}
    >
      {f.inactive ? "Activate" : "Deactivate"}
    </Button>
  );
}

export function LeadFormList({ forms, query }: { forms: LeadForm[] | undefined; query: ListQuery }) {
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "NAME" });
  const { rows, total } = useClientRows(forms, list.state, {
    searchText: (f) => [f.name, f.title],
    sortValue: { NAME: (f) => f.name.toLowerCase(), TITLE: (f) => f.title.toLowerCase(), EDITED: (f) => f.lastEdited },
    pageSize: PAGE_SIZE,
  });
  const columns: DataColumn<LeadForm, Sort>[] = [
    { header: "Name", sort: "NAME", cell: (f) => <RowLink href={leadFormHref(f)}>{f.name}</RowLink> },
    { header: "Title", sort: "TITLE", className: "max-w-xs truncate", cell: (f) => f.title },
    { header: "Public", cell: (f) => <Flags form={f} /> },
    {
      header: "Active",
      cell: (f) => (f.inactive ? <Badge variant="secondary">Inactive</Badge> : <Badge variant="success">Active</Badge>),
    },
    { header: "Last edited", sort: "EDITED", className: "tabular-nums", cell: (f) => editedLabel(f.lastEdited) },
    { header: "Activation", srOnly: true, className: "text-right", cell: (f) => <ToggleButton form={f} /> },
  ];
  return (
    <DataTable
      label="Lead forms"
      noun="forms"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(f) => f.id}
      rowHref={leadFormHref}
      mobileRow={(f) => (
        <div className="flex items-center gap-3 px-3 py-3">
          <Link href={leadFormHref(f)} className="grid min-w-0 flex-1 gap-1 outline-none focus-visible:underline">
            <span className="truncate font-medium text-sm">{f.name}</span>
            <span className="truncate text-muted-foreground text-xs">
              {f.inactive ? "Inactive" : "Active"} · edited {editedLabel(f.lastEdited)}
            </span>
            <Flags form={f} />
          </Link>
          <ToggleButton form={f} />
          <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        </div>
      )}
      list={list}
      pageSize={PAGE_SIZE}
      query={query}
      search={{ label: "Search lead forms", placeholder: "Search by name or title" }}
      empty={{
        icon: <FileTextIcon aria-hidden="true" />,
        title: "No lead forms yet",
        description: "Make a form prospects fill in on your website; each answer becomes a lead.",
      }}
      noMatch={{ title: "No forms match", description: (q) => `No form matches “${q}”.` }}
    />
  );
}
