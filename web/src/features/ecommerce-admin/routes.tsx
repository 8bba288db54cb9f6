import { lazyPage } from "@/lib/lazy-page";

// The e-commerce pages load as their own chunks (the analytics charts only on their page); while one
// loads, the team layout stays and the page area shows a skeleton.
export const EcommerceSetupRoute = lazyPage("team-ecommerce-setup", () => import("./pages/ecommerce-setup-page"));
export const EcommerceOperationsRoute = lazyPage(
  "team-ecommerce-operations",
  () => import("./pages/ecommerce-operations-page"),
);
export const EcommerceAnalyticsRoute = lazyPage(
  "team-ecommerce-analytics",
  () => import("./pages/ecommerce-analytics-page"),
);
