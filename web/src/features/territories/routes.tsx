import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";
import type { RouteParams } from "@/lib/route-table";

// The territory pages load as their own chunks; the map page loads MapLibre and terra-draw in a
// further chunk of its own (components/zone-map.tsx), so no other page carries them.
const TerritoriesPage = lazyWithReload("team-territories", () => import("./pages/territories-page"));
const TerritoryRolesPage = lazyWithReload("team-territory-roles", () => import("./pages/territory-roles-page"));
const TerritoryMapPage = lazyWithReload("team-territory-map", () => import("./pages/territory-map-page"));

export function TerritoriesRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <TerritoriesPage />
    </Suspense>
  );
}

export function TerritoryRolesRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <TerritoryRolesPage />
    </Suspense>
  );
}

export function TerritoryMapRoute({ params }: { params: RouteParams }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <TerritoryMapPage params={params} />
    </Suspense>
  );
}
