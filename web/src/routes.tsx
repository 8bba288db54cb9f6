import { Suspense } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { RouteErrorBoundary } from "@/components/shell/error-pages";
import { ShellSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";

// Three areas, each its own lazily loaded bundle with its layout and route table (DESIGN "Web").
const PortalArea = lazyWithReload("area-portal", () => import("./areas/portal/routes"));
const TeamArea = lazyWithReload("area-team", () => import("./areas/team/routes"));
const AdminArea = lazyWithReload("area-admin", () => import("./areas/admin/routes"));

/** Every path of the product: /team/... and /admin/... have their own areas; the rest is the customer's. */
export function AppRoutes() {
  const [location] = useLocation();
  const area = /^\/team(\/|$)/i.test(location) ? "team" : /^\/admin(\/|$)/i.test(location) ? "admin" : "portal";
  return (
    <RouteErrorBoundary resetKey={location} homePath={area === "portal" ? "/" : `/${area}`}>
      <Suspense fallback={<ShellSkeleton variant={area === "portal" ? "top" : "side"} />}>
        <Switch>
          <Route path="/team-redirect">
            <Redirect to="/team" replace />
          </Route>
          <Route path="/v2/admin">
            <Redirect to="/admin" replace />
          </Route>
          <Route path="/team/*?" component={TeamArea} />
          <Route path="/admin/*?" component={AdminArea} />
          <Route component={PortalArea} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
