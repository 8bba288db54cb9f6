import { lazyPage } from "@/lib/lazy-page";

// Lead setup loads as its own chunk.
export const LeadSetupRoute = lazyPage("team-lead-setup", () => import("./setup-page"));
