import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";

const TeamResourceLimitsPage = lazyWithReload(
  "team-resource-limits",
  () => import("./pages/team-resource-limits-page"),
);

export function TeamResourceLimitsRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <TeamResourceLimitsPage />
    </Suspense>
  );
}
