import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";

const AvailabilityPage = lazyWithReload("team-availability", () => import("./pages/availability-page"));

export function AvailabilityRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <AvailabilityPage />
    </Suspense>
  );
}
