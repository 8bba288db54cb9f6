import { lazyPage } from "@/lib/lazy-page";

// Lead rules and discard reasons load as their own chunks.
export const LeadAutomationsRoute = lazyPage("team-lead-automations", () => import("./automations-page"));
export const DiscardReasonsRoute = lazyPage("team-lead-discard-reasons", () => import("./discard-reasons-page"));
