import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { clock } from "../clock.ts";
import { PrismaClient } from "../generated/prisma/client.ts";
import { earliestOrderDate } from "../modules/deliveries/delivery-dates.ts";
import { applyMigrations } from "./migrate.ts";
import { buildRows, DEMO_PASSWORD, demoCredentials, seedDemo } from "./seed.ts";
import { historyShiftMs, REFERENCE_DATE } from "./seed-clock.ts";

// Seeds an in-memory PGlite twice and checks the facts that screens and tests rely on.

let pglite: PGlite;
let prisma: PrismaClient;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
function todayInChicago(): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(clock.now());
}

beforeAll(async () => {
  pglite = await PGlite.create();
  await applyMigrations({ kind: "pglite", pglite });
  prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  // How long seeding takes is measured by the benchmark (bench/), not asserted here.
  await seedDemo(prisma);
}, 120_000);

afterAll(async () => {
  await prisma?.$disconnect();
  if (pglite && !pglite.closed) await pglite.close();
});

const branch = (host: string) => prisma.branch.findUniqueOrThrow({ where: { host } });
const customer = async (host: string, accountNumber: string) => {
  const b = await branch(host);
  return prisma.customer.findUniqueOrThrow({ where: { branchId_accountNumber: { branchId: b.id, accountNumber } } });
};

describe("seedDemo", () => {
  test("is deterministic apart from the rows that follow today's date", () => {
    // Route calendar dates and 100001's upcoming work order follow the real date; nothing else does.
    const stable = (rows: ReturnType<typeof buildRows>) =>
      JSON.stringify({
        ...rows,
        calendar: rows.calendar.length > 0,
        services: rows.services.map((s) => ({ ...s, nextDeliveryDate: null })),
        workOrders: rows.workOrders.filter((w) => !w.isOpen),
        billingItems: rows.billingItems.filter((b) => !b.canEdit),
      });
    const a = buildRows("hash");
    const b = buildRows("hash");
    expect(stable(a)).toBe(stable(b));
    expect(a.customers[0]!.id).toBe(b.customers[0]!.id);
  });

  test("the history moves with the clock: the same amounts, ending two days before today", () => {
    const saved = clock.now();
    const day = 86_400_000;
    const at = (instant: string) => {
      clock.startAt(new Date(instant));
      try {
        return buildRows("hash");
      } finally {
        clock.startAt(saved);
      }
    };
    // A Sunday night after the 3 PM cutoff, at a month end; and New Year's Eve.
    for (const instant of ["2027-01-31T21:50:00-06:00", "2026-12-31T23:30:00-06:00"]) {
      const rows = at(instant);
      const base = at("2026-11-23T10:00:00-06:00");
      expect(rows.transactions.map((t) => t.amountCents)).toEqual(base.transactions.map((t) => t.amountCents));
      const today = Date.parse(`${instant.slice(0, 10)}T00:00:00Z`);
      const lastPosted = Math.max(...rows.transactions.map((t) => (t.datePosted as Date).getTime()));
      expect(lastPosted).toBeLessThan(today - day);
      expect(lastPosted).toBeGreaterThanOrEqual(today - 3 * day);
      const lastClose = Math.max(...rows.statements.map((s) => (s.closeDate as Date).getTime()));
      const baseClose = Math.max(...base.statements.map((s) => (s.closeDate as Date).getTime()));
      expect(today - lastClose).toBe(Date.parse("2026-11-23T00:00:00Z") - baseClose);
    }
  });

  test("rows read back as generated (dates, times, enums, arrays)", async () => {
    const rows = buildRows("hash");
    const t = rows.transactions[0]!;
    expect(await prisma.transaction.findUniqueOrThrow({ where: { id: t.id! } })).toMatchObject({
      datePosted: t.datePosted as Date,
      amountCents: t.amountCents,
      kind: t.kind,
      description: t.description,
    });
    const w = rows.workOrders.find((x) => !x.isOpen)!;
    expect(await prisma.workOrder.findUniqueOrThrow({ where: { id: w.id! } })).toMatchObject({
      scheduledDate: w.scheduledDate as Date,
      postedAt: w.postedAt as Date,
      number: w.number,
    });
    const st = rows.statements[0]!;
    expect((await prisma.statement.findUniqueOrThrow({ where: { id: st.id! } })).closeDate).toEqual(
      st.closeDate as Date,
    );
    const c = rows.customers[2]!;
    expect(await prisma.customer.findUniqueOrThrow({ where: { id: c.id! } })).toMatchObject({
      name: c.name,
      createdAt: c.createdAt as Date,
      status: c.status!,
    });
  });

  test("a second run is a no-op", async () => {
    const before = await Promise.all([prisma.customer.count(), prisma.transaction.count(), prisma.user.count()]);
    await seedDemo(prisma);
    const after = await Promise.all([prisma.customer.count(), prisma.transaction.count(), prisma.user.count()]);
    expect(after).toEqual(before);
    expect(await prisma.tenant.count()).toBe(1);
    expect(await prisma.branch.count()).toBe(3);
  });

  test("three branches of one tenant, with their enabled state and features", async () => {
    const [demo, north, closed] = await Promise.all([branch("demo"), branch("north"), branch("closed")]);
    expect(new Set([demo.tenantId, north.tenantId, closed.tenantId]).size).toBe(1);
    expect((await prisma.tenant.findUniqueOrThrow({ where: { id: demo.tenantId } })).name).toBe("Demo Water Holdings");

    expect(demo).toMatchObject({
      company: "Demo Water Co.",
      branchNumber: 1,
      inactive: false,
      timeZone: "America/Chicago",
      brandWebsiteUrl: "https://demo-water.example",
      acceptedPaymentTypes: "BOTH",
      salesTaxRateBasisPoints: 825,
      allowAnonymousSignUp: false,
      collectJsApiKey: "sandbox-collect-key",
    });
    expect([...demo.features].sort()).toEqual([
      "E_COMMERCE",
      "ONLINE_LEADS",
      "TWO_WAY_TEXTING",
      "V2_WEB_PORTAL",
      "WEB_PORTAL_DELIVERIES",
    ]);
    expect([...demo.allowedCardTypes].sort()).toEqual(["AMEX", "DISCOVER", "MASTERCARD", "VISA"]);
    expect(demo.phone).not.toBe("");
    expect(demo.websiteHeaderHtml).not.toBe("");
    expect(demo.websiteFooterHtml).toContain(demo.phone);

    expect(north).toMatchObject({ company: "North Springs Water", branchNumber: 2, inactive: false });
    expect([...north.features].sort()).toEqual(["V2_WEB_PORTAL", "WEB_PORTAL_DELIVERIES"]);
    expect(closed).toMatchObject({ company: "Closed Creek Water", branchNumber: 3, inactive: true });

    const watertight = await prisma.branchWatertightFeature.findMany({ where: { branchId: demo.id } });
    const open = watertight.filter((f) => f.endTime === null).map((f) => f.featureId);
    expect(open.sort()).toEqual([
      "CALL_TOOLS",
      "ECOMMERCE",
      "LEADS",
      "PAYMENT_PROCESSING",
      "WEB_PORTAL",
      "WEB_PORTAL_DELIVERIES",
    ]);
    const mobile = watertight.find((f) => f.featureId === "MOBILE");
    expect(mobile?.endTime?.getTime()).toBeLessThan(clock.nowMs());
    expect(await prisma.branchNotice.count({ where: { branchId: demo.id } })).toBeGreaterThan(0);
  });

  test("the demo users sign in with the demo password", async () => {
    const demo = await branch("demo");
    expect(demoCredentials.password).toBe(DEMO_PASSWORD);
    expect(demoCredentials.users.map((u) => u.email)).toEqual([
      "customer@demo.test",
      "employee@demo.test",
      "admin@demo.test",
      "noaccess@demo.test",
      "manager@demo.test",
    ]);
    // noaccess@demo.test is an employee without a single grant, direct or through a group
    const noaccess = await prisma.user.findUniqueOrThrow({
      where: { branchId_email: { branchId: demo.id, email: "noaccess@demo.test" } },
    });
    expect(noaccess.personId).not.toBeNull();
    expect(await prisma.permissionGrant.count({ where: { actorId: noaccess.personId! } })).toBe(0);
    expect(await prisma.securityGroupMember.count({ where: { personId: noaccess.personId! } })).toBe(0);
    for (const { email } of demoCredentials.users) {
      const user = await prisma.user.findUniqueOrThrow({ where: { branchId_email: { branchId: demo.id, email } } });
      expect(await Bun.password.verify("demo-pass-1", user.passwordHash)).toBe(true);
      expect(await Bun.password.verify("wrong-pass", user.passwordHash)).toBe(false);
    }
    const users = await prisma.user.findMany({ where: { branchId: demo.id } });
    const byEmail = new Map(users.map((u) => [u.email, u]));
    expect(byEmail.get("customer@demo.test")).toMatchObject({
      firstName: "Jane",
      lastName: "Customer",
      verifiedEmail: true,
      isSuperAdmin: false,
      personId: null,
    });
    expect(byEmail.get("admin@demo.test")).toMatchObject({
      firstName: "Ada",
      lastName: "Admin",
      isSuperAdmin: true,
      personId: null,
    });

    const eric = byEmail.get("employee@demo.test")!;
    expect(eric).toMatchObject({ firstName: "Eric", lastName: "Employee", isSuperAdmin: false });
    expect(eric.personId).not.toBeNull();
    const person = await prisma.person.findUniqueOrThrow({ where: { id: eric.personId! } });
    expect(person.branchId).toBe(demo.id);
    const grants = await prisma.permissionGrant.findMany({
      where: { branchId: demo.id, actorType: "PERSON", actorId: person.id },
    });
    expect(grants.map((g) => g.permission)).toContain("ADMINISTRATIVE_SETUP");
  });

  test("employees, drivers and the Drivers security group", async () => {
    const demo = await branch("demo");
    const people = await prisma.person.findMany({ where: { branchId: demo.id } });
    expect(people.length).toBeGreaterThanOrEqual(8);
    expect(people.every((p) => p.jobTitle !== "")).toBe(true);
    const group = await prisma.securityGroup.findUniqueOrThrow({
      where: { branchId_name: { branchId: demo.id, name: "Drivers" } },
      include: { members: true },
    });
    expect(group.members.length).toBeGreaterThan(0);
    const grant = await prisma.permissionGrant.findFirst({
      where: { branchId: demo.id, actorType: "SECURITY_GROUP", actorId: group.id, permission: "ROUTE_MANAGEMENT" },
    });
    expect(grant).not.toBeNull();
    const routes = await prisma.route.findMany({ where: { branchId: demo.id } });
    expect(routes.length).toBe(8);
    const personIds = new Set(people.map((p) => p.id));
    expect(routes.every((r) => r.driverPersonId && personIds.has(r.driverPersonId))).toBe(true);
  });

  test("customer 100001 belongs to customer@demo.test, with code 1234 and a default card", async () => {
    const demo = await branch("demo");
    const c = await customer("demo", "100001");
    expect(c).toMatchObject({
      securityCode: "1234",
      status: "ACTIVE",
      purchaseOrderRequired: false,
      isInvoiceAccount: false,
    });
    expect(c.billingLocationId).not.toBeNull();
    const jane = await prisma.user.findUniqueOrThrow({
      where: { branchId_email: { branchId: demo.id, email: "customer@demo.test" } },
    });
    const contacts = await prisma.contact.findMany({ where: { customerId: c.id }, include: { phones: true } });
    const linked = contacts.find((x) => x.userId === jane.id);
    expect(linked).toMatchObject({ role: "ADMINISTRATOR", firstName: "Jane", lastName: "Customer" });
    expect(linked!.phones.length).toBeGreaterThan(0);

    const cards = await prisma.paymentAccount.findMany({ where: { customerId: c.id } });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      kind: "CARD",
      cardType: "VISA",
      maskedAccountNumber: "************1111",
      expiration: "1229",
      isDefault: true,
      externalId: "sandbox-vault-demo-100001",
      nameOnAccount: "Jane Customer",
    });

    // Statement customer with a positive balance: the sum of its transactions.
    const sum = await prisma.transaction.aggregate({ where: { customerId: c.id }, _sum: { amountCents: true } });
    const balance = sum._sum.amountCents ?? 0;
    expect(balance).toBeGreaterThanOrEqual(4000);
    expect(balance).toBeLessThanOrEqual(9000);
    const statements = await prisma.statement.findMany({
      where: { customerId: c.id },
      orderBy: { closeDate: "asc" },
      include: { transactions: true },
    });
    expect(statements.length).toBe(6);
    let opening = 0;
    for (const s of statements) {
      expect(s.openingBalanceCents).toBe(opening);
      expect(s.balanceCents).toBe(opening + s.transactions.reduce((t, x) => t + x.amountCents, 0));
      opening = s.balanceCents;
    }
    expect(await prisma.invoice.count({ where: { customerId: c.id } })).toBe(0);
    const payment = await prisma.transaction.findFirst({ where: { customerId: c.id, kind: "PAYMENT" } });
    expect(payment?.description).toBe("Payment - Visa ****1111");
    expect(payment?.amountCents).toBeLessThan(0);
  });

  test("customer 100002 has code 2345 and no portal user", async () => {
    const c = await customer("demo", "100002");
    expect(c.securityCode).toBe("2345");
    const contacts = await prisma.contact.findMany({ where: { customerId: c.id } });
    expect(contacts.length).toBeGreaterThan(0);
    expect(contacts.every((x) => x.userId === null)).toBe(true);
  });

  test("100001's route has calendar dates ahead, and its services deliver next on one of them", async () => {
    const c = await customer("demo", "100001");
    const addresses = await prisma.serviceAddress.findMany({
      where: { customerId: c.id },
      include: { services: { include: { route: true } }, items: true },
    });
    expect(addresses).toHaveLength(1);
    const address = addresses[0]!;
    expect(address).toMatchObject({
      geocodeConfidence: "HIGH",
      isOnCreditHold: false,
      inactive: false,
      postalCode: "78701",
    });
    expect(address.latitude).toBeCloseTo(30.27, 1);
    expect(address.longitude).toBeCloseTo(-97.74, 1);
    expect(address.items.length).toBeGreaterThan(0);
    expect(address.services.length).toBeGreaterThan(0);

    const today = todayInChicago();
    for (const service of address.services) {
      const dates = await prisma.routeCalendarDate.findMany({
        where: { routeId: service.routeId },
        orderBy: { date: "asc" },
      });
      const future = dates.map((d) => isoDate(d.date)).filter((d) => d >= today);
      expect(future.length).toBeGreaterThanOrEqual(15);
      expect(dates.some((d) => isoDate(d.date) < today)).toBe(true);
      expect(isoDate(service.nextDeliveryDate!)).toBe(future[0]!);
    }

    // One open work order on the first run of the route that can still be changed online (orders
    // close at 3 PM the day before), and posted ones before.
    const open = await prisma.workOrder.findMany({
      where: { customerId: c.id, isOpen: true },
      include: { billingItems: true },
    });
    expect(open).toHaveLength(1);
    const runs = await prisma.routeCalendarDate.findMany({
      where: { routeId: address.services[0]!.routeId },
      orderBy: { date: "asc" },
    });
    const changeable = earliestOrderDate(clock.now(), "America/Chicago");
    expect(isoDate(open[0]!.scheduledDate)).toBe(runs.map((r) => isoDate(r.date)).find((d) => d >= changeable)!);
    expect(open[0]!.billingItems.length).toBeGreaterThan(0);
    const posted = await prisma.workOrder.findMany({ where: { customerId: c.id, isOpen: false } });
    expect(posted.length).toBeGreaterThan(3);
    expect(posted.every((w) => w.postedAt !== null && isoDate(w.scheduledDate) < today)).toBe(true);
  });

  test("about 300 demo customers with addresses, contacts, services and billing", async () => {
    const demo = await branch("demo");
    const customers = await prisma.customer.findMany({
      where: { branchId: demo.id },
      orderBy: { accountNumber: "asc" },
    });
    expect(customers.length).toBeGreaterThanOrEqual(280);
    expect(customers.length).toBeLessThanOrEqual(320);
    expect(customers[0]!.accountNumber).toBe("100001");
    expect(customers.every((c, i) => c.accountNumber === String(100001 + i))).toBe(true);
    expect(customers.every((c) => /^\d{4}$/.test(c.securityCode))).toBe(true);
    const statuses = new Set(customers.map((c) => c.status));
    expect(statuses.has("ACTIVE") && statuses.has("INACTIVE") && statuses.has("PROSPECT")).toBe(true);
    expect(customers.filter((c) => c.status === "ACTIVE").length).toBeGreaterThan(250);
    expect(customers.some((c) => c.isInvoiceAccount)).toBe(true);
    expect(customers.some((c) => c.purchaseOrderRequired)).toBe(true);
    expect(customers.every((c) => c.billingLocationId !== null)).toBe(true);

    const addresses = await prisma.serviceAddress.findMany({ where: { branchId: demo.id } });
    expect(addresses.every((a) => a.geocodeConfidence === "HIGH" && a.latitude !== null)).toBe(true);
    // Austin area
    expect(
      addresses.every((a) => a.latitude! > 30.1 && a.latitude! < 30.5 && a.longitude! > -97.9 && a.longitude! < -97.6),
    ).toBe(true);
    const onHold = addresses.filter((a) => a.isOnCreditHold).length;
    expect(onHold).toBeGreaterThanOrEqual(1);
    expect(onHold).toBeLessThanOrEqual(4);

    const services = await prisma.service.findMany({ where: { branchId: demo.id } });
    expect(new Set(services.map((s) => s.routeFrequencyInterval))).toEqual(new Set([1, 2, 4]));
    expect(await prisma.contactPhone.count({ where: { branchId: demo.id } })).toBeGreaterThan(customers.length);

    const catalog = await prisma.catalogItem.findMany({ where: { branchId: demo.id } });
    expect(catalog.find((i) => i.partNumber === "5G-SPRING")).toMatchObject({
      description: "5 Gallon Spring Water",
      retailPriceCents: 1895,
    });

    // Work orders: numbered from 5001 without gaps, one open.
    const numbers = (await prisma.workOrder.findMany({ where: { branchId: demo.id }, select: { number: true } }))
      .map((w) => w.number)
      .sort((a, b) => a - b);
    expect(numbers[0]).toBe(5001);
    expect(numbers[numbers.length - 1]).toBe(5000 + numbers.length);
    expect(await prisma.workOrder.count({ where: { branchId: demo.id, isOpen: true } })).toBe(1);

    // Invoices: some paid, some open, a couple past due; balances match their transactions.
    const invoices = await prisma.invoice.findMany({ where: { branchId: demo.id }, include: { transactions: true } });
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices.every((i) => /^INV-\d{5}$/.test(i.displayId) && i.term === "Net 30")).toBe(true);
    expect(invoices.every((i) => i.balanceCents === i.transactions.reduce((s, t) => s + t.amountCents, 0))).toBe(true);
    expect(invoices.some((i) => i.balanceCents === 0)).toBe(true);
    expect(invoices.some((i) => i.balanceCents > 0)).toBe(true);
    expect(
      invoices.some((i) => i.balanceCents > 0 && i.dueDate.getTime() < REFERENCE_DATE.getTime() + historyShiftMs()),
    ).toBe(true);
  });

  test("north has its own customers, users and routes; closed has a few customers", async () => {
    const [demo, north, closed] = await Promise.all([branch("demo"), branch("north"), branch("closed")]);
    const northCustomers = await prisma.customer.findMany({
      where: { branchId: north.id },
      orderBy: { accountNumber: "asc" },
    });
    expect(northCustomers.length).toBeGreaterThanOrEqual(50);
    expect(northCustomers.length).toBeLessThanOrEqual(70);
    expect(northCustomers[0]!.accountNumber).toBe("200001");
    const northIds = new Set(northCustomers.map((c) => c.id));
    const demoCustomers = await prisma.customer.findMany({ where: { branchId: demo.id }, select: { id: true } });
    expect(demoCustomers.some((c) => northIds.has(c.id))).toBe(false);
    // Minneapolis
    const northAddresses = await prisma.serviceAddress.findMany({ where: { branchId: north.id } });
    expect(northAddresses.every((a) => a.latitude! > 44.8 && a.latitude! < 45.1)).toBe(true);
    // Services of north run on north's routes only.
    const northRoutes = new Set((await prisma.route.findMany({ where: { branchId: north.id } })).map((r) => r.id));
    expect(northRoutes.size).toBeGreaterThan(0);
    const northServices = await prisma.service.findMany({ where: { branchId: north.id } });
    expect(northServices.every((s) => northRoutes.has(s.routeId))).toBe(true);

    const employee = await prisma.user.findUniqueOrThrow({
      where: { branchId_email: { branchId: north.id, email: "employee@north.test" } },
    });
    expect(await Bun.password.verify("demo-pass-1", employee.passwordHash)).toBe(true);
    expect(
      await prisma.permissionGrant.count({
        where: {
          branchId: north.id,
          actorType: "PERSON",
          actorId: employee.personId!,
          permission: "ADMINISTRATIVE_SETUP",
        },
      }),
    ).toBe(1);
    const nick = await prisma.user.findUniqueOrThrow({
      where: { branchId_email: { branchId: north.id, email: "customer@north.test" } },
    });
    const link = await prisma.contact.findFirstOrThrow({ where: { userId: nick.id } });
    expect(link.customerId).toBe(northCustomers[0]!.id);
    // The demo users do not exist in north.
    expect(await prisma.user.count({ where: { branchId: north.id, email: "customer@demo.test" } })).toBe(0);

    const closedCustomers = await prisma.customer.count({ where: { branchId: closed.id } });
    expect(closedCustomers).toBeGreaterThan(0);
    expect(closedCustomers).toBeLessThan(10);
  });

  test("every row belongs to a branch of the seed and every foreign key resolves", async () => {
    // The seed skips foreign-key checks on a superuser session for speed: check them all here.
    const fks = await pglite.query<{ child: string; cols: string[]; parent: string; pcols: string[] }>(`
      SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
        ARRAY(SELECT a.attname::text FROM unnest(c.conkey) k JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k) AS cols,
        ARRAY(SELECT a.attname::text FROM unnest(c.confkey) k JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k) AS pcols
      FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`);
    expect(fks.rows.length).toBeGreaterThan(10);
    for (const fk of fks.rows) {
      const q = (s: string) => `"${s}"`;
      const childCols = fk.cols.map((c) => `ch.${q(c)}`);
      const on = fk.cols.map((c, i) => `ch.${q(c)} = p.${q(fk.pcols[i]!)}`).join(" AND ");
      const notNull = childCols.map((c) => `${c} IS NOT NULL`).join(" AND ");
      const { rows } = await pglite.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${fk.child} ch LEFT JOIN ${fk.parent} p ON ${on} WHERE ${notNull} AND p.${q(fk.pcols[0]!)} IS NULL`,
      );
      expect({ fk: `${fk.child}(${fk.cols}) -> ${fk.parent}`, orphans: rows[0]!.n }).toEqual({
        fk: `${fk.child}(${fk.cols}) -> ${fk.parent}`,
        orphans: 0,
      });
    }
    // Foreign keys the schema does not declare.
    const loose: [string, string][] = [
      [
        `SELECT count(*)::int AS n FROM "Route" r WHERE r."driverPersonId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "Person" p WHERE p.id = r."driverPersonId" AND p."branchId" = r."branchId")`,
        "route driver",
      ],
      [
        `SELECT count(*)::int AS n FROM "ServiceAddressItem" i WHERE NOT EXISTS (SELECT 1 FROM "CatalogItem" c WHERE c.id = i."catalogItemId" AND c."branchId" = i."branchId")`,
        "address item",
      ],
      [
        `SELECT count(*)::int AS n FROM "BillingItem" i WHERE i."catalogItemId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "CatalogItem" c WHERE c.id = i."catalogItemId" AND c."branchId" = i."branchId")`,
        "billing item",
      ],
      [
        `SELECT count(*)::int AS n FROM "Service" s WHERE NOT EXISTS (SELECT 1 FROM "Route" r WHERE r.id = s."routeId" AND r."branchId" = s."branchId")`,
        "service route",
      ],
      [
        `SELECT count(*)::int AS n FROM "PermissionGrant" g WHERE NOT EXISTS (SELECT 1 FROM "Person" p WHERE p.id = g."actorId" AND p."branchId" = g."branchId") AND NOT EXISTS (SELECT 1 FROM "SecurityGroup" s WHERE s.id = g."actorId" AND s."branchId" = g."branchId")`,
        "grant actor",
      ],
      [
        `SELECT count(*)::int AS n FROM "Transaction" t JOIN "Customer" c ON c.id = t."customerId" WHERE c."branchId" <> t."branchId"`,
        "transaction branch",
      ],
      [
        `SELECT count(*)::int AS n FROM "WorkOrder" w JOIN "ServiceAddress" a ON a.id = w."serviceAddressId" WHERE a."customerId" <> w."customerId" OR a."branchId" <> w."branchId"`,
        "work order address",
      ],
      [
        `SELECT count(*)::int AS n FROM "Invoice" i WHERE i."workOrderId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "WorkOrder" w WHERE w.id = i."workOrderId" AND w."customerId" = i."customerId")`,
        "invoice work order",
      ],
    ];
    for (const [sql, name] of loose) {
      const { rows } = await pglite.query<{ n: number }>(sql);
      expect({ name, n: rows[0]!.n }).toEqual({ name, n: 0 });
    }
  });
});
