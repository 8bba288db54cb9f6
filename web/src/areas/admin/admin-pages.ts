import {
  AdminUsersRoute,
  BranchesRoute,
  BranchRoute,
  ImpersonateRoute,
  IpWhitelistRoute,
  ResourceLimitsRoute,
  UsageAccountRoute,
  UsageRoute,
} from "@/features/admin/routes";
import { MessageAuditRoute, TextingAnalyticsRoute } from "@/features/admin-messages/routes";
import {
  ErrorAlertsRoute,
  ErrorRoute,
  ErrorsRoute,
  MobileRelaysRoute,
  TerminalRelaysRoute,
  WebSyncRoute,
  WtdSyncRoute,
} from "@/features/admin-telemetry/routes";
import { WhatsNewAdminRoute } from "@/features/announcements/routes";
import type { PageRoute } from "@/lib/route-table";

/** The admin side menu: these labels, in this order. */
export const adminMenu: { label: string; path: string }[] = [
  { label: "Branches", path: "/admin/b" },
  { label: "Whitelist Branch IP", path: "/admin/ip-whitelist" },
  { label: "Impersonate", path: "/admin/impersonate" },
  { label: "Admin Users", path: "/admin/users" },
  { label: "Wtd Errors", path: "/admin/errors" },
  { label: "Branch Usage", path: "/admin/usage" },
  { label: "Text/Call Usage", path: "/admin/message-audit" },
  { label: "Texting Analytics", path: "/admin/texting-analytics" },
  { label: "WebSync Analytics", path: "/admin/syncing-analytics" },
  { label: "WTD Syncing", path: "/admin/wtd-syncing" },
  { label: "Mobile Relays", path: "/admin/mobile-syncs" },
  { label: "Resource Limits", path: "/admin/resource-limits" },
  { label: "Terminal Relays", path: "/admin/terminal-relays" },
  { label: "Error Alert Setup", path: "/admin/error-alerts" },
  { label: "Edit What's New", path: "/admin/whats-new" },
];

const a = (path: string, title: string, description: string): PageRoute => ({
  path: `/admin/${path}`,
  title,
  description,
});

/** Every admin page. */
export const adminPages: PageRoute[] = [
  {
    ...a("b", "Branches", "Every branch: activation, portal features, bank details and API keys."),
    component: BranchesRoute,
  },
  { ...a("b/:branchId", "Branch", "Edit one branch's settings, features and limits."), component: BranchRoute },
  {
    ...a("ip-whitelist", "Whitelist Branch IP", "The addresses allowed through the database firewall."),
    component: IpWhitelistRoute,
  },
  { ...a("impersonate", "Impersonate", "Sign in as a user to see what they see."), component: ImpersonateRoute },
  { ...a("users", "Admin Users", "Super administrators, and adding new ones."), component: AdminUsersRoute },
  { ...a("errors", "Wtd Errors", "Errors reported by the desktop software, by severity."), component: ErrorsRoute },
  {
    ...a("errors/:errorId", "Wtd Error", "One desktop error, with the option to resolve it."),
    component: ErrorRoute,
  },
  { ...a("usage", "Branch Usage", "Usage per account: users, their type and last sign-in."), component: UsageRoute },
  {
    ...a("usage/:account", "Branch Usage", "The users of one account and when they last signed in."),
    component: UsageAccountRoute,
  },
  {
    ...a("message-audit", "Text/Call Usage", "Texts, segments and robo-calls per branch."),
    component: MessageAuditRoute,
  },
  {
    ...a("texting-analytics", "Texting Analytics", "Bulk messaging volumes and delivery results."),
    component: TextingAnalyticsRoute,
  },
  {
    ...a("syncing-analytics", "WebSync Analytics", "Web sync loads and successes per branch."),
    component: WebSyncRoute,
  },
  {
    ...a("wtd-syncing", "WTD Syncing", "The last successful desktop sync of each branch."),
    component: WtdSyncRoute,
  },
  { ...a("mobile-syncs", "Mobile Relays", "Mobile relay traffic and health."), component: MobileRelaysRoute },
  {
    ...a("resource-limits", "Resource Limits", "Text, call and routing limits per tenant."),
    component: ResourceLimitsRoute,
  },
  {
    ...a("terminal-relays", "Terminal Relays", "Payment terminal relay traffic and health."),
    component: TerminalRelaysRoute,
  },
  {
    ...a("error-alerts", "Error Alert Setup", "Alerts raised when errors pass a threshold, and their exclusions."),
    component: ErrorAlertsRoute,
  },
  {
    ...a("whats-new", "Edit What's New", "Write the release notes users see under What's new."),
    component: WhatsNewAdminRoute,
  },
];
