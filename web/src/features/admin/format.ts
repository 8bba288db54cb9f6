// Labels and formats shared by the admin pages.

export const PORTAL_FEATURES = [
  "E_COMMERCE",
  "ONLINE_LEADS",
  "TWO_WAY_TEXTING",
  "V2_WEB_PORTAL",
  "WEB_PORTAL_DELIVERIES",
] as const;

export const WATERTIGHT_FEATURES = [
  "CALL_TOOLS",
  "CENTAH_INTEGRATION",
  "CUSTOMER_MESSAGING",
  "ECOMMERCE",
  "LEADS",
  "MAPPING",
  "MOBILE",
  "MOBILE_GPS",
  "MONITORED_DELIVERY_ETAS",
  "PAYMENT_PROCESSING",
  "QUICK_BOOKS",
  "REQUIRE_LOCATION_SERVICES",
  "REROUTING",
  "TWO_WAY_SMS",
  "WEB_PORTAL",
  "WEB_PORTAL_DELIVERIES",
] as const;

export const RESOURCE_CATEGORIES = [
  "TEXTS",
  "CALLS",
  "ROUTE_DIRECTIONS_WITH_TRAFFIC",
  "ROUTE_DIRECTIONS_WITHOUT_TRAFFIC",
] as const;

/** "WEB_PORTAL_DELIVERIES" -> "Web portal deliveries". */
export function enumLabel(value: string): string {
  const words = value.toLowerCase().split("_");
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const categoryLabels: Record<string, string> = {
  TEXTS: "Texts",
  CALLS: "Calls",
  ROUTE_DIRECTIONS_WITH_TRAFFIC: "Route directions (with traffic)",
  ROUTE_DIRECTIONS_WITHOUT_TRAFFIC: "Route directions (without traffic)",
};

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function formatDateTime(value: string | null | undefined, empty = "Never"): string {
  if (!value) return empty;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? empty : dateTime.format(d);
}

/** A calendar date (YYYY-MM-DD) as "Nov 1, 2026". */
export function formatDay(value: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? value : dateOnly.format(d);
}

export const userTypeLabels: Record<string, string> = {
  SUPER_ADMIN: "Super admin",
  EMPLOYEE: "Employee",
  CUSTOMER: "Customer",
};

export const numberFormat = new Intl.NumberFormat("en-US");
