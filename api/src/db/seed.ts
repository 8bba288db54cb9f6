import { faker } from "@faker-js/faker";
import { clock } from "../clock.ts";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { seedAccounts } from "../modules/account/account.seed.ts";
import { seedAdminConsole } from "../modules/admin/admin.seed.ts";
import { seedMessageHistory } from "../modules/admin-messages/admin-messages.seed.ts";
import { seedAnnouncements } from "../modules/announcements/announcements.seed.ts";
import { earliestOrderDate } from "../modules/deliveries/delivery-dates.ts";
import { seedEcommerceDemo } from "../modules/ecommerce-admin/ecommerce-admin.seed.ts";
import { seedPayments } from "../modules/payments/payments.seed.ts";
import { seedAppointmentSlots, seedPersonnel } from "../modules/personnel/personnel.seed.ts";
import { seedTelemetry } from "../modules/telemetry/telemetry.seed.ts";
import { seedTerritories } from "../modules/territories/territories.seed.ts";
import { historyShiftMs, REFERENCE_DATE, shiftDates, todayIn } from "./seed-clock.ts";
import { seedShop } from "./seed-shop.ts";

// Demo data: one tenant, three branches (demo, north, closed), ~300 Austin customers with six months
// of billing history, routes with calendars, employees and the three demo logins.
//
// Deterministic: faker is seeded and the history is generated around a fixed REFERENCE_DATE, then
// moved by whole days to end just before today on the business clock (seed-clock.ts). What has to lie
// in the future (route calendar dates, next delivery dates and the upcoming work order of customer
// 100001) is computed from "today" and uses no faker calls, so the rest of the data (ids included) is
// the same on every run.
//
// Idempotent: returns at once when the branch with host `demo` exists. All rows are written in one
// transaction, so a failed seed leaves nothing behind and is retried at the next start.

export const DEMO_PASSWORD = "demo-pass-1";

export const demoCredentials = {
  host: "demo",
  password: DEMO_PASSWORD,
  users: [
    { email: "customer@demo.test", name: "Jane Customer", role: "customer (account 100001, security code 1234)" },
    { email: "employee@demo.test", name: "Eric Employee", role: "employee (ADMINISTRATIVE_SETUP)" },
    { email: "admin@demo.test", name: "Ada Admin", role: "super admin" },
    { email: "noaccess@demo.test", name: "Nolan Noaccess", role: "employee without any permission" },
    { email: "manager@demo.test", name: "Margaret Holloway", role: "employee (Managers group: people, security)" },
  ],
  otherUsers: [
    { host: "north", email: "employee@north.test", name: "Nora Employee", role: "employee (ADMINISTRATIVE_SETUP)" },
    { host: "north", email: "customer@north.test", name: "Nick Customer", role: "customer (account 200001)" },
  ],
} as const;

const FAKER_SEED = 20261121;
// The billing history is generated around REFERENCE_DATE (21 November 2026), from 1 May 2026 to the
// day before, then moved so that it ends two days before today on the business clock (seed-clock.ts).
const HISTORY_START = utcDate(2026, 5, 1);
/** Posted work orders (with billing items) exist for deliveries from this date; older deliveries are charges only. */
const WORK_ORDER_HISTORY_START = utcDate(2026, 8, 1);
const FIRST_WORK_ORDER_NUMBER = 5001;
const FIRST_INVOICE_NUMBER = 10001;

// ───────────── dates ─────────────

const DAY_MS = 86_400_000;

function utcDate(y: number, m: number, d: number): Date {
  return new Date(Date.UTC(y, m - 1, d));
}
function addDays(d: Date, n: number): Date {
  return new Date(d.getTime() + n * DAY_MS);
}
function atUtc(d: Date, hours: number, minutes = 0): Date {
  return new Date(d.getTime() + hours * 3_600_000 + minutes * 60_000);
}
function monthEnd(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
}
/** First date on or after `from` that falls on `weekday` (0 = Sunday). */
function nextWeekday(from: Date, weekday: number): Date {
  return addDays(from, (weekday - from.getUTCDay() + 7) % 7);
}
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

// ───────────── geography ─────────────

type Zip = { zip: string; city: string; state: string; lat: number; lng: number };

// Approximate ZIP code centroids.
const AUSTIN_ZIPS: Zip[] = [
  ["78701", 30.2713, -97.7426],
  ["78702", 30.2634, -97.716],
  ["78703", 30.2937, -97.7649],
  ["78704", 30.2429, -97.7659],
  ["78705", 30.2951, -97.7397],
  ["78721", 30.271, -97.683],
  ["78722", 30.2894, -97.715],
  ["78723", 30.3049, -97.6856],
  ["78727", 30.4258, -97.7189],
  ["78731", 30.3472, -97.7688],
  ["78745", 30.2074, -97.7963],
  ["78746", 30.2969, -97.8109],
  ["78748", 30.1642, -97.8231],
  ["78749", 30.2162, -97.8506],
  ["78750", 30.4227, -97.7965],
  ["78751", 30.3093, -97.7239],
  ["78756", 30.3222, -97.7393],
  ["78757", 30.3516, -97.7323],
  ["78758", 30.388, -97.706],
  ["78759", 30.4034, -97.7526],
].map(([zip, lat, lng]) => ({
  zip: zip as string,
  city: zip === "78746" ? "West Lake Hills" : "Austin",
  state: "TX",
  lat: lat as number,
  lng: lng as number,
}));

const MINNEAPOLIS_ZIPS: Zip[] = [
  ["55401", 44.9848, -93.2696],
  ["55403", 44.9706, -93.2856],
  ["55404", 44.9619, -93.264],
  ["55405", 44.9693, -93.303],
  ["55406", 44.9384, -93.2214],
  ["55407", 44.9379, -93.2536],
  ["55408", 44.9466, -93.2864],
  ["55409", 44.9262, -93.2813],
  ["55410", 44.9124, -93.318],
  ["55411", 44.9994, -93.3004],
  ["55412", 45.0243, -93.3019],
  ["55413", 44.9981, -93.2556],
  ["55414", 44.9776, -93.2198],
  ["55417", 44.9053, -93.2361],
  ["55418", 45.019, -93.2404],
  ["55419", 44.9055, -93.2888],
].map(([zip, lat, lng]) => ({
  zip: zip as string,
  city: "Minneapolis",
  state: "MN",
  lat: lat as number,
  lng: lng as number,
}));

const BOULDER_ZIPS: Zip[] = [
  ["80301", 40.0497, -105.2143],
  ["80302", 40.0176, -105.2797],
  ["80303", 39.9918, -105.2273],
  ["80304", 40.0375, -105.2776],
].map(([zip, lat, lng]) => ({
  zip: zip as string,
  city: "Boulder",
  state: "CO",
  lat: lat as number,
  lng: lng as number,
}));

/** A point uniformly within `radiusKm` of the centroid. */
function jitter(z: Zip, radiusKm = 1.5): { latitude: number; longitude: number } {
  const r = radiusKm * Math.sqrt(faker.number.float({ min: 0, max: 1 }));
  const theta = faker.number.float({ min: 0, max: 2 * Math.PI });
  const dLat = (r * Math.cos(theta)) / 111.32;
  const dLng = (r * Math.sin(theta)) / (111.32 * Math.cos((z.lat * Math.PI) / 180));
  return { latitude: round6(z.lat + dLat), longitude: round6(z.lng + dLng) };
}
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

// ───────────── catalog ─────────────

type CatalogSpec = {
  part: string;
  description: string;
  price: number;
  taxable: boolean;
  listed?: boolean;
  canHaveQuantity?: boolean;
  shopDescription?: string;
};

const CATALOG: CatalogSpec[] = [
  {
    part: "5G-SPRING",
    description: "5 Gallon Spring Water",
    price: 1895,
    taxable: false,
    listed: true,
    shopDescription: "Natural spring water in a 5 gallon BPA-free bottle. Bottle deposit billed separately.",
  },
  {
    part: "5G-DISTILLED",
    description: "5 Gallon Distilled Water",
    price: 1995,
    taxable: false,
    listed: true,
    shopDescription: "Steam-distilled water, ideal for CPAP machines, humidifiers and aquariums.",
  },
  {
    part: "3G-SPRING",
    description: "3 Gallon Spring Water",
    price: 1395,
    taxable: false,
    listed: true,
    shopDescription: "Spring water in a lighter 3 gallon bottle, easier to lift.",
  },
  {
    part: "5G-ALKALINE",
    description: "5 Gallon Alkaline Water",
    price: 2295,
    taxable: false,
    listed: true,
    shopDescription: "Purified water with added electrolytes, pH 9.5.",
  },
  {
    part: "CASE-16OZ",
    description: "Spring Water 16.9 oz, Case of 24",
    price: 899,
    taxable: false,
    listed: true,
    shopDescription: "Twenty-four 16.9 oz bottles of spring water.",
  },
  { part: "BTL-DEPOSIT", description: "5 Gallon Bottle Deposit", price: 800, taxable: false },
  {
    part: "CUP-SLEEVE",
    description: "Cup Sleeve, 7 oz Paper Cups (50)",
    price: 395,
    taxable: true,
    listed: true,
    shopDescription: "A sleeve of fifty 7 oz paper cups for your cooler.",
  },
  {
    part: "DISP-HC-RENT",
    description: "Hot & Cold Dispenser Rental",
    price: 999,
    taxable: true,
    canHaveQuantity: false,
  },
  {
    part: "DISP-BL-RENT",
    description: "Bottom-Load Dispenser Rental",
    price: 1499,
    taxable: true,
    canHaveQuantity: false,
  },
  {
    part: "DISP-HC-SALE",
    description: "Hot & Cold Dispenser",
    price: 18900,
    taxable: true,
    listed: true,
    shopDescription: "Top-load hot and cold dispenser with child-safety hot tap.",
  },
  {
    part: "COFFEE-HOUSE",
    description: "Coffee, House Blend 2 lb",
    price: 2495,
    taxable: false,
    listed: true,
    shopDescription: "Medium roast whole-bean house blend from a local Texas roaster.",
  },
  {
    part: "COFFEE-FILTER",
    description: "Coffee Filters (500)",
    price: 795,
    taxable: true,
    listed: true,
    shopDescription: "Commercial basket coffee filters, 500 count.",
  },
  {
    part: "SALT-40",
    description: "Softener Salt 40 lb",
    price: 895,
    taxable: true,
    listed: true,
    shopDescription: "High-purity solar salt pellets for water softeners.",
  },
  {
    part: "SALT-KCL-40",
    description: "Potassium Chloride Softener Salt 40 lb",
    price: 2695,
    taxable: true,
    listed: true,
    shopDescription: "Sodium-free softener pellets.",
  },
  {
    part: "FLT-SED-10",
    description: "Sediment Filter 10 in.",
    price: 1295,
    taxable: true,
    listed: true,
    shopDescription: "5 micron sediment cartridge for standard 10 inch housings.",
  },
  {
    part: "FLT-CARB-10",
    description: "Carbon Block Filter 10 in.",
    price: 1695,
    taxable: true,
    listed: true,
    shopDescription: "Carbon block cartridge that reduces chlorine taste and odor.",
  },
  { part: "RO-MEMBRANE", description: "Reverse Osmosis Membrane 75 GPD", price: 5995, taxable: true },
  {
    part: "SANITIZE",
    description: "Dispenser Sanitization Service",
    price: 2500,
    taxable: true,
    canHaveQuantity: false,
  },
  {
    part: "FUEL-SURCHARGE",
    description: "Fuel & Delivery Surcharge",
    price: 299,
    taxable: false,
    canHaveQuantity: false,
  },
];

// ───────────── rows ─────────────

type Rows = {
  tenants: Prisma.TenantCreateManyInput[];
  branches: Prisma.BranchCreateManyInput[];
  watertight: Prisma.BranchWatertightFeatureCreateManyInput[];
  notices: Prisma.BranchNoticeCreateManyInput[];
  persons: Prisma.PersonCreateManyInput[];
  users: Prisma.UserCreateManyInput[];
  groups: Prisma.SecurityGroupCreateManyInput[];
  groupMembers: Prisma.SecurityGroupMemberCreateManyInput[];
  grants: Prisma.PermissionGrantCreateManyInput[];
  catalog: Prisma.CatalogItemCreateManyInput[];
  routes: Prisma.RouteCreateManyInput[];
  calendar: Prisma.RouteCalendarDateCreateManyInput[];
  locations: Prisma.LocationCreateManyInput[];
  customers: Prisma.CustomerCreateManyInput[];
  contacts: Prisma.ContactCreateManyInput[];
  phones: Prisma.ContactPhoneCreateManyInput[];
  addresses: Prisma.ServiceAddressCreateManyInput[];
  addressItems: Prisma.ServiceAddressItemCreateManyInput[];
  services: Prisma.ServiceCreateManyInput[];
  purchaseOrders: Prisma.PurchaseOrderCreateManyInput[];
  paymentAccounts: Prisma.PaymentAccountCreateManyInput[];
  workOrders: Prisma.WorkOrderCreateManyInput[];
  billingItems: Prisma.BillingItemCreateManyInput[];
  statements: Prisma.StatementCreateManyInput[];
  invoices: Prisma.InvoiceCreateManyInput[];
  transactions: Prisma.TransactionCreateManyInput[];
};

const emptyRows = (): Rows => ({
  tenants: [],
  branches: [],
  watertight: [],
  notices: [],
  persons: [],
  users: [],
  groups: [],
  groupMembers: [],
  grants: [],
  catalog: [],
  routes: [],
  calendar: [],
  locations: [],
  customers: [],
  contacts: [],
  phones: [],
  addresses: [],
  addressItems: [],
  services: [],
  purchaseOrders: [],
  paymentAccounts: [],
  workOrders: [],
  billingItems: [],
  statements: [],
  invoices: [],
  transactions: [],
});

/** A version 4 UUID from the seeded generator (faker.string.uuid is ~40x slower: one draw per digit). */
function uuid(): string {
  const hex = () => faker.number.int({ min: 0, max: 0xffffffff }).toString(16).padStart(8, "0");
  const a = hex();
  const b = hex();
  const c = hex();
  const d = hex();
  const variant = ((Number.parseInt(c[0]!, 16) & 0x3) | 0x8).toString(16);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

// ───────────── branch building blocks ─────────────

type CatalogIndex = Map<string, { id: string; spec: CatalogSpec }>;

function addCatalog(rows: Rows, branchId: string, parts?: string[]): CatalogIndex {
  const index: CatalogIndex = new Map();
  for (const spec of CATALOG) {
    if (parts && !parts.includes(spec.part)) continue;
    const id = uuid();
    index.set(spec.part, { id, spec });
    rows.catalog.push({
      id,
      branchId,
      partNumber: spec.part,
      description: spec.description,
      retailPriceCents: spec.price,
      salePriceCents: spec.part === "CASE-16OZ" ? 799 : null,
      taxable: spec.taxable,
      canHaveQuantity: spec.canHaveQuantity ?? true,
      ecommerceStatus: spec.listed ? "LISTED_AND_PURCHASABLE" : "NOT_LISTED",
      eCommerceTitle: spec.listed ? spec.description : "",
      eCommerceDescription: spec.shopDescription ?? "",
      createdAt: new Date("2024-01-08T15:00:00Z"),
    });
  }
  return index;
}

type PersonSpec = { firstName: string; lastName: string; jobTitle: string; email?: string };

function addPerson(rows: Rows, branchId: string, p: PersonSpec, emailDomain: string): string {
  const id = uuid();
  rows.persons.push({
    id,
    branchId,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email ?? `${p.firstName}.${p.lastName}@${emailDomain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, ""),
    jobTitle: p.jobTitle,
    etaReminders: p.jobTitle.includes("Driver"),
    createdAt: new Date("2024-01-08T15:00:00Z"),
  });
  return id;
}

function addUser(
  rows: Rows,
  branchId: string,
  passwordHash: string,
  u: { email: string; firstName: string; lastName: string; personId?: string; isSuperAdmin?: boolean },
): string {
  const id = uuid();
  rows.users.push({
    id,
    branchId,
    email: u.email.toLowerCase(),
    firstName: u.firstName,
    lastName: u.lastName,
    passwordHash,
    verifiedEmail: true,
    isSuperAdmin: u.isSuperAdmin ?? false,
    personId: u.personId ?? null,
    createdAt: new Date("2025-01-15T16:00:00Z"),
  });
  return id;
}

function grant(
  rows: Rows,
  branchId: string,
  actorType: "PERSON" | "SECURITY_GROUP",
  actorId: string,
  permissions: string[],
) {
  for (const permission of permissions) {
    rows.grants.push({
      id: uuid(),
      branchId,
      actorType,
      actorId,
      permission: permission as Prisma.PermissionGrantCreateManyInput["permission"],
      createdAt: new Date("2025-01-15T16:00:00Z"),
    });
  }
}

type RouteSpec = { number: string; name: string; weekday: number; zips: string[]; driver: number };
type RouteInfo = { id: string; weekday: number; spec: RouteSpec; nextDate: Date | null; refAnchor: Date };

function addRoutes(
  rows: Rows,
  branchId: string,
  specs: RouteSpec[],
  driverIds: string[],
  today: Date | null,
): Map<string, RouteInfo> {
  const out = new Map<string, RouteInfo>();
  for (const spec of specs) {
    const id = uuid();
    rows.routes.push({
      id,
      branchId,
      routeNumber: spec.number,
      name: spec.name,
      driverPersonId: driverIds[spec.driver] ?? null,
    });
    out.set(spec.number, {
      id,
      weekday: spec.weekday,
      spec,
      refAnchor: nextWeekday(REFERENCE_DATE, spec.weekday),
      nextDate: today ? nextWeekday(today, spec.weekday) : null,
    });
  }
  return out;
}

/** Every run date of every route from 8 weeks before to 16 weeks after today (no faker: date-dependent). */
function addCalendars(rows: Rows, branchId: string, routes: Map<string, RouteInfo>, today: Date) {
  const from = addDays(today, -56);
  const to = addDays(today, 112);
  for (const r of routes.values()) {
    for (let d = nextWeekday(from, r.weekday); d <= to; d = addDays(d, 7)) {
      rows.calendar.push({ id: crypto.randomUUID(), branchId, routeId: r.id, date: d });
    }
  }
}

// ───────────── customers ─────────────

const BUSINESS_TYPES = [
  "Dental",
  "Family Medicine",
  "Law Group",
  "Auto Repair",
  "Yoga Studio",
  "Veterinary Clinic",
  "Realty",
  "Coffee Co.",
  "Insurance Agency",
  "Fitness",
  "Architects",
  "Chiropractic",
  "Montessori School",
  "Salon & Spa",
  "Print Shop",
  "Brewing Co.",
  "Pediatrics",
  "Accounting",
  "Title Company",
  "Physical Therapy",
];

type CardSpec = { cardType: string; label: string; last4: string; digits: number };
const TEST_CARDS: CardSpec[] = [
  { cardType: "VISA", label: "Visa", last4: "1111", digits: 16 },
  { cardType: "MASTERCARD", label: "Mastercard", last4: "4444", digits: 16 },
  { cardType: "AMEX", label: "Amex", last4: "0005", digits: 15 },
  { cardType: "DISCOVER", label: "Discover", last4: "1117", digits: 16 },
];
const maskCard = (c: CardSpec) => `${"*".repeat(c.digits - 4)}${c.last4}`;

type PayMethod =
  | { kind: "CARD"; paymentAccountId: string; masked: string; label: string }
  | { kind: "ACH"; paymentAccountId: string; masked: string }
  | { kind: "CHECK" };

/** One delivery (or rental) line, before it becomes billing items and transactions. */
type Line = { catalog: { id: string; spec: CatalogSpec }; quantity: number; unitPrice: number };

type ServicePlan = {
  serviceId: string;
  route: RouteInfo;
  interval: number;
  deliveries: (j: number) => Line[];
};

type SimCustomer = {
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

type BranchCustomerOptions = {
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

function pickRoute(opts: BranchCustomerOptions, zip: string): RouteInfo {
  for (const r of opts.routes.values()) if (r.spec.zips.includes(zip)) return r;
  return [...opts.routes.values()][0]!;
}

const STREET_SUFFIXES = [
  { weight: 20, value: "St" },
  { weight: 20, value: "Dr" },
  { weight: 15, value: "Ave" },
  { weight: 15, value: "Ln" },
  { weight: 10, value: "Rd" },
  { weight: 8, value: "Ct" },
  { weight: 8, value: "Cv" },
  { weight: 6, value: "Trl" },
  { weight: 6, value: "Way" },
  { weight: 4, value: "Blvd" },
  { weight: 4, value: "Pass" },
  { weight: 3, value: "Pkwy" },
  { weight: 3, value: "Loop" },
];

const STREET_STEMS = [
  "Live Oak",
  "Pecan",
  "Cedar",
  "Mesquite",
  "Bluebonnet",
  "Magnolia",
  "Cypress",
  "Willow",
  "Sycamore",
  "Juniper",
  "Hackberry",
  "Redbud",
  "Persimmon",
  "Primrose",
  "Lantana",
  "Agave",
  "Yucca",
  "Sagebrush",
  "Prairie",
  "Meadow",
  "Ridge",
  "Canyon",
  "Creek",
  "Spring",
  "River",
  "Hill",
  "Valley",
  "Bluff",
  "Mesa",
  "Sunset",
  "Windsor",
  "Oxford",
  "Cambridge",
  "Lexington",
  "Franklin",
  "Jefferson",
  "Madison",
  "Lamar",
  "Houston",
  "Austin",
  "Travis",
  "Bowie",
  "Crockett",
  "Brazos",
  "Llano",
  "Pedernales",
  "San Saba",
  "Guadalupe",
  "Colorado",
  "Shady",
  "Rolling",
  "Quail",
  "Mockingbird",
  "Cardinal",
  "Hummingbird",
  "Whitetail",
  "Longhorn",
  "Stonegate",
  "Fox Run",
  "Wildflower",
];

/** A US-style street name: a common stem or a faker surname, with a US suffix. */
function streetNameFor(): string {
  let stem = faker.helpers.arrayElement(STREET_STEMS);
  if (faker.datatype.boolean(0.45)) {
    const surname = faker.person.lastName();
    if (/^[A-Za-z]+$/.test(surname)) stem = surname;
  }
  return `${stem} ${faker.helpers.weightedArrayElement(STREET_SUFFIXES)}`;
}

function phoneNumber(areaCode: string, last4?: string): string {
  return `(${areaCode}) 555-${last4 ?? faker.string.numeric(4)}`;
}

function addCustomers(rows: Rows, opts: BranchCustomerOptions): SimCustomer[] {
  const { branchId, catalog } = opts;
  const sims: SimCustomer[] = [];
  const item = (part: string) => catalog.get(part)!;

  for (let i = 0; i < opts.count; i++) {
    const special = opts.special?.[i];
    const accountNumber = String(opts.firstAccount + i);
    const customerId = uuid();
    const isBusiness = !special && faker.datatype.boolean(0.3);
    const status: Prisma.CustomerCreateManyInput["status"] = special
      ? "ACTIVE"
      : faker.helpers.weightedArrayElement([
          { weight: 94, value: "ACTIVE" as const },
          { weight: 3, value: "INACTIVE" as const },
          { weight: 3, value: "PROSPECT" as const },
        ]);
    const firstName = special?.firstName ?? faker.person.firstName();
    const lastName = special?.lastName ?? faker.person.lastName();
    const company = isBusiness
      ? `${faker.helpers.arrayElement(opts.businessPrefixes)} ${faker.helpers.arrayElement(BUSINESS_TYPES)}`
      : "";
    const name = isBusiness ? company : `${firstName} ${lastName}`;
    const isInvoice = isBusiness && faker.datatype.boolean(0.65);
    const poRequired = isInvoice && i > 0 && faker.datatype.boolean(0.12);
    const securityCode = special?.securityCode ?? faker.string.numeric(4);
    const createdAt =
      special?.createdAt ??
      (status === "PROSPECT"
        ? faker.date.between({ from: "2026-10-01T00:00:00Z", to: "2026-11-15T00:00:00Z" })
        : faker.date.between({ from: "2018-03-01T00:00:00Z", to: "2026-04-15T00:00:00Z" }));

    // service addresses (the first one doubles as the billing address)
    const addressCount = special ? 1 : faker.datatype.boolean(isBusiness ? 0.2 : 0.05) ? 2 : 1;
    const addressIds: string[] = [];
    const plans: SimCustomer["plans"] = [];
    const rentals: SimCustomer["rentals"] = [];
    let billing: { address1: string; address2: string; city: string; state: string; postalCode: string } | undefined;
    for (let a = 0; a < addressCount; a++) {
      const zip =
        special && a === 0 ? opts.zips.find((z) => z.zip === special.zip)! : faker.helpers.arrayElement(opts.zips);
      const streetNumber = special?.streetNumber ?? String(faker.number.int({ min: 100, max: 12999 }));
      const streetName = special?.streetName ?? streetNameFor();
      const address2 =
        isBusiness && faker.datatype.boolean(0.5)
          ? `Suite ${faker.number.int({ min: 1, max: 4 })}${faker.string.numeric(2)}`
          : "";
      const coords = special ? { latitude: special.latitude, longitude: special.longitude } : jitter(zip);
      const addressId = uuid();
      addressIds.push(addressId);
      rows.addresses.push({
        id: addressId,
        branchId,
        customerId,
        referenceNumber: `${accountNumber}-${a + 1}`,
        streetNumber,
        streetName,
        address2,
        firstName: isBusiness ? "" : firstName,
        lastName: isBusiness ? "" : lastName,
        company: isBusiness
          ? a === 0
            ? company
            : `${company} (${zip.city === "Austin" ? "Location 2" : zip.city})`
          : "",
        city: zip.city,
        state: zip.state,
        postalCode: zip.zip,
        latitude: coords.latitude,
        longitude: coords.longitude,
        geocodeConfidence: "HIGH",
        inactive: status === "INACTIVE",
        createdAt,
      });
      if (a === 0)
        billing = {
          address1: `${streetNumber} ${streetName}`,
          address2,
          city: zip.city,
          state: zip.state,
          postalCode: zip.zip,
        };

      // what is delivered here
      const water = special
        ? item("5G-SPRING")
        : item(
            faker.helpers.weightedArrayElement([
              { weight: 70, value: "5G-SPRING" },
              { weight: 12, value: "5G-DISTILLED" },
              { weight: 10, value: "3G-SPRING" },
              { weight: 8, value: "5G-ALKALINE" },
            ]),
          );
      const waterQty = special
        ? 3
        : isBusiness
          ? faker.number.int({ min: 3, max: 8 })
          : faker.number.int({ min: 2, max: 4 });
      const wantsSalt = !special && !!opts.saltRoute && faker.datatype.boolean(isBusiness ? 0.05 : 0.18);
      const items: Line[] = [{ catalog: water, quantity: waterQty, unitPrice: water.spec.price }];
      const extras: Line[] = [];
      if (wantsSalt) {
        const salt = item(faker.datatype.boolean(0.8) ? "SALT-40" : "SALT-KCL-40");
        items.push({ catalog: salt, quantity: faker.number.int({ min: 2, max: 4 }), unitPrice: salt.spec.price });
        items.push({ catalog: item("FLT-SED-10"), quantity: 1, unitPrice: item("FLT-SED-10").spec.price });
      } else {
        const rental = special || faker.datatype.boolean(isBusiness ? 0.7 : 0.4);
        if (rental) {
          const r = item(special || faker.datatype.boolean(0.7) ? "DISP-HC-RENT" : "DISP-BL-RENT");
          const line = { catalog: r, quantity: 1, unitPrice: r.spec.price };
          extras.push(line);
          rentals.push({ addressId, line });
        }
        if (isBusiness && faker.datatype.boolean(0.7)) {
          const cups = item("CUP-SLEEVE");
          extras.push({ catalog: cups, quantity: faker.number.int({ min: 1, max: 3 }), unitPrice: cups.spec.price });
        }
      }
      // an occasional negotiated price on the main product
      if (isBusiness && !special && faker.datatype.boolean(0.25)) items[0]!.unitPrice = water.spec.price - 200;
      for (const line of [...items, ...extras].slice(0, 3)) {
        rows.addressItems.push({
          id: uuid(),
          branchId,
          serviceAddressId: addressId,
          catalogItemId: line.catalog.id,
          defaultQuantity: line.quantity,
          unitPriceCents: line.unitPrice === line.catalog.spec.price ? null : line.unitPrice,
        });
      }

      // services
      const route = special ? opts.routes.get(special.route)! : pickRoute(opts, zip.zip);
      const interval =
        special?.interval ??
        faker.helpers.weightedArrayElement([
          { weight: isBusiness ? 45 : 15, value: 1 },
          { weight: 55, value: 2 },
          { weight: isBusiness ? 5 : 30, value: 4 },
        ]);
      const waterLine = items[0]!;
      const cupsLine = extras.find((l) => l.catalog.spec.part === "CUP-SLEEVE");
      const fixed = !!special;
      // Quantities vary a little per delivery; drawn up front so the faker sequence never depends on dates.
      const variations = Array.from({ length: 30 }, () => (fixed ? 0 : faker.helpers.arrayElement([-1, 0, 0, 0, 1])));
      const cupDays = Array.from({ length: 30 }, () => faker.datatype.boolean(0.5));
      const waterServiceId = uuid();
      rows.services.push({
        id: waterServiceId,
        branchId,
        serviceAddressId: addressId,
        productCodeId: waterLine.catalog.id,
        routeId: route.id,
        routeFrequencyInterval: interval,
        nextDeliveryDate: status === "INACTIVE" ? null : route.nextDate,
        inactive: status === "INACTIVE",
      });
      plans.push({
        addressId,
        plan: {
          serviceId: waterServiceId,
          route,
          interval,
          deliveries: (j) => {
            const lines: Line[] = [
              { ...waterLine, quantity: Math.max(1, waterLine.quantity + variations[j % variations.length]!) },
            ];
            if (cupsLine && cupDays[j % cupDays.length]) lines.push(cupsLine);
            return lines;
          },
        },
      });
      if (wantsSalt) {
        const saltRoute = opts.routes.get(opts.saltRoute!)!;
        const saltServiceId = uuid();
        rows.services.push({
          id: saltServiceId,
          branchId,
          serviceAddressId: addressId,
          productCodeId: items[1]!.catalog.id,
          routeId: saltRoute.id,
          routeFrequencyInterval: 4,
          nextDeliveryDate: status === "INACTIVE" ? null : saltRoute.nextDate,
          inactive: status === "INACTIVE",
        });
        const saltLine = items[1]!;
        const filterLine = items[2]!;
        plans.push({
          addressId,
          plan: {
            serviceId: saltServiceId,
            route: saltRoute,
            interval: 4,
            deliveries: (j) => (j % 3 === 0 ? [saltLine, filterLine] : [saltLine]),
          },
        });
      }
    }

    // billing location
    const locationId = uuid();
    const poBox = isBusiness && faker.datatype.boolean(0.15);
    rows.locations.push({
      id: locationId,
      branchId,
      address1: poBox ? `PO Box ${faker.number.int({ min: 1000, max: 9999 })}` : billing!.address1,
      address2: poBox ? "" : billing!.address2,
      attentionName: isBusiness ? "Accounts Payable" : "",
      city: billing!.city,
      company: company,
      state: billing!.state,
      postalCode: billing!.postalCode,
      firstName: isBusiness ? "" : firstName,
      lastName: isBusiness ? "" : lastName,
      email: special?.email ?? "",
      externalId: `LOC-${accountNumber}`,
    });
    rows.customers.push({
      id: customerId,
      branchId,
      accountNumber,
      securityCode,
      name,
      status,
      billingType: isInvoice ? "INVOICE" : "STATEMENT",
      isInvoiceAccount: isInvoice,
      purchaseOrderRequired: poRequired,
      billingLocationId: locationId,
      createdAt,
    });

    // contacts
    const contactCount = special
      ? 1
      : isBusiness
        ? faker.number.int({ min: 1, max: 2 })
        : faker.datatype.boolean(0.25)
          ? 2
          : 1;
    let billingEmail = special?.email ?? "";
    for (let c = 0; c < contactCount; c++) {
      const cFirst = c === 0 && !isBusiness ? firstName : faker.person.firstName();
      // a second residential contact is a family member
      const cLast = isBusiness ? faker.person.lastName() : lastName;
      const email =
        special?.email ??
        faker.internet.email({ firstName: cFirst, lastName: cLast, provider: "example.com" }).toLowerCase();
      const role: "ADMINISTRATOR" | "BILLING" = special
        ? "ADMINISTRATOR"
        : c === 0
          ? faker.helpers.arrayElement(["ADMINISTRATOR", "BILLING"] as const)
          : "BILLING";
      if (role === "BILLING" || !billingEmail) billingEmail = email;
      const contactId = uuid();
      rows.contacts.push({
        id: contactId,
        branchId,
        customerId,
        userId: special?.userId ?? null,
        firstName: cFirst,
        lastName: cLast,
        email,
        role,
        createdAt,
      });
      const phoneCount = special ? 1 : faker.datatype.boolean(0.3) ? 2 : 1;
      for (let p = 0; p < phoneCount; p++) {
        const mobile = p === 0 && (special || !isBusiness || faker.datatype.boolean(0.5));
        rows.phones.push({
          id: uuid(),
          branchId,
          contactId,
          sortOrder: p,
          phoneNumber: special && p === 0 ? special.phone : phoneNumber(opts.areaCode),
          textable: mobile && (special ? true : faker.datatype.boolean(0.8)),
          callable: true,
          isBillingPhone: p === 0 && role === "BILLING",
          phoneTypeId: mobile ? "MOBILE" : isBusiness ? "WORK" : "HOME",
          comments: !mobile && isBusiness ? "Front desk" : "",
        });
      }
    }
    if (!special) rows.locations[rows.locations.length - 1]!.email = billingEmail;

    // purchase orders
    const purchaseOrders: SimCustomer["purchaseOrders"] = [];
    if (poRequired) {
      const n = faker.number.int({ min: 1, max: 2 });
      for (let p = 0; p < n; p++) {
        const po = { id: uuid(), number: `PO-${faker.string.numeric(5)}` };
        if (purchaseOrders.some((x) => x.number === po.number)) continue;
        purchaseOrders.push(po);
        rows.purchaseOrders.push({
          id: po.id,
          branchId,
          customerId,
          number: po.number,
          description: p === 0 ? "Water service FY2026" : "Break room supplies",
        });
      }
    }

    // how they pay
    let payMethod: PayMethod = { kind: "CHECK" };
    // The special customers pay by check unless they have a card on file.
    const methodKind = special
      ? special.card
        ? "CARD"
        : "CHECK"
      : faker.helpers.weightedArrayElement([
          { weight: 50, value: "CARD" as const },
          { weight: 20, value: "ACH" as const },
          { weight: 30, value: "CHECK" as const },
        ]);
    if (methodKind === "CARD") {
      const card = special?.card ? TEST_CARDS[0]! : faker.helpers.arrayElement(TEST_CARDS);
      const paymentAccountId = uuid();
      const expiration =
        special?.card?.expiration ??
        `${String(faker.number.int({ min: 1, max: 12 })).padStart(2, "0")}${faker.number.int({ min: 27, max: 30 })}`;
      rows.paymentAccounts.push({
        id: paymentAccountId,
        branchId,
        customerId,
        kind: "CARD",
        externalId: special?.card?.externalId ?? `sandbox-vault-${accountNumber}`,
        cardType: card.cardType,
        nameOnAccount: isBusiness ? company : `${firstName} ${lastName}`,
        maskedAccountNumber: maskCard(card),
        expiration,
        isDefault: true,
        createdAt,
      });
      payMethod = { kind: "CARD", paymentAccountId, masked: maskCard(card), label: card.label };
    } else if (methodKind === "ACH") {
      const paymentAccountId = uuid();
      const last4 = faker.string.numeric(4);
      const masked = `******${last4}`;
      rows.paymentAccounts.push({
        id: paymentAccountId,
        branchId,
        customerId,
        kind: "ACH",
        externalId: `sandbox-vault-${accountNumber}`,
        accountType: faker.datatype.boolean(0.85) ? "CHECKING" : "SAVINGS",
        nameOnAccount: isBusiness ? company : `${firstName} ${lastName}`,
        maskedAccountNumber: masked,
        isDefault: true,
        createdAt,
      });
      payMethod = { kind: "ACH", paymentAccountId, masked };
    }

    const payBehavior: SimCustomer["payBehavior"] = special
      ? "GOOD"
      : faker.helpers.weightedArrayElement([
          { weight: 82, value: "GOOD" as const },
          { weight: 9, value: "PARTIAL" as const },
          { weight: 9, value: "LATE" as const },
        ]);

    if (opts.withHistory && status === "ACTIVE") {
      sims.push({
        id: customerId,
        accountNumber,
        name,
        isInvoice,
        payBehavior,
        payMethod,
        addressId: addressIds[0]!,
        addressIds,
        plans,
        rentals,
        purchaseOrders,
        fixedQuantities: !!special,
      });
    }
  }
  return sims;
}

// ───────────── billing history ─────────────

type HistoryResult = { lastWorkOrderNumber: number; pastDueCustomerIds: string[] };

/**
 * Deliveries (posted work orders), monthly rentals, payments, monthly statements and, for invoice
 * accounts, one invoice per delivery and per month's rental. All dates are fixed: from HISTORY_START
 * to the day before REFERENCE_DATE. Transactions of the current month (November) are on no statement yet.
 */
function addHistory(rows: Rows, branchId: string, taxBasisPoints: number, sims: SimCustomer[]): HistoryResult {
  type PendingWorkOrder = { row: Prisma.WorkOrderCreateManyInput; sortKey: string };
  type PendingInvoice = { row: Prisma.InvoiceCreateManyInput; sortKey: string };
  const pendingWorkOrders: PendingWorkOrder[] = [];
  const pendingInvoices: PendingInvoice[] = [];
  const pastDue: string[] = [];
  const tax = (amount: number, taxable: boolean) => (taxable ? Math.round((amount * taxBasisPoints) / 10_000) : 0);

  const lastStatementClose = monthEnd(addDays(REFERENCE_DATE, -REFERENCE_DATE.getUTCDate())); // 31 Oct 2026
  const months: Date[] = [];
  for (
    let m = new Date(HISTORY_START);
    m <= REFERENCE_DATE;
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
  )
    months.push(m);

  for (const c of sims) {
    type Txn = Prisma.TransactionCreateManyInput;
    const txns: Txn[] = [];
    type Inv = { row: Prisma.InvoiceCreateManyInput; paid: number };
    const invoices: Inv[] = [];

    const payDelay = () =>
      c.payBehavior === "LATE" ? faker.number.int({ min: 35, max: 55 }) : faker.number.int({ min: 9, max: 32 });
    const paymentDescription = () => {
      const m = c.payMethod;
      if (m.kind === "CARD")
        return {
          description: `Payment - ${m.label} ****${m.masked.slice(-4)}`,
          masked: m.masked,
          paymentAccountId: m.paymentAccountId,
        };
      if (m.kind === "ACH")
        return {
          description: `Payment - ACH ****${m.masked.slice(-4)}`,
          masked: m.masked,
          paymentAccountId: m.paymentAccountId,
        };
      return {
        description: `Payment - Check #${faker.number.int({ min: 1001, max: 9899 })}`,
        masked: "",
        paymentAccountId: null,
      };
    };

    // Charges: deliveries and rentals. Each becomes lines on a transaction list (and, for invoice
    // accounts, an invoice).
    const chargeGroups: {
      date: Date;
      posted: Date;
      lines: Line[];
      rental: boolean;
      workOrderId: string | null;
      addressId: string;
    }[] = [];
    for (const { addressId, plan } of c.plans) {
      const dates: Date[] = [];
      for (let j = 1; ; j++) {
        const d = addDays(plan.route.refAnchor, -7 * plan.interval * j);
        if (d < HISTORY_START) break;
        dates.push(d);
      }
      dates.reverse();
      dates.forEach((date, j) => {
        const lines = plan.deliveries(j).filter((l) => l.quantity > 0);
        const posted = atUtc(date, 22, faker.number.int({ min: 0, max: 59 }));
        if (date < WORK_ORDER_HISTORY_START) {
          chargeGroups.push({ date, posted, lines, rental: false, workOrderId: null, addressId });
          return;
        }
        const workOrderId = uuid();
        const po = c.purchaseOrders[0];
        pendingWorkOrders.push({
          sortKey: `${date.toISOString()}|${c.accountNumber}|${plan.serviceId}`,
          row: {
            id: workOrderId,
            branchId,
            number: 0,
            customerId: c.id,
            serviceAddressId: addressId,
            workType: "WORK_ORDER",
            name: `${plan.route.spec.name} delivery`,
            scheduledDate: date,
            purchaseOrderId: po?.id ?? null,
            isOpen: false,
            postedAt: posted,
            createdAt: atUtc(addDays(date, -7 * plan.interval), 23),
            updatedAt: posted,
          },
        });
        for (const l of lines) {
          const amount = l.quantity * l.unitPrice;
          rows.billingItems.push({
            id: uuid(),
            branchId,
            workOrderId,
            catalogItemId: l.catalog.id,
            name: l.catalog.spec.description,
            quantity: l.quantity,
            unitPriceCents: l.unitPrice,
            amountCents: amount,
            taxCents: tax(amount, l.catalog.spec.taxable),
            canEdit: false,
          });
        }
        chargeGroups.push({ date, posted, lines, rental: false, workOrderId, addressId });
      });
    }
    for (const { addressId, line } of c.rentals) {
      for (const m of months)
        chargeGroups.push({ date: m, posted: atUtc(m, 11), lines: [line], rental: true, workOrderId: null, addressId });
    }
    chargeGroups.sort((a, b) => a.posted.getTime() - b.posted.getTime());

    for (const g of chargeGroups) {
      let invoiceId: string | null = null;
      const total = g.lines.reduce(
        (s, l) => s + l.quantity * l.unitPrice + tax(l.quantity * l.unitPrice, l.catalog.spec.taxable),
        0,
      );
      if (c.isInvoice) {
        invoiceId = uuid();
        const dueDate = addDays(g.date, 30);
        const inv: Inv = {
          paid: 0,
          row: {
            id: invoiceId,
            branchId,
            customerId: c.id,
            displayId: "",
            date: g.date,
            term: "Net 30",
            dueDate,
            totalCents: total,
            balanceCents: total,
            purchaseOrderNumber: c.purchaseOrders[0]?.number ?? "",
            comment: !g.rental ? "" : `Rental for ${MONTH_NAMES[g.date.getUTCMonth()]} ${g.date.getUTCFullYear()}`,
            workOrderId: g.workOrderId,
          },
        };
        invoices.push(inv);
        pendingInvoices.push({ row: inv.row, sortKey: `${g.posted.toISOString()}|${c.accountNumber}|${invoiceId}` });
      }
      let taxTotal = 0;
      for (const l of g.lines) {
        const amount = l.quantity * l.unitPrice;
        taxTotal += tax(amount, l.catalog.spec.taxable);
        const rental = g.rental;
        txns.push({
          id: uuid(),
          branchId,
          customerId: c.id,
          kind: "CHARGE",
          datePosted: g.posted,
          billingCodeId: l.catalog.spec.part,
          description: rental
            ? `${l.catalog.spec.description} - ${MONTH_NAMES[g.date.getUTCMonth()]} ${g.date.getUTCFullYear()}`
            : `${l.catalog.spec.description} x${l.quantity}`,
          quantity: l.quantity,
          amountCents: amount,
          invoiceId,
        });
      }
      if (taxTotal > 0) {
        txns.push({
          id: uuid(),
          branchId,
          customerId: c.id,
          kind: "CHARGE",
          datePosted: g.posted,
          billingCodeId: "TAX",
          description: "Sales Tax",
          quantity: 1,
          amountCents: taxTotal,
          invoiceId,
        });
      }
    }

    // Payments.
    const pay = (date: Date, amount: number, invoiceId: string | null) => {
      const p = paymentDescription();
      txns.push({
        id: uuid(),
        branchId,
        customerId: c.id,
        kind: "PAYMENT",
        datePosted: atUtc(date, faker.number.int({ min: 14, max: 23 }), faker.number.int({ min: 0, max: 59 })),
        billingCodeId: c.payMethod.kind === "CHECK" ? "PAY-CHECK" : c.payMethod.kind === "ACH" ? "PAY-ACH" : "PAY-CARD",
        description: p.description,
        quantity: 1,
        amountCents: -amount,
        invoiceId,
        paymentAccountId: p.paymentAccountId,
        maskedAccountNumber: p.masked,
        gatewayTransactionId: c.payMethod.kind === "CHECK" ? "" : faker.string.numeric(10),
        gatewayResponseText: c.payMethod.kind === "CHECK" ? "" : "SUCCESS",
      });
    };
    if (c.isInvoice) {
      for (const inv of invoices) {
        const date = addDays(inv.row.date as Date, payDelay());
        if (date >= REFERENCE_DATE) continue; // still open
        const amount =
          c.payBehavior === "PARTIAL" && faker.datatype.boolean(0.3)
            ? Math.round(inv.row.totalCents * 0.5)
            : inv.row.totalCents;
        pay(date, amount, inv.row.id!);
        inv.paid = amount;
        // A partial payment is followed by the rest a few weeks later.
        const rest = inv.row.totalCents - amount;
        const restDate = addDays(date, faker.number.int({ min: 14, max: 30 }));
        if (rest > 0 && restDate < REFERENCE_DATE) {
          pay(restDate, rest, inv.row.id!);
          inv.paid += rest;
        }
        inv.row.balanceCents = inv.row.totalCents - inv.paid;
      }
      if (invoices.some((inv) => inv.row.balanceCents > 0 && (inv.row.dueDate as Date) < REFERENCE_DATE))
        pastDue.push(c.id);
    } else {
      // Statement accounts pay the previous statement's balance during the following month.
      txns.sort((a, b) => (a.datePosted as Date).getTime() - (b.datePosted as Date).getTime());
      let balance = 0;
      let skipped = false;
      for (const m of months) {
        const payDay = addDays(m, faker.number.int({ min: 7, max: 19 }));
        if (balance > 0 && payDay < REFERENCE_DATE) {
          const skip: boolean = c.payBehavior === "LATE" && !skipped;
          skipped = skip;
          if (!skip) pay(payDay, c.payBehavior === "PARTIAL" ? Math.round(balance * 0.6) : balance, null);
        }
        const end = monthEnd(m);
        balance = txns.filter((t) => (t.datePosted as Date) <= atUtc(end, 24)).reduce((s, t) => s + t.amountCents, 0);
      }
    }

    // Monthly statements for every customer; November's activity waits for the next statement.
    txns.sort((a, b) => (a.datePosted as Date).getTime() - (b.datePosted as Date).getTime());
    let opening = 0;
    let cursor = 0;
    for (const m of months) {
      const close = monthEnd(m);
      if (close > lastStatementClose) break;
      const statementId = uuid();
      const endExclusive = addDays(close, 1);
      let sum = 0;
      while (cursor < txns.length && (txns[cursor]!.datePosted as Date) < endExclusive) {
        txns[cursor]!.statementId = statementId;
        sum += txns[cursor]!.amountCents;
        cursor++;
      }
      rows.statements.push({
        id: statementId,
        branchId,
        customerId: c.id,
        closeDate: close,
        comment:
          close.getTime() === lastStatementClose.getTime()
            ? "Thank you for your business! Holiday route changes are posted on our website."
            : "",
        openingBalanceCents: opening,
        balanceCents: opening + sum,
      });
      opening += sum;
    }
    if (!c.isInvoice) {
      // Past due: what the September statement asked for is still not paid.
      const sepClose = addDays(lastStatementClose, -lastStatementClose.getUTCDate());
      const sepBalance =
        rows.statements.find((s) => s.customerId === c.id && (s.closeDate as Date).getTime() === sepClose.getTime())
          ?.balanceCents ?? 0;
      const paidSince = txns
        .filter((t) => t.kind === "PAYMENT" && (t.datePosted as Date) > atUtc(sepClose, 24))
        .reduce((s, t) => s - t.amountCents, 0);
      if (sepBalance - paidSince > 0) pastDue.push(c.id);
    }
    rows.transactions.push(...txns);
  }

  pendingWorkOrders.sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
  let number = FIRST_WORK_ORDER_NUMBER;
  for (const w of pendingWorkOrders) {
    w.row.number = number++;
    rows.workOrders.push(w.row);
  }
  pendingInvoices.sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
  let inv = FIRST_INVOICE_NUMBER;
  for (const p of pendingInvoices) {
    p.row.displayId = `INV-${inv++}`;
    rows.invoices.push(p.row);
  }
  return { lastWorkOrderNumber: number - 1, pastDueCustomerIds: pastDue };
}

// ───────────── the seed ─────────────

const DEMO_ROUTES: RouteSpec[] = [
  { number: "101", name: "Downtown & Central", weekday: 1, zips: ["78701", "78702", "78705"], driver: 0 },
  { number: "102", name: "South Austin", weekday: 2, zips: ["78704", "78745", "78748"], driver: 1 },
  { number: "103", name: "East Austin", weekday: 3, zips: ["78721", "78722", "78723"], driver: 2 },
  { number: "104", name: "Central North", weekday: 4, zips: ["78751", "78756", "78757"], driver: 0 },
  { number: "105", name: "North Austin", weekday: 5, zips: ["78758", "78727", "78759"], driver: 1 },
  { number: "106", name: "Northwest Hills", weekday: 1, zips: ["78731", "78750"], driver: 3 },
  { number: "107", name: "West Lake & Southwest", weekday: 2, zips: ["78703", "78746", "78749"], driver: 4 },
  { number: "108", name: "Salt & Filters", weekday: 5, zips: [], driver: 5 },
];

const NORTH_ROUTES: RouteSpec[] = [
  {
    number: "201",
    name: "Downtown & Uptown",
    weekday: 2,
    zips: ["55401", "55403", "55404", "55405", "55408"],
    driver: 0,
  },
  {
    number: "202",
    name: "South Minneapolis",
    weekday: 3,
    zips: ["55406", "55407", "55409", "55410", "55417", "55419"],
    driver: 1,
  },
  {
    number: "203",
    name: "Northeast & North",
    weekday: 4,
    zips: ["55411", "55412", "55413", "55414", "55418"],
    driver: 2,
  },
];

const CLOSED_ROUTES: RouteSpec[] = [
  { number: "301", name: "Boulder", weekday: 3, zips: ["80301", "80302", "80303", "80304"], driver: 0 },
];

export async function seedDemo(prisma: PrismaClient): Promise<void> {
  const existing = await prisma.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (existing) return;

  const passwordHash = await Bun.password.hash(DEMO_PASSWORD, { algorithm: "argon2id" });
  const rows = buildRows(passwordHash);

  await prisma.$transaction(
    async (tx) => {
      // Another process may have seeded meanwhile.
      if (await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } })) return;
      // Foreign-key checks are most of the insert time on PGlite (one lookup per row and key). The
      // rows are generated consistently (the test checks every foreign key afterwards), so a
      // superuser session, as PGlite's always is, skips them for this transaction only.
      const [role] = await tx.$queryRawUnsafe<{ superuser: boolean }[]>(
        "SELECT current_setting('is_superuser') = 'on' AS superuser",
      );
      if (role?.superuser) await tx.$executeRawUnsafe("SET LOCAL session_replication_role = replica");
      // Parents before children (foreign keys).
      const order: [keyof Rows, string][] = [
        ["tenants", "Tenant"],
        ["branches", "Branch"],
        ["watertight", "BranchWatertightFeature"],
        ["notices", "BranchNotice"],
        ["persons", "Person"],
        ["users", "User"],
        ["groups", "SecurityGroup"],
        ["groupMembers", "SecurityGroupMember"],
        ["grants", "PermissionGrant"],
        ["catalog", "CatalogItem"],
        ["routes", "Route"],
        ["calendar", "RouteCalendarDate"],
        ["locations", "Location"],
        ["customers", "Customer"],
        ["contacts", "Contact"],
        ["phones", "ContactPhone"],
        ["addresses", "ServiceAddress"],
        ["addressItems", "ServiceAddressItem"],
        ["services", "Service"],
        ["purchaseOrders", "PurchaseOrder"],
        ["paymentAccounts", "PaymentAccount"],
        ["workOrders", "WorkOrder"],
        ["billingItems", "BillingItem"],
        ["statements", "Statement"],
        ["invoices", "Invoice"],
        ["transactions", "Transaction"],
      ];
      for (const [key, table] of order) await bulkInsert(tx, table, rows[key]);
      await seedShop(tx);
      await seedEcommerceDemo(tx);
      await seedPayments(tx);
      await seedAccounts(tx);
      await seedAdminConsole(tx);
      await seedTelemetry(tx);
      await seedMessageHistory(tx);
      await seedAnnouncements(tx);
      await seedPersonnel(tx);
      await seedTerritories(tx);
      await seedAppointmentSlots(tx);
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/**
 * `createMany` for large row sets. Prisma 7's `createMany` costs about 80 µs per bound parameter on
 * the client side (measured: the full data set took 45 s on PGlite), so the rows go to the database
 * as one JSON parameter per chunk and PostgreSQL expands them with `json_populate_recordset`: a few
 * hundred milliseconds for the same data, on PGlite and on a PostgreSQL server alike.
 *
 * The rows are the typed `XCreateManyInput` objects. Columns a row leaves out get their database
 * default, so rows are grouped by the set of columns they set; Prisma-side defaults (`uuid()`,
 * `@updatedAt`) do not exist in the database and must be given.
 */
async function bulkInsert(db: Prisma.TransactionClient, table: string, rows: readonly object[]): Promise<void> {
  const groups = new Map<string, object[]>();
  for (const row of rows) {
    const key = Object.entries(row)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k)
      .sort()
      .join(",");
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  for (const [key, group] of groups) {
    const columns = key
      .split(",")
      .map((c) => `"${c}"`)
      .join(", ");
    for (let i = 0; i < group.length; i += 5000) {
      const json = JSON.stringify(group.slice(i, i + 5000));
      await db.$executeRawUnsafe(
        `INSERT INTO "${table}" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"${table}", $1::json)`,
        json,
      );
    }
  }
}

/** All rows of the demo data set, in memory. Exported for tests. */
export function buildRows(passwordHash: string): Rows {
  faker.seed(FAKER_SEED);
  const rows = emptyRows();

  const tenantId = uuid();
  rows.tenants.push({ id: tenantId, name: "Demo Water Holdings", createdAt: new Date("2024-01-02T15:00:00Z") });

  // ── branches ──
  const demoId = uuid();
  const northId = uuid();
  const closedId = uuid();
  rows.branches.push(
    {
      id: demoId,
      branchNumber: 1,
      tenantId,
      company: "Demo Water Co.",
      internalName: "demo-water-austin",
      label: "Austin",
      host: "demo",
      timeZone: "America/Chicago",
      apiKey: uuid(),
      collectJsApiKey: "sandbox-collect-key",
      inactive: false,
      features: ["E_COMMERCE", "ONLINE_LEADS", "TWO_WAY_TEXTING", "V2_WEB_PORTAL", "WEB_PORTAL_DELIVERIES"],
      webSyncVersion: "24.3.1",
      phone: "(512) 555-0100",
      brandWebsiteUrl: "https://demo-water.example",
      websiteHeaderHtml:
        "<p><strong>Demo Water Co.</strong> &mdash; Pure Texas spring water, delivered to your door since 1998.</p>",
      websiteFooterHtml:
        "<p>Demo Water Co. &middot; 4200 Industrial Blvd, Austin, TX 78744 &middot; (512) 555-0100</p><p>Office hours: Monday&ndash;Friday, 8 AM&ndash;5 PM</p>",
      ecommercePaymentAgreementHtml:
        "<p>By placing this order you authorize Demo Water Co. to charge the selected payment method for the order total, including sales tax.</p>",
      acceptedPaymentTypes: "BOTH",
      allowedCardTypes: ["VISA", "MASTERCARD", "AMEX", "DISCOVER"],
      allowAnonymousSignUp: false,
      salesTaxRateBasisPoints: 825,
      createdAt: new Date("2024-01-02T15:00:00Z"),
    },
    {
      id: northId,
      branchNumber: 2,
      tenantId,
      company: "North Springs Water",
      internalName: "north-springs-minneapolis",
      label: "Minneapolis",
      host: "north",
      timeZone: "America/Chicago",
      apiKey: uuid(),
      collectJsApiKey: "sandbox-collect-key",
      inactive: false,
      features: ["V2_WEB_PORTAL", "WEB_PORTAL_DELIVERIES"],
      phone: "(612) 555-0100",
      brandWebsiteUrl: "https://north-springs.example",
      websiteHeaderHtml: "<p><strong>North Springs Water</strong> &mdash; Minnesota's hometown water service.</p>",
      websiteFooterHtml:
        "<p>North Springs Water &middot; 2100 Marshall St NE, Minneapolis, MN 55418 &middot; (612) 555-0100</p>",
      acceptedPaymentTypes: "CARD_ONLY",
      allowedCardTypes: ["VISA", "MASTERCARD", "DISCOVER"],
      salesTaxRateBasisPoints: 788,
      createdAt: new Date("2024-06-03T15:00:00Z"),
    },
    {
      id: closedId,
      branchNumber: 3,
      tenantId,
      company: "Closed Creek Water",
      internalName: "closed-creek-boulder",
      label: "Boulder (closed)",
      host: "closed",
      timeZone: "America/Denver",
      apiKey: uuid(),
      inactive: true,
      features: [],
      phone: "(303) 555-0100",
      brandWebsiteUrl: "https://closed-creek.example",
      websiteHeaderHtml: "<p><strong>Closed Creek Water</strong></p>",
      websiteFooterHtml: "<p>Closed Creek Water &middot; Boulder, CO &middot; (303) 555-0100</p>",
      salesTaxRateBasisPoints: 0,
      createdAt: new Date("2024-02-05T15:00:00Z"),
    },
  );
  const open = { startTime: new Date("2024-01-02T15:00:00Z"), endTime: null };
  for (const featureId of [
    "WEB_PORTAL",
    "WEB_PORTAL_DELIVERIES",
    "ECOMMERCE",
    "PAYMENT_PROCESSING",
    "LEADS",
  ] as const) {
    rows.watertight.push({ id: uuid(), branchId: demoId, featureId, ...open });
  }
  rows.watertight.push({
    id: uuid(),
    branchId: demoId,
    featureId: "MOBILE",
    startTime: new Date("2024-01-02T15:00:00Z"),
    endTime: new Date("2025-09-30T05:00:00Z"),
  });
  for (const featureId of ["WEB_PORTAL", "WEB_PORTAL_DELIVERIES"] as const) {
    rows.watertight.push({
      id: uuid(),
      branchId: northId,
      featureId,
      startTime: new Date("2024-06-03T15:00:00Z"),
      endTime: null,
    });
  }
  rows.notices.push({
    id: uuid(),
    branchId: demoId,
    severity: "IMPORTANT",
    message:
      "Office hours are Monday to Friday, 8 AM to 5 PM. Orders placed by 3 PM are delivered on your next route day.",
    createdAt: new Date("2026-09-01T14:00:00Z"),
  });

  // ── demo people and users ──
  const demoPeople: PersonSpec[] = [
    { firstName: "Eric", lastName: "Employee", jobTitle: "Office Manager", email: "employee@demo.test" },
    { firstName: faker.person.firstName(), lastName: faker.person.lastName(), jobTitle: "Dispatcher" },
    {
      firstName: faker.person.firstName(),
      lastName: faker.person.lastName(),
      jobTitle: "Customer Service Representative",
    },
    { firstName: faker.person.firstName(), lastName: faker.person.lastName(), jobTitle: "Accounts Receivable Clerk" },
  ];
  const demoDrivers: PersonSpec[] = Array.from({ length: 6 }, (_, i) => ({
    firstName: faker.person.firstName(),
    lastName: faker.person.lastName(),
    jobTitle: i === 0 ? "Lead Route Driver" : "Route Driver",
  }));
  const [ericId, dispatcherId, csrId, arId] = demoPeople.map((p) => addPerson(rows, demoId, p, "demo-water.example"));
  const driverIds = demoDrivers.map((p) => addPerson(rows, demoId, p, "demo-water.example"));
  addUser(rows, demoId, passwordHash, {
    email: "employee@demo.test",
    firstName: "Eric",
    lastName: "Employee",
    personId: ericId,
  });
  addUser(rows, demoId, passwordHash, {
    email: "admin@demo.test",
    firstName: "Ada",
    lastName: "Admin",
    isSuperAdmin: true,
  });
  const janeId = addUser(rows, demoId, passwordHash, {
    email: "customer@demo.test",
    firstName: "Jane",
    lastName: "Customer",
  });
  grant(rows, demoId, "PERSON", ericId!, ["ADMINISTRATIVE_SETUP"]);
  grant(rows, demoId, "PERSON", dispatcherId!, ["DISPATCH", "ROUTE_MANAGEMENT", "CUSTOMER_ACCESS", "MAPPING"]);
  grant(rows, demoId, "PERSON", csrId!, ["CUSTOMER_ACCESS", "CUSTOMER_CREDIT_CARDS", "LEAD_DATA_ENTRY"]);
  grant(rows, demoId, "PERSON", arId!, [
    "CUSTOMER_ACCESS",
    "ACCOUNTS_RECEIVABLE_SUPERVISOR",
    "PAYMENT_REFUNDING",
    "FINANCIAL_REPORTING",
  ]);
  const driversGroupId = uuid();
  rows.groups.push({ id: driversGroupId, branchId: demoId, name: "Drivers" });
  for (const personId of driverIds) rows.groupMembers.push({ groupId: driversGroupId, personId, branchId: demoId });
  grant(rows, demoId, "SECURITY_GROUP", driversGroupId, ["ROUTE_MANAGEMENT"]);

  // ── demo catalog, routes, customers ──
  const demoCatalog = addCatalog(rows, demoId);
  const demoToday = todayIn("America/Chicago");
  const demoRoutes = addRoutes(rows, demoId, DEMO_ROUTES, driverIds, demoToday);
  const demoSims = addCustomers(rows, {
    branchId: demoId,
    count: 300,
    firstAccount: 100001,
    zips: AUSTIN_ZIPS,
    areaCode: "512",
    routes: demoRoutes,
    saltRoute: "108",
    catalog: demoCatalog,
    businessPrefixes: [
      "Capitol",
      "Lone Star",
      "Barton Creek",
      "Bluebonnet",
      "Hill Country",
      "Zilker",
      "Mueller",
      "Riverside",
      "Congress Avenue",
      "South Lamar",
      "Bouldin",
      "Travis Heights",
      "Pecan Street",
      "Live Oak",
      "Shoal Creek",
      "Balcones",
      "Mopac",
      "Colorado River",
    ],
    withHistory: true,
    special: {
      0: {
        securityCode: "1234",
        firstName: "Jane",
        lastName: "Customer",
        email: "customer@demo.test",
        phone: "(512) 555-0142",
        zip: "78701",
        streetNumber: "1100",
        streetName: "Congress Ave",
        latitude: 30.274,
        longitude: -97.7404,
        userId: janeId,
        card: { externalId: "sandbox-vault-demo-100001", expiration: "1229" },
        interval: 2,
        route: "101",
        createdAt: new Date("2021-03-15T15:00:00Z"),
      },
      1: {
        securityCode: "2345",
        firstName: "Robert",
        lastName: "Sample",
        email: "robert.sample@example.com",
        phone: "(512) 555-0177",
        zip: "78704",
        streetNumber: "2315",
        streetName: "S 1st St",
        latitude: 30.2415,
        longitude: -97.7571,
        interval: 2,
        route: "102",
        createdAt: new Date("2022-08-09T15:00:00Z"),
      },
    },
  });
  const demoHistory = addHistory(rows, demoId, 825, demoSims);
  // A couple of service addresses of customers with past-due balances go on credit hold.
  for (const customerId of demoHistory.pastDueCustomerIds.slice(0, 2)) {
    const addr = rows.addresses.find((a) => a.customerId === customerId);
    if (addr) addr.isOnCreditHold = true;
  }

  // ── north ──
  const [noraId, ...northDriverIds] = [
    { firstName: "Nora", lastName: "Employee", jobTitle: "Office Manager", email: "employee@north.test" },
    { firstName: faker.person.firstName(), lastName: faker.person.lastName(), jobTitle: "Route Driver" },
    { firstName: faker.person.firstName(), lastName: faker.person.lastName(), jobTitle: "Route Driver" },
    { firstName: faker.person.firstName(), lastName: faker.person.lastName(), jobTitle: "Route Driver" },
  ].map((p) => addPerson(rows, northId, p, "north-springs.example"));
  addUser(rows, northId, passwordHash, {
    email: "employee@north.test",
    firstName: "Nora",
    lastName: "Employee",
    personId: noraId,
  });
  const nickId = addUser(rows, northId, passwordHash, {
    email: "customer@north.test",
    firstName: "Nick",
    lastName: "Customer",
  });
  grant(rows, northId, "PERSON", noraId!, ["ADMINISTRATIVE_SETUP"]);
  const northCatalog = addCatalog(rows, northId);
  const northToday = todayIn("America/Chicago");
  const northRoutes = addRoutes(rows, northId, NORTH_ROUTES, northDriverIds, northToday);
  const northSims = addCustomers(rows, {
    branchId: northId,
    count: 60,
    firstAccount: 200001,
    zips: MINNEAPOLIS_ZIPS,
    areaCode: "612",
    routes: northRoutes,
    catalog: northCatalog,
    businessPrefixes: [
      "North Loop",
      "Nicollet",
      "Lake Harriet",
      "Mill City",
      "Minnehaha",
      "Uptown",
      "Northeast",
      "Longfellow",
      "Stone Arch",
    ],
    withHistory: true,
    special: {
      0: {
        securityCode: "4321",
        firstName: "Nick",
        lastName: "Customer",
        email: "customer@north.test",
        phone: "(612) 555-0142",
        zip: "55401",
        streetNumber: "250",
        streetName: "Hennepin Ave",
        latitude: 44.9829,
        longitude: -93.2703,
        userId: nickId,
        interval: 2,
        route: "201",
        createdAt: new Date("2024-07-01T15:00:00Z"),
      },
    },
  });
  addHistory(rows, northId, 788, northSims);

  // ── closed ──
  const closedDriver = addPerson(
    rows,
    closedId,
    { firstName: faker.person.firstName(), lastName: faker.person.lastName(), jobTitle: "Route Driver" },
    "closed-creek.example",
  );
  const closedCatalog = addCatalog(rows, closedId);
  const closedRoutes = addRoutes(rows, closedId, CLOSED_ROUTES, [closedDriver], null);
  addCustomers(rows, {
    branchId: closedId,
    count: 6,
    firstAccount: 300001,
    zips: BOULDER_ZIPS,
    areaCode: "303",
    routes: closedRoutes,
    catalog: closedCatalog,
    businessPrefixes: ["Flatirons", "Pearl Street", "Chautauqua"],
    withHistory: false,
  });

  // The history ends two days before today, whatever today is; next delivery dates are already today's.
  const shift = historyShiftMs("America/Chicago");
  for (const key of Object.keys(rows) as (keyof Rows)[])
    if (key !== "calendar") shiftDates(rows[key], shift, new Set(["nextDeliveryDate"]));

  // An employee with no grants at all: signs in to the back office and may do nothing there. Added
  // after every faker draw with fixed ids, so the rest of the data stays as it was.
  rows.persons.push({
    id: "00000000-0000-4000-8000-00000000a001",
    branchId: demoId,
    firstName: "Nolan",
    lastName: "Noaccess",
    email: "noaccess@demo.test",
    jobTitle: "Trainee",
    etaReminders: false,
    createdAt: new Date("2026-11-02T15:00:00Z"),
  });
  rows.users.push({
    id: "00000000-0000-4000-8000-00000000a002",
    branchId: demoId,
    email: "noaccess@demo.test",
    firstName: "Nolan",
    lastName: "Noaccess",
    passwordHash,
    verifiedEmail: true,
    isSuperAdmin: false,
    personId: "00000000-0000-4000-8000-00000000a001",
    createdAt: new Date("2026-11-02T15:00:00Z"),
  });

  // ── everything below depends on today's date and uses no faker ──
  addCalendars(rows, demoId, demoRoutes, demoToday);
  addCalendars(rows, northId, northRoutes, northToday);

  // Customer 100001: one open work order on the first run of its route that can still be changed
  // online (orders close at 3 PM the day before), so the portal always shows it as changeable.
  const jane = demoSims[0]!;
  const janeService = jane.plans[0]!.plan;
  const upcomingId = crypto.randomUUID();
  const now = clock.now();
  const changeable = earliestOrderDate(now, "America/Chicago");
  const janeDate = rows.calendar
    .filter((c) => c.routeId === janeService.route.id && (c.date as Date).toISOString().slice(0, 10) >= changeable)
    .map((c) => c.date as Date)
    .sort((a, b) => a.getTime() - b.getTime())[0]!;
  const spring = demoCatalog.get("5G-SPRING")!;
  rows.workOrders.push({
    id: upcomingId,
    branchId: demoId,
    number: demoHistory.lastWorkOrderNumber + 1,
    customerId: jane.id,
    serviceAddressId: jane.addressId,
    workType: "WORK_ORDER",
    name: `${janeService.route.spec.name} delivery`,
    scheduledDate: janeDate,
    isOpen: true,
    createdAt: now,
    updatedAt: now,
  });
  rows.billingItems.push({
    id: crypto.randomUUID(),
    branchId: demoId,
    workOrderId: upcomingId,
    catalogItemId: spring.id,
    name: spring.spec.description,
    quantity: 3,
    unitPriceCents: spring.spec.price,
    amountCents: 3 * spring.spec.price,
    canEdit: true,
  });

  return rows;
}
