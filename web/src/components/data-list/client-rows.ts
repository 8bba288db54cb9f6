import { useMemo } from "react";
import type { ListState } from "./use-list-url-state";

// For lists whose query answers every row at once (a few hundred at most): the search, the filter
// flags, the sort and the page of the address (useListUrlState) applied in the browser, so the
// DataTable works the same as on a list the server pages.

export type ClientRowsOptions<Row, S extends string, F extends string> = {
  /** The texts a row is found by (case-insensitive, any part). */
  searchText: (row: Row) => (string | number | null | undefined)[];
  /** The value each sort key orders by. */
  sortValue: Record<S, (row: Row) => string | number | null | undefined>;
  /** What each filter flag keeps when it is on. */
  flagFilter?: Partial<Record<F, (row: Row) => boolean>>;
  pageSize: number;
};

/** The rows of the current page and the count of every row that matches. */
export function useClientRows<Row, S extends string, F extends string = never>(
  all: Row[] | undefined,
  state: ListState<S, F>,
  options: ClientRowsOptions<Row, S, F>,
): { rows: Row[] | undefined; total: number | undefined } {
  const { searchText, sortValue, flagFilter, pageSize } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the option functions are constants of the page
  return useMemo(() => {
    if (!all) return { rows: undefined, total: undefined };
    const needle = state.q.trim().toLowerCase();
    const flags = Object.entries(state.flags).filter(([, on]) => on) as [F, boolean][];
    const matching = all.filter(
      (row) =>
        (!needle || searchText(row).some((v) => v != null && String(v).toLowerCase().includes(needle))) &&
        flags.every(([f]) => flagFilter?.[f]?.(row) ?? true),
    );
    const value = sortValue[state.sort];
    const sign = state.dir === "DESC" ? -1 : 1;
    const sorted = value
      ? [...matching].sort((a, b) => {
          const x = value(a);
          const y = value(b);
          // Empty values last, whichever the direction.
          if (x == null || x === "") return y == null || y === "" ? 0 : 1;
          if (y == null || y === "") return -1;
          return sign * (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y)));
        })
      : matching;
    const start = (state.page - 1) * pageSize;
    return { rows: sorted.slice(start, start + pageSize), total: sorted.length };
  }, [all, state, pageSize]);
}
