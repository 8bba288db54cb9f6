import { Skeleton } from "@/components/ui/skeleton";

/** Placeholder for a page's content while it (or its bundle) loads. */
export function PageSkeleton({ announce = true }: { announce?: boolean }) {
  const a11y = announce ? ({ role: "status", "aria-label": "Loading" } as const) : {};
  return (
    <div className="grid gap-4" {...a11y}>
      <Skeleton className="h-7 w-56" />
      <Skeleton className="h-4 w-80 max-w-full" />
      <SkeletonBlocks className="grid gap-3 pt-2 sm:grid-cols-2" blocks={["h-28", "h-28"]} />
      <Skeleton className="h-40" />
    </div>
  );
}

/** Whole-screen placeholder: a header bar and a page skeleton (used while the signed-in user loads). */
export function ShellSkeleton({ variant = "top" }: { variant?: "top" | "side" }) {
  if (variant === "side") {
    return (
      <div className="flex min-h-dvh" role="status" aria-label="Loading">
        <div className="hidden w-60 shrink-0 border-r bg-card p-4 lg:grid lg:content-start lg:gap-3">
          <Skeleton className="h-8 w-40" />
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton key={i} className="h-4 w-36" />
          ))}
        </div>
        <div className="flex-1">
          <div className="flex h-14 items-center border-b bg-card px-4">
            <Skeleton className="h-6 w-40" />
          </div>
          <div className="p-6">
            <PageSkeleton announce={false} />
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="min-h-dvh" role="status" aria-label="Loading">
      <div className="flex h-16 items-center justify-between bg-brand-dark px-4">
        <Skeleton className="h-8 w-40 bg-white/15" />
        <Skeleton className="h-6 w-64 bg-white/15 max-md:w-8" />
      </div>
      <div className="mx-auto max-w-6xl p-6">
        <PageSkeleton announce={false} />
      </div>
    </div>
  );
}

/**
 * Placeholder blocks laid out by `className`, one Skeleton for each class in `blocks`. With a `label`
 * it is announced (role="status"); without one it is a part of a larger placeholder.
 */
export function SkeletonBlocks({ label, className, blocks }: { label?: string; className: string; blocks: string[] }) {
  const a11y = label ? ({ role: "status", "aria-label": label } as const) : {};
  return (
    <div className={className} {...a11y}>
      {blocks.map((block, i) => (
        <Skeleton key={i} className={block} />
      ))}
    </div>
  );
}
