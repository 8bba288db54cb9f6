import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";
import type { RouteParams } from "@/lib/route-table";

// Route components for the portal's route table: each page loads as its own chunk, with a page
// skeleton (not the whole shell) while it loads.

const BillingPageLazy = lazyWithReload("billing-page", () => import("./pages/billing-page"));

export function BillingRoute({ params }: { params: RouteParams }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <BillingPageLazy params={params} />
    </Suspense>
  );
}
