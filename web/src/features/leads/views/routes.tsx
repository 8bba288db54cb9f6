import { lazyPage } from "@/lib/lazy-page";

// Lead views: the list of views and one view's leads, each its own chunk.
export const LeadViewsRoute = lazyPage("team-lead-views", () => import("./list-page"));
export const LeadViewRoute = lazyPage("team-lead-view", () => import("./view-page"));
