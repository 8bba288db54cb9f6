import { lazyPage } from "@/lib/lazy-page";

// The lead pipeline loads as its own chunk.
export const LeadPipelineRoute = lazyPage("team-lead-pipeline", () => import("./pipeline-page"));
