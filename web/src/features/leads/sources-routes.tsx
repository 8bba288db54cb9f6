import { lazyPage } from "@/lib/lazy-page";

// Lead sources and their intake keys load as their own chunk.
export const LeadSourcesRoute = lazyPage("team-lead-sources", () => import("./sources-page"));
