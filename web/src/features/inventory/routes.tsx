import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";
import type { RouteParams } from "@/lib/route-table";

// The inventory pages load as their own chunks; while one loads, the team layout stays and the page
// area shows a skeleton.
const InventoryPage = lazyWithReload("team-inventory", () => import("./pages/inventory-page"));
const InventoryItemPage = lazyWithReload("team-inventory-item", () => import("./pages/inventory-item-page"));

export function InventoryRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <InventoryPage />
    </Suspense>
  );
}

export function InventoryItemRoute({ params }: { params: RouteParams }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <InventoryItemPage params={params} />
    </Suspense>
  );
}
