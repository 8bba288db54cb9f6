import { lazyPage } from "@/lib/lazy-page";

// Route components for the portal's route table: each page loads as its own chunk, with a page
// skeleton (not the whole shell) while it loads.
export const PaymentRoute = lazyPage("payment-page", () => import("./pages/payment-page"));
export const PaymentMethodsRoute = lazyPage("payment-methods-page", () => import("./pages/payment-methods-page"));
