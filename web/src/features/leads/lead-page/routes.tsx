import { lazyPage } from "@/lib/lazy-page";

// The lead page (team/leads/{leadId}), its own chunk; its map is a further chunk of its own.
export const LeadRoute = lazyPage("team-lead", () => import("./lead-page"));
