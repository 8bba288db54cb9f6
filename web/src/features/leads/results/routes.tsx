import { lazyPage } from "@/lib/lazy-page";

// The lead results pages, each its own chunk (the chart module is another, loaded with the page).
export const LeadAnalyticsRoute = lazyPage("team-lead-analytics", () => import("./analytics-page"));
export const LeadResultsRoute = lazyPage("team-lead-results", () => import("./results-page"));
export const SalesFunnelRoute = lazyPage("team-sales-funnel", () => import("./funnel-page"));
export const AppointmentStatsRoute = lazyPage("team-apt-set-stats", () => import("./appointments-page"));
