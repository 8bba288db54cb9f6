import type { LucideIcon } from "lucide-react";
import { HistoryIcon, ReceiptTextIcon, ShieldIcon, StoreIcon, TruckIcon, UsersIcon } from "lucide-react";
import type { Overview } from "@/lib/overview";

export type MenuEntry =
  | { kind: "link"; label: string; to: string; icon: LucideIcon; match: string }
  | { kind: "theme"; label: "Dark Mode" }
  | { kind: "logout"; label: "Log out" };

/**
 * The customer menu, in this order: Admin (super admins), Shop and Order History
 * (linked customers, shop on), Deliveries (web-portal deliveries on), Billing, Dark Mode, Accounts, Log out.
 */
export function customerMenu(user: Pick<Overview, "isSuperAdmin" | "isLinkedToCustomers" | "features">): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (user.isSuperAdmin)
    entries.push({ kind: "link", label: "Admin", to: "/admin", icon: ShieldIcon, match: "/admin" });
  if (user.isLinkedToCustomers && user.features.includes("E_COMMERCE")) {
    entries.push({
      kind: "link",
      label: "Shop",
      to: "/shop",
      icon: StoreIcon,
      match: "/shop$|/shop/products|/shop/cart|/shop/checkout|/shop/checkout-success",
    });
    entries.push({
      kind: "link",
      label: "Order History",
      to: "/shop/history",
      icon: HistoryIcon,
      match: "/shop/history|/shop/orders",
    });
  }
  if (user.features.includes("WEB_PORTAL_DELIVERIES")) {
    entries.push({ kind: "link", label: "Deliveries", to: "/Deliveries", icon: TruckIcon, match: "/deliveries" });
  }
  entries.push({
    kind: "link",
    label: "Billing",
    to: "/v2/billing",
    icon: ReceiptTextIcon,
    match: "/v2/billing|/v2/payment|/v2/payment-methods",
  });
  entries.push({ kind: "theme", label: "Dark Mode" });
  entries.push({ kind: "link", label: "Accounts", to: "/v2/manage", icon: UsersIcon, match: "/v2/manage" });
  entries.push({ kind: "logout", label: "Log out" });
  return entries;
}

/** Whether `location` is inside the section a menu entry stands for. */
export function isActiveEntry(match: string, location: string): boolean {
  const path = location.toLowerCase();
  // A prefix ending in "$" matches that path exactly (e.g. "/shop$" but not "/shop/history").
  return match
    .toLowerCase()
    .split("|")
    .some((prefix) =>
      prefix.endsWith("$")
        ? path.replace(/\/$/, "") === prefix.slice(0, -1)
        : path === prefix || path.startsWith(`${prefix}/`),
    );
}
