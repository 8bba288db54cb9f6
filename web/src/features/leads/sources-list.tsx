import { KeyRoundIcon, PencilIcon, PowerIcon, PowerOffIcon, RadioTowerIcon, Trash2Icon } from "lucide-react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, type ListQuery } from "@/components/data-list/data-table";
import { useListFacets } from "@/components/data-list/list-facets";
import { noMatchOf } from "@/components/data-list/no-match";
import { actionsColumn, RowActions } from "@/components/data-list/row-actions";
import { countedStatusFacet, inStatus, STATUS_FACET } from "@/components/data-list/status-facet";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import type { LeadSourceRow } from "./sources-api";
import { storeLabel } from "./sources-schema";

// team/lead-sources' list: every source (inactive ones behind the status chips), searched and sorted in
// the browser with the state in the address; a lead admin's row actions edit it, make or revoke its
// intake key and switch it off or on.

const PAGE_SIZE = 25;
type Sort = "NAME" | "CODE" | "LAST_USED";
const SORTS: readonly Sort[] = ["NAME", "CODE", "LAST_USED"];
const FACETS = [STATUS_FACET];
const none = <span className="text-muted-foreground">—</span>;

export type SourceAction = "edit" | "key" | "revoke" | "toggle";

function Status({ source }: { source: LeadSourceRow }) {
  return source.inactive ? <Badge variant="secondary">Inactive</Badge> : <Badge variant="outline">Active</Badge>;
}

function KeyCell({ source }: { source: LeadSourceRow }) {
  if (!source.hasKey) return <span className="text-muted-foreground">No key</span>;
  return (
    <span className="grid gap-0.5">
      <span className="font-mono text-xs">{source.keyPrefix}…</span>
      <span className="text-muted-foreground text-xs">
        Last used {formatDateTime(source.keyLastUsed, { omitThisYear: true, empty: "never" })}
      </span>
    </span>
  );
}

function Actions({
  source,
  onAction,
}: {
  source: LeadSourceRow;
  onAction: (a: SourceAction, s: LeadSourceRow) => void;
}) {
  return (
    <RowActions
      name={source.name}
      items={[
        { label: "Edit", icon: PencilIcon, onSelect: () => onAction("edit", source) },
        {
          label: source.hasKey ? "Replace key" : "Create key",
          icon: KeyRoundIcon,
          onSelect: () => onAction("key", source),
        },
        source.hasKey && {
          label: "Revoke key",
          icon: Trash2Icon,
          destructive: true,
          onSelect: () => onAction("revoke", source),
        },
        {
          label: source.inactive ? "Activate" : "Deactivate",
          icon: source.inactive ? PowerIcon : PowerOffIcon,
          separated: true,
          onSelect: () => onAction("toggle", source),
        },
      ]}
    />
  );
}

export function SourceList({
  sources,
  query,
  onAction,
}: {
  sources: LeadSourceRow[] | undefined;
  query: ListQuery;
  /** The row actions; left out for those who may only read. */
  onAction?: (action: SourceAction, source: LeadSourceRow) => void;
}) {
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "NAME" });
  const facets = useListFacets(FACETS);
  const status = facets.value("status");
  const { rows, total } = useClientRows(
    sources?.filter((s) => inStatus(s, status)),
    list.state,
    {
      searchText: (s) => [s.name, s.code, storeLabel(s) ?? ""],
      sortValue: { NAME: (s) => s.name, CODE: (s) => s.code, LAST_USED: (s) => s.keyLastUsed ?? "" },
      pageSize: PAGE_SIZE,
    },
  );
  const columns: DataColumn<LeadSourceRow, Sort>[] = [
    { header: "Name", sort: "NAME", cell: (s) => <span className="font-medium">{s.name}</span> },
    { header: "Code", sort: "CODE", cell: (s) => <span className="font-mono text-xs">{s.code}</span> },
    { header: "Status", cell: (s) => <Status source={s} /> },
    { header: "Intake key", sort: "LAST_USED", cell: (s) => <KeyCell source={s} /> },
    { header: "Retail store", cell: (s) => storeLabel(s) ?? none },
  ];
  if (onAction) columns.push(actionsColumn((s) => <Actions source={s} onAction={onAction} />));
  return (
    <DataTable
      label="Lead sources"
      noun="lead sources"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(s) => s.id}
      mobileRow={(s) => (
        <div className="flex items-start gap-3 px-3 py-3">
          <span className="grid min-w-0 flex-1 gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="truncate font-medium text-sm">{s.name}</span>
              <span className="font-mono text-muted-foreground text-xs">{s.code}</span>
              {s.inactive ? <Status source={s} /> : null}
            </span>
            <KeyCell source={s} />
            {storeLabel(s) ? <span className="text-muted-foreground text-xs">{storeLabel(s)}</span> : null}
          </span>
          {onAction ? <Actions source={s} onAction={onAction} /> : null}
        </div>
      )}
      list={list}
      pageSize={PAGE_SIZE}
      query={query}
      search={{ label: "Search lead sources", placeholder: "Search by name, code or store" }}
      facets={{ facets: [countedStatusFacet(sources)], state: facets }}
      empty={{
        icon: <RadioTowerIcon aria-hidden="true" />,
        title: "No lead sources yet",
        description: "Add where your leads come from: a web campaign, a list vendor, a retail store.",
      }}
      noMatch={noMatchOf("lead source", "lead sources")}
    />
  );
}
