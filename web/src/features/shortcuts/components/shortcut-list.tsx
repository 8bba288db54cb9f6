import { ZapIcon } from "lucide-react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, type ListQuery, RowLink } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { MobileRow } from "@/components/data-list/mobile-row";
import { noMatchOf } from "@/components/data-list/no-match";
import { countedStatusFacet, inStatus, STATUS_FACET } from "@/components/data-list/status-facet";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import type { Shortcut } from "../api";
import { actionSummary, shortcutHref, TABLE_LABELS, tableLabel } from "../labels";

// team/shortcuts' list: every shortcut of the branch, searched, sorted and filtered by what it applies
// to and its status in the browser, with the state in the address (?q=&sort=&table=&status=).

const PAGE_SIZE = 25;
type Sort = "SORT_ORDER" | "NAME" | "TABLE";
const SORTS: readonly Sort[] = ["SORT_ORDER", "NAME", "TABLE"];
const ALL = "all";

const FACETS: ListFacet[] = [
  {
    key: "table",
    label: "Applies to",
    defaultValue: ALL,
    options: [
      { value: ALL, label: "All records" },
      ...Object.entries(TABLE_LABELS).map(([value, label]) => ({ value, label })),
    ],
  },
  STATUS_FACET,
];

function Actions({ shortcut, stepName }: { shortcut: Shortcut; stepName: (id: string) => string | undefined }) {
  return (
    <ol className="grid gap-0.5 text-sm">
      {shortcut.actions.map((a, i) => (
        <li key={i} className="truncate">
          <span className="text-muted-foreground tabular-nums">{i + 1}.</span> {actionSummary(a, stepName)}
        </li>
      ))}
    </ol>
  );
}

function Flags({ shortcut: s }: { shortcut: Shortcut }) {
  if (!s.inactive && !s.isSaleWorkflow) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {s.isSaleWorkflow ? <Badge variant="info">Sale workflow</Badge> : null}
      {s.inactive ? <Badge variant="secondary">Inactive</Badge> : null}
    </span>
  );
}

export function ShortcutList({
  shortcuts,
  query,
  stepName,
}: {
  shortcuts: Shortcut[] | undefined;
  query: ListQuery;
  stepName: (id: string) => string | undefined;
}) {
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "SORT_ORDER" });
  const facets = useListFacets(FACETS);
  const [table, status] = [facets.value("table"), facets.value("status")];
  const shown = shortcuts?.filter((s) => (table === ALL || s.tableId === table) && inStatus(s, status));
  const { rows, total } = useClientRows(shown, list.state, {
    searchText: (s) => [
      s.name,
      s.description,
      tableLabel(s.tableId),
      ...s.actions.map((a) => actionSummary(a, stepName)),
    ],
    sortValue: {
      SORT_ORDER: (s) => `${String(s.sortOrder).padStart(7, "0")} ${s.name}`,
      NAME: (s) => s.name,
      TABLE: (s) => `${tableLabel(s.tableId)} ${String(s.sortOrder).padStart(7, "0")}`,
    },
    pageSize: PAGE_SIZE,
  });
  const shownFacets = FACETS.map((facet) => (facet === STATUS_FACET ? countedStatusFacet(shortcuts) : facet));

  const columns: DataColumn<Shortcut, Sort>[] = [
    {
      header: "Name",
      sort: "NAME",
      cell: (s) => (
        <span className="grid gap-0.5">
          <RowLink href={shortcutHref(s)}>{s.name}</RowLink>
          {s.description ? <span className="line-clamp-1 text-muted-foreground text-xs">{s.description}</span> : null}
        </span>
      ),
    },
    { header: "Applies to", sort: "TABLE", cell: (s) => tableLabel(s.tableId) },
    { header: "Actions", className: "max-w-md", cell: (s) => <Actions shortcut={s} stepName={stepName} /> },
    { header: "Order", sort: "SORT_ORDER", className: "text-right tabular-nums", cell: (s) => s.sortOrder },
    { header: "Status", cell: (s) => <Flags shortcut={s} /> },
  ];

  return (
    <DataTable
      label="Shortcuts"
      noun="shortcuts"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(s) => s.id}
      rowHref={shortcutHref}
      mobileRow={(s) => (
        <MobileRow
          href={shortcutHref(s)}
          title={s.name}
          meta={`${tableLabel(s.tableId)} · ${s.actions.length === 1 ? "1 action" : `${s.actions.length} actions`}`}
        >
          <Flags shortcut={s} />
        </MobileRow>
      )}
      list={list}
      pageSize={PAGE_SIZE}
      query={query}
      search={{ label: "Search shortcuts", placeholder: "Search by name or action" }}
      facets={{ facets: shownFacets, state: facets }}
      empty={{
        icon: <ZapIcon aria-hidden="true" />,
        title: "No shortcuts yet",
        description: "Bundle what your team does by hand, e.g. “Set appointment”: book the visit and close the call.",
      }}
      noMatch={noMatchOf("shortcut", "shortcuts")}
    />
  );
}
