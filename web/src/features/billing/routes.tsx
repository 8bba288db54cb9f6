import { lazyPage } from "@/lib/lazy-page";

// Route components for the portal's route table: each page loads as its own chunk, with a page
// skeleton (not the whole shell) while it loads.
export const BillingRoute = lazyPage("billing-page", () => import("./pages/billing-page"));
