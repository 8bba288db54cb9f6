import { faker } from "@faker-js/faker";
import { historyShiftMs, shiftDates, todayIn } from "../db/seed-clock.ts";
import { addCatalog } from "./catalog.ts";
import { addCustomers } from "./customers.ts";
import { addHistory } from "./history.ts";
import { addPerson, addUser, grant, type PersonSpec } from "./people.ts";
import { AUSTIN_ZIPS, BOULDER_ZIPS, MINNEAPOLIS_ZIPS } from "./places.ts";
import { addCalendars, addRoutes, CLOSED_ROUTES, DEMO_ROUTES, NORTH_ROUTES } from "./routes.ts";
import { emptyRows, type Rows, uuid } from "./rows.ts";
import { addUpcomingOrder } from "./upcoming-order.ts";

// The whole demo data set, branch by branch: the tenant, its three branches (demo, north, closed),
// people and grants, catalogues, routes, customers and their history. Faker is seeded first; what
// depends on today's date comes last and draws nothing from it.

const FAKER_SEED = 20261121;

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
    "CALL_TOOLS", // sending leads to the call centre
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

  addUpcomingOrder(rows, demoId, demoSims[0]!, demoCatalog, demoHistory.lastWorkOrderNumber + 1);

  return rows;
}
