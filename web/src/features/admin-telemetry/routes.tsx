import { lazyPage } from "@/lib/lazy-page";

// The admin console's telemetry pages (errors, alerts, sync and relay health), each its own chunk.
const health = () => import("./pages/health-page");
export const ErrorsRoute = lazyPage("admin-errors", () => import("./pages/errors-page"));
export const ErrorRoute = lazyPage("admin-error", () => import("./pages/error-page"));
export const ErrorAlertsRoute = lazyPage("admin-error-alerts", () => import("./pages/error-alerts-page"));
export const WebSyncRoute = lazyPage("admin-web-sync", () => health().then((m) => m.WebSyncPage));
export const WtdSyncRoute = lazyPage("admin-wtd-sync", () => health().then((m) => m.WtdSyncPage));
export const MobileRelaysRoute = lazyPage("admin-mobile-relays", () => health().then((m) => m.MobileRelaysPage));
export const TerminalRelaysRoute = lazyPage("admin-terminal-relays", () => health().then((m) => m.TerminalRelaysPage));
