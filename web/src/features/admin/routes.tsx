import { lazyPage } from "@/lib/lazy-page";

// The admin console's core pages, each its own chunk.
export const BranchesRoute = lazyPage("admin-branches", () => import("./pages/branches-page"));
export const BranchRoute = lazyPage("admin-branch", () => import("./pages/branch-page"));
export const IpWhitelistRoute = lazyPage("admin-ip-whitelist", () => import("./pages/ip-whitelist-page"));
export const AdminUsersRoute = lazyPage("admin-users", () => import("./pages/admin-users-page"));
export const ImpersonateRoute = lazyPage("admin-impersonate", () => import("./pages/impersonate-page"));
export const UsageRoute = lazyPage("admin-usage", () => import("./pages/usage-page"));
export const UsageAccountRoute = lazyPage("admin-usage-account", () => import("./pages/usage-account-page"));
export const ResourceLimitsRoute = lazyPage("admin-resource-limits", () => import("./pages/resource-limits-page"));
