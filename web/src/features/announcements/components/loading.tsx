import { Skeleton } from "@/components/ui/skeleton";

/** A list of the what's-new editor while it loads. */
export function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      <Skeleton className="h-24" />
      <Skeleton className="h-24" />
    </div>
  );
}
