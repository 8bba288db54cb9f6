import { type ComponentType, Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";
import type { RouteParams } from "@/lib/route-table";

// The admin console's telemetry pages (errors, alerts, sync and relay health), each its own chunk.
const ErrorsPage = lazyWithReload("admin-errors", () => import("./pages/errors-page"));
const ErrorPage = lazyWithReload("admin-error", () => import("./pages/error-page"));
const ErrorAlertsPage = lazyWithReload("admin-error-alerts", () => import("./pages/error-alerts-page"));
const WebSyncPage = lazyWithReload("admin-web-sync", () =>
  import("./pages/health-page").then((m) => ({ default: m.WebSyncPage })),
);
const WtdSyncPage = lazyWithReload("admin-wtd-sync", () =>
  import("./pages/health-page").then((m) => ({ default: m.WtdSyncPage })),
);
const MobileRelaysPage = lazyWithReload("admin-mobile-relays", () =>
  import("./pages/health-page").then((m) => ({ default: m.MobileRelaysPage })),
);
const TerminalRelaysPage = lazyWithReload("admin-terminal-relays", () =>
  import("./pages/health-page").then((m) => ({ default: m.TerminalRelaysPage })),
);

function route(Page: ComponentType<{ params: RouteParams }>) {
  return function AdminTelemetryRoute({ params }: { params: RouteParams }) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <Page params={params} />
      </Suspense>
    );
  };
}

export const ErrorsRoute = route(ErrorsPage);
export const ErrorRoute = route(ErrorPage);
export const ErrorAlertsRoute = route(ErrorAlertsPage);
export const WebSyncRoute = route(WebSyncPage);
export const WtdSyncRoute = route(WtdSyncPage);
export const MobileRelaysRoute = route(MobileRelaysPage);
export const TerminalRelaysRoute = route(TerminalRelaysPage);
