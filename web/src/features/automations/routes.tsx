import { lazyPage } from "@/lib/lazy-page";

// The automation pages: the list, one automation's editor, every run, and one record's runs.
export const AutomationsRoute = lazyPage("team-automations", () => import("./pages/automations-page"));
export const AutomationRoute = lazyPage("team-automation", () => import("./pages/automation-page"));
export const AutomationEventsRoute = lazyPage("team-automation-events", () => import("./pages/automation-events-page"));
export const EntityEventsRoute = lazyPage("team-entity-events", () => import("./pages/entity-events-page"));
