// Labels shared by the admin pages (dates and numbers are written by lib/format.ts).

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

/** A feature's name in words, portal and watertight alike ("E_COMMERCE" and "ECOMMERCE" -> "E-commerce"). */
export const featureLabels: Record<string, string> = {
  E_COMMERCE: "E-commerce",
  ECOMMERCE: "E-commerce",
  ONLINE_LEADS: "Online leads",
  TWO_WAY_TEXTING: "Two-way texting",
  TWO_WAY_SMS: "Two-way texting",
  V2_WEB_PORTAL: "Web portal (v2)",
  WEB_PORTAL: "Web portal",
  WEB_PORTAL_DELIVERIES: "Web portal deliveries",
  CALL_TOOLS: "Call tools",
  CENTAH_INTEGRATION: "Centah integration",
  CUSTOMER_MESSAGING: "Customer messaging",
  LEADS: "Leads",
  MAPPING: "Mapping",
  MOBILE: "Mobile app",
  MOBILE_GPS: "Mobile GPS",
  MONITORED_DELIVERY_ETAS: "Monitored delivery ETAs",
  PAYMENT_PROCESSING: "Payment processing",
  QUICK_BOOKS: "QuickBooks",
  REQUIRE_LOCATION_SERVICES: "Require location services",
  REROUTING: "Rerouting",
};

export const featureLabel = (feature: string) => featureLabels[feature] ?? enumLabel(feature);

/** The names of a branch's portal and watertight features, each once, in words, sorted. */
export function featureNames(features: readonly string[], watertight: readonly string[] = []): string[] {
  return [...new Set([...features, ...watertight].map(featureLabel))].sort((a, b) => a.localeCompare(b));
}

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

export const userTypeLabels: Record<string, string> = {
  SUPER_ADMIN: "Super admin",
  EMPLOYEE: "Employee",
  CUSTOMER: "Customer",
};
