import type { ReactNode } from "react";
import { QueryError } from "@/components/shell/query-error";

/** What QueryState reads of a query (a TanStack `UseQueryResult` fits). */
export type QueryLike<T> = { isPending: boolean; isError: boolean; error: unknown; data?: T; refetch: () => unknown };

/**
 * The three states of a query in one place: `loading` (usually a `SkeletonBlocks` with a label) while it
 * is pending, its error with a retry button when it failed (inside a div with `errorClassName` when the
 * spot needs padding), else `children` with the data (a query neither pending nor failed has it).
 */
export function QueryState<T>({
  query,
  loading,
  errorTitle,
  errorClassName,
  children,
}: {
  query: QueryLike<T>;
  loading: ReactNode;
  errorTitle?: string;
  errorClassName?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) {
    const error = <QueryError error={query.error} title={errorTitle} onRetry={() => query.refetch()} />;
    return errorClassName ? <div className={errorClassName}>{error}</div> : error;
  }
  return children(query.data as T);
}
