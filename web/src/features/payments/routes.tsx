import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";
import type { RouteParams } from "@/lib/route-table";

const PaymentPageLazy = lazyWithReload("payment-page", () => import("./pages/payment-page"));
const PaymentMethodsPageLazy = lazyWithReload("payment-methods-page", () => import("./pages/payment-methods-page"));

export function PaymentRoute({ params }: { params: RouteParams }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <PaymentPageLazy params={params} />
    </Suspense>
  );
}

export function PaymentMethodsRoute({ params }: { params: RouteParams }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <PaymentMethodsPageLazy params={params} />
    </Suspense>
  );
}
