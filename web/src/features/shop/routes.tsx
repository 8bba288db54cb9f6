import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";
import type { RouteParams } from "@/lib/route-table";

// The shop's pages for the portal route table: each loads as its own chunk, with a page skeleton
// (not the whole shell) while it loads.

const ShopIndexPage = lazyWithReload("shop-index", () => import("./pages/shop-index-page"));
const ProductPage = lazyWithReload("shop-product", () => import("./pages/product-page"));
const CartPage = lazyWithReload("shop-cart", () => import("./pages/cart-page"));
const CheckoutPage = lazyWithReload("shop-checkout", () => import("./pages/checkout-page"));
const CheckoutSuccessPage = lazyWithReload("shop-checkout-success", () => import("./pages/checkout-success-page"));
const OrderHistoryPage = lazyWithReload("shop-history", () => import("./pages/order-history-page"));
const OrderPage = lazyWithReload("shop-order", () => import("./pages/order-page"));

type Props = { params: RouteParams };

export function ShopIndexRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <ShopIndexPage />
    </Suspense>
  );
}

export function ProductRoute({ params }: Props) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <ProductPage params={params} />
    </Suspense>
  );
}

export function CartRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <CartPage />
    </Suspense>
  );
}

export function CheckoutRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <CheckoutPage />
    </Suspense>
  );
}

export function CheckoutSuccessRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <CheckoutSuccessPage />
    </Suspense>
  );
}

export function OrderHistoryRoute({ params }: Props) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <OrderHistoryPage params={params} />
    </Suspense>
  );
}

export function OrderRoute({ params }: Props) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <OrderPage params={params} />
    </Suspense>
  );
}
