import { Redirect, Route, Switch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { renderPageRoutes } from "@/lib/route-table";
import { AdminGuard, AdminLayout } from "./admin-layout";
import { adminPages } from "./admin-pages";

function AdminNotFound() {
  return (
    <div className="grid gap-2 py-10">
      <DocumentTitle title="Page not found" />
      <h1 className="font-semibold text-2xl">404</h1>
      <p className="text-muted-foreground">This admin page doesn't exist. Pick a page from the menu.</p>
    </div>
  );
}

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
              <AdminNotFound />
            </Route>
          </Switch>
        </AdminLayout>
      )}
    </AdminGuard>
  );
}
