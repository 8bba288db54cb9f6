import { ListPlusIcon, PinIcon } from "lucide-react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, type ListQuery, RowLink } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { MobileRow } from "@/components/data-list/mobile-row";
import { noMatchOf } from "@/components/data-list/no-match";
import { countedStatusFacet, inStatus, STATUS_FACET } from "@/components/data-list/status-facet";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import type { CustomFieldRow } from "../api";
import { fieldHref, TABLE_LABELS, TYPE_LABELS, tableLabel } from "../labels";

// team/custom-fields' list: every field of the branch, searched, sorted and filtered by table, type and
// status in the browser, with the state in the address (?q=&sort=&table=&type=&status=).

const PAGE_SIZE = 25;
type Sort = "SORT_ORDER" | "NAME" | "TABLE" | "TYPE";
const SORTS: readonly Sort[] = ["SORT_ORDER", "NAME", "TABLE", "TYPE"];
const ALL = "all";

const FACETS: ListFacet[] = [
  {
    key: "table",
    label: "Table",
    defaultValue: ALL,
    options: [
      { value: ALL, label: "All tables" },
      ...Object.entries(TABLE_LABELS).map(([value, label]) => ({ value, label })),
    ],
  },
  {
    key: "type",
    label: "Type",
    defaultValue: ALL,
    options: [
      { value: ALL, label: "All types" },
      ...Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label })),
    ],
  },
  STATUS_FACET,
];

function Settings({ field: f, names }: { field: CustomFieldRow; names: Map<string, string> }) {
  return (
    <span className="flex flex-wrap gap-1">
      {f.pinStatus === "PINNED" ? (
        <Badge variant="info">
          <PinIcon aria-hidden="true" />
          Pinned
        </Badge>
      ) : null}
      {f.required ? <Badge variant="outline">Required</Badge> : null}
      {f.readOnly ? <Badge variant="outline">Read only</Badge> : null}
      {f.useOptionList ? <Badge variant="outline">{f.optionList.length} options</Badge> : null}
      {f.displayIfFieldId ? (
        <Badge variant="secondary">
          When {names.get(f.displayIfFieldId) ?? "?"} is {f.displayIfFieldValue}
        </Badge>
      ) : null}
      {f.inactive ? <Badge variant="secondary">Inactive</Badge> : null}
    </span>
  );
}

export function FieldList({ fields, query }: { fields: CustomFieldRow[] | undefined; query: ListQuery }) {
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "TABLE" });
  const facets = useListFacets(FACETS);
  const names = new Map((fields ?? []).map((f) => [f.id, f.name]));
  const [table, type, status] = [facets.value("table"), facets.value("type"), facets.value("status")];
  const shown = fields?.filter(
    (f) => (table === ALL || f.tableId === table) && (type === ALL || f.type === type) && inStatus(f, status),
  );
  const { rows, total } = useClientRows(shown, list.state, {
    searchText: (f) => [f.name, tableLabel(f.tableId), TYPE_LABELS[f.type], f.macroName],
    sortValue: {
      SORT_ORDER: (f) => f.sortOrder,
      NAME: (f) => f.name,
      // By table, then sort order within it.
      TABLE: (f) => `${tableLabel(f.tableId)} ${String(f.sortOrder + 100_000).padStart(7, "0")}`,
      TYPE: (f) => TYPE_LABELS[f.type],
    },
    pageSize: PAGE_SIZE,
  });
  const shownFacets = FACETS.map((facet) => (facet === STATUS_FACET ? countedStatusFacet(fields) : facet));

  const columns: DataColumn<CustomFieldRow, Sort>[] = [
    { header: "Name", sort: "NAME", cell: (f) => <RowLink href={fieldHref(f)}>{f.name}</RowLink> },
    { header: "Table", sort: "TABLE", cell: (f) => tableLabel(f.tableId) },
    { header: "Type", sort: "TYPE", cell: (f) => TYPE_LABELS[f.type] },
    { header: "Order", sort: "SORT_ORDER", className: "text-right tabular-nums", cell: (f) => f.sortOrder },
    { header: "Settings", cell: (f) => <Settings field={f} names={names} /> },
  ];

  return (
    <DataTable
      label="Custom fields"
      noun="fields"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(f) => f.id}
      rowHref={fieldHref}
      mobileRow={(f) => (
        <MobileRow href={fieldHref(f)} title={f.name} meta={`${tableLabel(f.tableId)} · ${TYPE_LABELS[f.type]}`}>
          <Settings field={f} names={names} />
        </MobileRow>
      )}
      list={list}
      pageSize={PAGE_SIZE}
      query={query}
      search={{ label: "Search custom fields", placeholder: "Search by name, table or type" }}
      facets={{ facets: shownFacets, state: facets }}
      empty={{
        icon: <ListPlusIcon aria-hidden="true" />,
        title: "No custom fields yet",
        description:
          "Add the things your team tracks that the records do not: a gate code, a referral, an install type.",
      }}
      noMatch={noMatchOf("field", "fields")}
    />
  );
}
