import { XIcon } from "lucide-react";
import { Fragment, type ReactNode, useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";
import { ListCard } from "./list-card";
import { type FacetState, type ListFacet, ListFacets } from "./list-facets";
import { ListSearch } from "./list-search";
import type { ListState } from "./use-list-url-state";

// The data table every back-office list uses: columns as data, sortable headers, search, filter
// flags, paging, row selection with bulk actions, and the loading, error, empty and "no match"
// states. Its state (search, page, sort, flags) lives in the address through useListUrlState; the
// page gives its columns, its query's rows and its filters.

export type DataColumn<Row, S extends string> = {
  /** The header text (also the accessible name of a header without visible text when `srOnly`). */
  header: string;
  srOnly?: boolean;
  /** Makes the header sort the list by this server sort key. */
  sort?: S;
  cell: (row: Row) => ReactNode;
  className?: string;
};

/** A yes/no filter of the toolbar (a checkbox), kept in the address as `?<key>=1`. */
export type DataFlag<F extends string> = { key: F; label: string };

/** What a list needs of its query (a TanStack query result, or a list component's pass-through of one). */
export type ListQuery = {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type DataTableProps<Row, S extends string, F extends string> = {
  /** The table's accessible name ("Personnel"); the states and paging use `noun`. */
  label: string;
  /** Plural noun for paging and loading ("people"). */
  noun: string;
  columns: DataColumn<Row, S>[];
  rows: Row[] | undefined;
  total: number | undefined;
  rowKey: (row: Row) => string;
  /** The row's page: its first link, and a click anywhere on the row, go there. */
  rowHref?: (row: Row) => string;
  /** Below md the table becomes a list of these (one card per row). */
  mobileRow?: (row: Row) => ReactNode;
  list: { state: ListState<S, F>; update: (patch: Partial<ListState<S, F>>) => void; sortProps: (s: S) => object };
  pageSize: number;
  query: ListQuery;
  search?: { label: string; placeholder?: string };
  flags?: DataFlag<F>[];
  /** What an empty list (nothing filtered) says; a filtered empty list says "no match" with Clear filters. */
  empty: { icon: ReactNode; title: string; description?: string; action?: ReactNode };
  /** What a filtered empty list says ("Nothing matches" unless given). */
  noMatch?: { title: string; description: (q: string) => string };
  /** Row selection: a checkbox per row and these actions for the selected rows. */
  bulkActions?: (selected: Row[], clear: () => void) => ReactNode;
  /** A row's details below it across the table (an order's lines), or null while it is closed. */
  expandedRow?: (row: Row) => ReactNode | null;
  /** Facet filters in the toolbar (selects and check groups, from useListFacets); "Clear filters" resets them too. */
  facets?: { facets: readonly ListFacet[]; state: FacetState };
};

export function DataTable<Row, S extends string, F extends string = never>(props: DataTableProps<Row, S, F>) {
  const { columns, rows, total, rowKey, rowHref, mobileRow, list, pageSize, query, flags = [], bulkActions } = props;
  const { state, update } = list;
  const [, navigate] = useLocation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { facets } = props;
  const filtered = !!state.q || flags.some((f) => state.flags[f.key]) || !!facets?.state.active;
  const refreshing = query.isFetching && !query.isPending;
  const visible = rows ?? [];
  const chosen = visible.filter((r) => selected.has(rowKey(r)));
  const toggle = (key: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const clearFilters = () =>
    facets
      ? facets.state.clear(["q", "page", ...flags.map((f) => f.key)])
      : update({ q: "", page: 1, flags: Object.fromEntries(flags.map((f) => [f.key, false])) as Record<F, boolean> });

  return (
    <ListCard
      loadingLabel={`Loading ${props.noun}`}
      loading={query.isPending}
      error={query.isError && !rows ? query.error : null}
      onRetry={() => query.refetch()}
      toolbar={
        props.search || flags.length || facets ? (
          <>
            {props.search ? (
              <ListSearch
                label={props.search.label}
                placeholder={props.search.placeholder}
                value={state.q}
                onSearch={(q) => update({ q, page: 1 })}
              />
            ) : null}
            {facets ? <ListFacets facets={facets.facets} state={facets.state} /> : null}
            <div className="flex items-center gap-3">
              {flags.map((f) => (
                <div key={f.key} className="flex items-center gap-2">
                  <Checkbox
                    id={`list-flag-${f.key}`}
                    checked={state.flags[f.key]}
                    onCheckedChange={(v) =>
                      update({ flags: { ...state.flags, [f.key]: v === true } as Record<F, boolean>, page: 1 })
                    }
                  />
                  <Label htmlFor={`list-flag-${f.key}`} className="font-normal">
                    {f.label}
                  </Label>
                </div>
              ))}
              {refreshing ? <Spinner size="sm" label="Updating" /> : null}
            </div>
          </>
        ) : null
      }
      empty={
        rows && rows.length === 0
          ? filtered
            ? {
                icon: props.empty.icon,
                title: props.noMatch?.title ?? "Nothing matches",
                description: props.noMatch?.description(state.q) ?? "Nothing matches these filters.",
                action: (
                  <Button variant="outline" onClick={clearFilters}>
                    <XIcon aria-hidden="true" />
                    Clear filters
                  </Button>
                ),
              }
            : props.empty
          : null
      }
      footer={
        total ? (
          <Pagination
            page={state.page}
            pageSize={pageSize}
            total={total}
            onPage={(page) => update({ page })}
            label={props.noun}
          />
        ) : null
      }
    >
      {rows ? (
        <>
          {bulkActions && chosen.length ? (
            <div className="flex flex-wrap items-center gap-2 border-b bg-muted/40 px-3 py-2 text-sm">
              <span>{chosen.length} selected</span>
              {bulkActions(chosen, () => setSelected(new Set()))}
            </div>
          ) : null}
          {mobileRow ? (
            <MobileRows
              label={props.label}
              rows={visible}
              rowKey={rowKey}
              render={mobileRow}
              selection={
                bulkActions
                  ? {
                      selected,
                      toggle,
                      all: chosen.length > 0 && chosen.length === visible.length,
                      setAll: (on) => setSelected(on ? new Set(visible.map(rowKey)) : new Set()),
                    }
                  : undefined
              }
            />
          ) : null}
          <Table containerClassName={cn(mobileRow && "hidden md:block")} aria-label={props.label}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {bulkActions ? (
                  <TableHead className="w-8">
                    <Checkbox
                      aria-label="Select all on this page"
                      checked={chosen.length > 0 && chosen.length === visible.length}
                      onCheckedChange={(v) => setSelected(v === true ? new Set(visible.map(rowKey)) : new Set())}
                    />
                  </TableHead>
                ) : null}
                {columns.map((c) => (
                  <TableHead key={c.header} className={c.className} {...(c.sort ? list.sortProps(c.sort) : {})}>
                    {c.srOnly ? <span className="sr-only">{c.header}</span> : c.header}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody className={cn(refreshing && "opacity-60")}>
              {visible.map((row) => {
                const key = rowKey(row);
                const href = rowHref?.(row);
                const details = props.expandedRow?.(row);
                return (
                  <Fragment key={key}>
                    <TableRow
                      key={key}
                      data-state={selected.has(key) ? "selected" : undefined}
                      className={cn(href && "cursor-pointer")}
                      onClick={(e) => {
                        if (!href || (e.target as HTMLElement).closest("a,button,[role=checkbox]")) return;
                        navigate(href);
                      }}
                    >
                      {bulkActions ? (
                        <TableCell>
                          <Checkbox
                            aria-label="Select row"
                            checked={selected.has(key)}
                            onCheckedChange={(v) => toggle(key, v === true)}
                          />
                        </TableCell>
                      ) : null}
                      {columns.map((c) => (
                        <TableCell key={c.header} className={c.className}>
                          {c.cell(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                    {details ? (
                      <TableRow className="hover:bg-transparent">
                        <TableCell colSpan={columns.length + (bulkActions ? 1 : 0)} className="whitespace-normal">
                          {details}
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </>
      ) : null}
    </ListCard>
  );
}

/**
 * The rows as cards (below md). With bulk actions each card starts with its checkbox (a tap target the
 * card's height, apart from the card's link) and a "Select all on this page" box heads the cards, so a
 * phone selects as the table does.
 */
function MobileRows<Row>({
  label,
  rows,
  rowKey,
  render,
  selection,
}: {
  label: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  render: (row: Row) => ReactNode;
  selection?: {
    selected: Set<string>;
    toggle: (key: string, on: boolean) => void;
    all: boolean;
    setAll: (on: boolean) => void;
  };
}) {
  return (
    <div className="md:hidden">
      {selection && rows.length ? (
        <Label className="flex min-h-11 items-center gap-3 border-b px-3 font-normal text-muted-foreground">
          <Checkbox
            aria-label="Select all on this page"
            checked={selection.all}
            onCheckedChange={(v) => selection.setAll(v === true)}
          />
          Select all on this page
        </Label>
      ) : null}
      <ul className="divide-y" aria-label={label}>
        {rows.map((row) => {
          const key = rowKey(row);
          if (!selection) return <li key={key}>{render(row)}</li>;
          const on = selection.selected.has(key);
          return (
            <li
              key={key}
              className={cn("flex items-stretch", on && "bg-muted/50")}
              data-state={on ? "selected" : undefined}
            >
              <Label className="flex shrink-0 cursor-pointer items-center self-stretch pr-1 pl-3">
                <Checkbox
                  aria-label="Select row"
                  checked={on}
                  onCheckedChange={(v) => selection.toggle(key, v === true)}
                />
              </Label>
              <div className="min-w-0 flex-1">{render(row)}</div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The link of a row's main cell (the row itself is clickable too). */
export function RowLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="font-medium hover:underline">
      {children}
    </Link>
  );
}
