import { lazyPage } from "@/lib/lazy-page";

// Lead cleaning (duplicate groups, merge, merge history) loads as its own chunk.
export const LeadCleaningRoute = lazyPage("team-lead-cleaning", () => import("./cleaning-page"));
