import { Redirect, Route, Switch } from "wouter";
import { AreaNotFound } from "@/components/shell/area-not-found";
import { renderPageRoutes } from "@/lib/route-table";
import { AdminGuard, AdminLayout } from "./admin-layout";
import { adminPages } from "./admin-pages";

/** The super-admin console (/admin/...). */
export default function AdminArea() {
  return (
    <AdminGuard>
      {(admin) => (
        <AdminLayout admin={admin}>
          <Switch>
            <Route path="/admin">
              <Redirect to="/admin/b" replace />
            </Route>
            {renderPageRoutes(adminPages)}
            <Route>
              <AreaNotFound area="admin" />
            </Route>
          </Switch>
        </AdminLayout>
      )}
    </AdminGuard>
  );
}
