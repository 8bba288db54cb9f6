import { useMemo, useRef } from "react";
import { useLocation, useSearch } from "wouter";

// A list's state in the address (?q=&page=&sort=&dir=&<flags>=1), so it survives reloads, the back
// button and shared links. Values equal to their defaults are left out of the address. Every list of
// the back office uses this with <ListSearch> and <TableHead sort onSort> (components/ui/table.tsx).

export type SortDir = "ASC" | "DESC";

export type ListState<S extends string, F extends string> = {
  q: string;
  page: number;
  sort: S;
  dir: SortDir;
  flags: Record<F, boolean>;
};

export function readListState<S extends string, F extends string>(
  search: string,
  opts: { sorts: readonly S[]; defaultSort: S; defaultDir?: SortDir; flags?: readonly F[] },
): ListState<S, F> {
  const p = new URLSearchParams(search);
  const sort = p.get("sort") as S | null;
  const dir = p.get("dir");
  return {
    q: p.get("q") ?? "",
    page: Math.max(1, Number.parseInt(p.get("page") ?? "1", 10) || 1),
    sort: sort && opts.sorts.includes(sort) ? sort : opts.defaultSort,
    dir: dir === "ASC" || dir === "DESC" ? dir : (opts.defaultDir ?? "ASC"),
    flags: Object.fromEntries((opts.flags ?? []).map((f) => [f, p.get(f) === "1"])) as Record<F, boolean>,
  };
}

export function writeListState<S extends string, F extends string>(
  search: string,
  next: ListState<S, F>,
  opts: { defaultSort: S; defaultDir?: SortDir },
): string {
  const p = new URLSearchParams(search);
  const set = (key: string, value: string | null) => (value ? p.set(key, value) : p.delete(key));
  set("q", next.q.trim() || null);
  set("page", next.page > 1 ? String(next.page) : null);
  set("sort", next.sort !== opts.defaultSort ? next.sort : null);
  set("dir", next.dir !== (opts.defaultDir ?? "ASC") ? next.dir : null);
  for (const [f, on] of Object.entries(next.flags)) set(f, on ? "1" : null);
  const text = p.toString();
  return text ? `?${text}` : "";
}

/**
 * The list state of the current address, an `update` that writes a change back (replacing the
 * history entry) and `sortProps(column)` for a sortable <TableHead>.
 */
export function useListUrlState<S extends string, F extends string = never>(opts: {
  sorts: readonly S[];
  defaultSort: S;
  defaultDir?: SortDir;
  flags?: readonly F[];
}) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are constants of the page
  const state = useMemo(() => readListState(search, opts), [search]);
  // A change applies to the address as it is when the change happens, not as it was when the caller
  // rendered: the search box calls `update` 300 ms after the last key, and a filter picked meanwhile
  // must survive it.
  const current = useRef({ search, location });
  current.current = { search, location };
  const update = (patch: Partial<Omit<ListState<S, F>, "flags">> & { flags?: Partial<Record<F, boolean>> }) => {
    const now = current.current;
    const base = readListState(now.search, opts);
    const next = { ...base, ...patch, flags: { ...base.flags, ...patch.flags } } as ListState<S, F>;
    navigate(`${now.location}${writeListState(now.search, next, opts)}`, { replace: true });
  };
  const sortProps = (sort: S) => ({
    sort: state.sort === sort ? (state.dir === "ASC" ? ("asc" as const) : ("desc" as const)) : (false as const),
    onSort: () => update({ sort, dir: state.sort === sort && state.dir === "ASC" ? "DESC" : "ASC", page: 1 }),
  });
  return { state, update, sortProps };
}

/** The state of a list that is only paged (no search, sort or flags): its page in the address. */
export function usePageOnlyListState() {
  return useListUrlState<never>({ sorts: [], defaultSort: undefined as never });
}
