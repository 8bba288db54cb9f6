import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";

// The e-commerce pages load as their own chunks (the analytics charts only on their page); while one
// loads, the team layout stays and the page area shows a skeleton.
const SetupPage = lazyWithReload("team-ecommerce-setup", () => import("./pages/ecommerce-setup-page"));
const OperationsPage = lazyWithReload("team-ecommerce-operations", () => import("./pages/ecommerce-operations-page"));
const AnalyticsPage = lazyWithReload("team-ecommerce-analytics", () => import("./pages/ecommerce-analytics-page"));

export function EcommerceSetupRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <SetupPage />
    </Suspense>
  );
}

export function EcommerceOperationsRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <OperationsPage />
    </Suspense>
  );
}

export function EcommerceAnalyticsRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <AnalyticsPage />
    </Suspense>
  );
}
