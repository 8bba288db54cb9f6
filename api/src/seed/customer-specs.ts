import type { CatalogIndex, CatalogSpec } from "./catalog.ts";
import type { Zip } from "./places.ts";
import type { RouteInfo } from "./routes.ts";

// The shapes addCustomers (customers.ts) and addHistory (history.ts) share: a simulated customer's
// plans, rentals and payment method, and the fixed customers that screens and tests rely on.

type CardSpec = { cardType: string; label: string; last4: string; digits: number };

export const TEST_CARDS: CardSpec[] = [
  { cardType: "VISA", label: "Visa", last4: "1111", digits: 16 },
  { cardType: "MASTERCARD", label: "Mastercard", last4: "4444", digits: 16 },
  { cardType: "AMEX", label: "Amex", last4: "0005", digits: 15 },
  { cardType: "DISCOVER", label: "Discover", last4: "1117", digits: 16 },
];

export const maskCard = (c: CardSpec) => `${"*".repeat(c.digits - 4)}${c.last4}`;

export type PayMethod =
  | { kind: "CARD"; paymentAccountId: string; masked: string; label: string }
  | { kind: "ACH"; paymentAccountId: string; masked: string }
  | { kind: "CHECK" };

/** One delivery (or rental) line, before it becomes billing items and transactions. */
export type Line = { catalog: { id: string; spec: CatalogSpec }; quantity: number; unitPrice: number };

type ServicePlan = {
  serviceId: string;
  route: RouteInfo;
  interval: number;
  deliveries: (j: number) => Line[];
};

export type SimCustomer = {
  id: string;
  accountNumber: string;
  name: string;
  isInvoice: boolean;
  payBehavior: "GOOD" | "PARTIAL" | "LATE";
  payMethod: PayMethod;
  addressId: string;
  addressIds: string[];
  plans: { addressId: string; plan: ServicePlan }[];
  rentals: { addressId: string; line: Line }[];
  purchaseOrders: { id: string; number: string }[];
  fixedQuantities: boolean;
};

export type BranchCustomerOptions = {
  branchId: string;
  count: number;
  firstAccount: number;
  zips: Zip[];
  areaCode: string;
  routes: Map<string, RouteInfo>;
  saltRoute?: string;
  catalog: CatalogIndex;
  businessPrefixes: string[];
  withHistory: boolean;
  /** Per-index overrides for the customers screens and tests rely on. */
  special?: Record<number, SpecialCustomer>;
};

type SpecialCustomer = {
  securityCode: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  zip: string;
  streetNumber: string;
  streetName: string;
  latitude: number;
  longitude: number;
  userId?: string;
  card?: { externalId: string; expiration: string };
  interval: number;
  route: string;
  createdAt: Date;
};

export function pickRoute(opts: BranchCustomerOptions, zip: string): RouteInfo {
  for (const r of opts.routes.values()) if (r.spec.zips.includes(zip)) return r;
  return [...opts.routes.values()][0]!;
}
