import { lazyPage } from "@/lib/lazy-page";

export const AvailabilityRoute = lazyPage("team-availability", () => import("./pages/availability-page"));
