import type { ReactNode } from "react";
import { QueryError } from "@/components/shell/query-error";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * A list's frame: a toolbar (search, filters), then the loading rows, the error, the empty state or
 * the rows, then a footer (pagination). The page supplies each part; the states look the same on
 * every list.
 */
export function ListCard({
  toolbar,
  loading,
  error,
  onRetry,
  empty,
  footer,
  loadingLabel = "Loading",
  children,
}: {
  toolbar?: ReactNode;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** When set, shown instead of the rows (the list is empty). */
  empty?: { icon: ReactNode; title: string; description?: string; action?: ReactNode } | null;
  footer?: ReactNode;
  loadingLabel?: string;
  children?: ReactNode;
}) {
  return (
    <Card className="gap-0 py-0">
      {toolbar ? <div className="flex flex-col gap-3 border-b p-3 md:flex-row md:items-center">{toolbar}</div> : null}
      {loading ? (
        <div role="status" aria-label={loadingLabel} className="grid gap-2 p-4">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="flex items-center gap-3">
              <Skeleton className="size-8 rounded-full" />
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-4 flex-1" />
            </div>
          ))}
        </div>
      ) : error ? (
        <div className="p-4">
          <QueryError error={error} onRetry={onRetry} />
        </div>
      ) : empty ? (
        <div className="p-4">
          <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={empty.action} />
        </div>
      ) : (
        children
      )}
      {footer ? <div className="border-t px-3 pb-3">{footer}</div> : null}
    </Card>
  );
}
