import { lazyPage } from "@/lib/lazy-page";

// The shop's pages for the portal route table: each loads as its own chunk, with a page skeleton
// (not the whole shell) while it loads.
export const ShopIndexRoute = lazyPage("shop-index", () => import("./pages/shop-index-page"));
export const ProductRoute = lazyPage("shop-product", () => import("./pages/product-page"));
export const CartRoute = lazyPage("shop-cart", () => import("./pages/cart-page"));
export const CheckoutRoute = lazyPage("shop-checkout", () => import("./pages/checkout-page"));
export const CheckoutSuccessRoute = lazyPage("shop-checkout-success", () => import("./pages/checkout-success-page"));
export const OrderHistoryRoute = lazyPage("shop-history", () => import("./pages/order-history-page"));
export const OrderRoute = lazyPage("shop-order", () => import("./pages/order-page"));
