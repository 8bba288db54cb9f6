import { Skeleton } from "@/components/ui/skeleton";

/** Placeholder while a deliveries page loads: a title, a summary band and two delivery cards. */
export function DeliveriesSkeleton({ variant = "address" }: { variant?: "address" | "list" | "form" }) {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading deliveries">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-8 w-64 max-w-full" />
      <Skeleton className="h-4 w-80 max-w-full" />
      {variant === "form" ? (
        <div className="grid gap-4 pt-2 lg:grid-cols-[1fr_20rem]">
          <div className="grid gap-4">
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} className="h-16" />
              ))}
            </div>
            <Skeleton className="h-48" />
          </div>
          <Skeleton className="h-56" />
        </div>
      ) : variant === "list" ? (
        <div className="grid gap-3 pt-2 md:grid-cols-2">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : (
        <div className="grid gap-4 pt-2">
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
            <div className="grid gap-4 xl:grid-cols-2">
              <Skeleton className="h-64" />
              <Skeleton className="h-64" />
            </div>
            <Skeleton className="h-36" />
          </div>
          <Skeleton className="h-48" />
        </div>
      )}
    </div>
  );
}
