import { BookmarkIcon } from "lucide-react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, type ListQuery, RowLink } from "@/components/data-list/data-table";
import { MobileRow } from "@/components/data-list/mobile-row";
import { noMatchOf } from "@/components/data-list/no-match";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import { tableLabel } from "@/features/shortcuts/labels";
import { formatDateTime } from "@/lib/format";
import type { SavedAction } from "../api";

// team/saved-actions' list: the caller's saved actions and the public ones, searched and sorted in the
// browser, with the state in the address (?q=&sort=).

const PAGE_SIZE = 25;
type Sort = "NAME" | "LAST_RUN";
const SORTS: readonly Sort[] = ["NAME", "LAST_RUN"];
export const savedActionHref = (s: Pick<SavedAction, "id">) => `/team/saved-actions/${s.id}`;

export function SavedActionList({
  savedActions,
  query,
}: {
  savedActions: SavedAction[] | undefined;
  query: ListQuery;
}) {
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "NAME" });
  const { rows, total } = useClientRows(savedActions, list.state, {
    searchText: (s) => [s.name, s.description, s.shortcutName, s.ownerName ?? ""],
    sortValue: { NAME: (s) => s.name, LAST_RUN: (s) => s.lastRunAt ?? "" },
    pageSize: PAGE_SIZE,
  });
  const columns: DataColumn<SavedAction, Sort>[] = [
    {
      header: "Name",
      sort: "NAME",
      cell: (s) => (
        <span className="grid gap-0.5">
          <RowLink href={savedActionHref(s)}>{s.name}</RowLink>
          {s.description ? <span className="line-clamp-1 text-muted-foreground text-xs">{s.description}</span> : null}
        </span>
      ),
    },
    { header: "Shortcut", cell: (s) => s.shortcutName },
    { header: "Records", cell: (s) => tableLabel(s.tableId) },
    { header: "Owner", cell: (s) => s.ownerName ?? "—" },
    { header: "Shared", cell: (s) => (s.isPublic ? <Badge variant="info">Public</Badge> : "Private") },
    { header: "Last run", sort: "LAST_RUN", cell: (s) => formatDateTime(s.lastRunAt, { omitThisYear: true }) },
  ];
  return (
    <DataTable
      label="Saved actions"
      noun="saved actions"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(s) => s.id}
      rowHref={savedActionHref}
      mobileRow={(s) => (
        <MobileRow
          href={savedActionHref(s)}
          title={s.name}
          meta={`${s.shortcutName} · ${tableLabel(s.tableId)} · last run ${formatDateTime(s.lastRunAt, { omitThisYear: true })}`}
          end={s.isPublic ? <Badge variant="info">Public</Badge> : null}
        />
      )}
      list={list}
      pageSize={PAGE_SIZE}
      query={query}
      search={{ label: "Search saved actions", placeholder: "Search by name or shortcut" }}
      empty={{
        icon: <BookmarkIcon aria-hidden="true" />,
        title: "No saved actions yet",
        description:
          "Save a shortcut on a list, e.g. “close every open first call older than 30 days”, to run it again.",
      }}
      noMatch={noMatchOf("saved action", "saved actions")}
    />
  );
}
