import { type ComponentType, Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";
import type { RouteParams } from "@/lib/route-table";

// The admin console's core pages, each its own chunk.
const BranchesPage = lazyWithReload("admin-branches", () => import("./pages/branches-page"));
const BranchPage = lazyWithReload("admin-branch", () => import("./pages/branch-page"));
const IpWhitelistPage = lazyWithReload("admin-ip-whitelist", () => import("./pages/ip-whitelist-page"));
const AdminUsersPage = lazyWithReload("admin-users", () => import("./pages/admin-users-page"));
const ImpersonatePage = lazyWithReload("admin-impersonate", () => import("./pages/impersonate-page"));
const UsagePage = lazyWithReload("admin-usage", () => import("./pages/usage-page"));
const UsageAccountPage = lazyWithReload("admin-usage-account", () => import("./pages/usage-account-page"));
const ResourceLimitsPage = lazyWithReload("admin-resource-limits", () => import("./pages/resource-limits-page"));

function route(Page: ComponentType<{ params: RouteParams }>) {
  return function AdminRoute({ params }: { params: RouteParams }) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <Page params={params} />
      </Suspense>
    );
  };
}

export const BranchesRoute = route(BranchesPage);
export const BranchRoute = route(BranchPage);
export const IpWhitelistRoute = route(IpWhitelistPage);
export const AdminUsersRoute = route(AdminUsersPage);
export const ImpersonateRoute = route(ImpersonatePage);
export const UsageRoute = route(UsagePage);
export const UsageAccountRoute = route(UsageAccountPage);
export const ResourceLimitsRoute = route(ResourceLimitsPage);
