import { lazyPage } from "@/lib/lazy-page";

export const TeamResourceLimitsRoute = lazyPage(
  "team-resource-limits",
  () => import("./pages/team-resource-limits-page"),
);
