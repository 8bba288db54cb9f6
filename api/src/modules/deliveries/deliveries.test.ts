import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { clock } from "../../clock.ts";
import { messages } from "./deliveries.service.ts";
import { addDays, dateFromIso, earliestOrderDate, localNow, offeredDates } from "./delivery-dates.ts";
import { lineTaxCents, unitPriceFor } from "./pricing.ts";

// Deliveries through GraphQL: the route calendar, scheduling, changing and cancelling work orders, the
// money, and who may do it. Dates are relative to "earliest", the first date an order may be placed for
// in the branch's time zone (tomorrow, or the day after past the 3 PM cutoff).

let server: TestServer;
let f: ReturnType<typeof factories>;
const TZ = "America/Chicago";
let earliest = "";

type Branch = Awaited<ReturnType<ReturnType<typeof factories>["branch"]>>;
let demo: Branch;
let other: Branch;

type Setup = Awaited<ReturnType<typeof arrange>>;
let jane: Setup;
let bob: Setup; // same branch, another customer (not linked to jane's user)
let po: Setup; // purchase order required
let hold: Setup; // address on credit hold
let foreign: Setup; // another branch

const CUSTOMER = `query Customer($id: ID!, $addressId: ID) {
  customer(customerId: $id) {
    accountNumber purchaseOrderRequired serviceAddressIds
    purchaseOrders { id number description }
    serviceAddresses(serviceAddressId: $addressId) {
      serviceAddressId customerId streetNumber streetName city state postalCode latitude longitude isOnCreditHold inactive
      services { serviceId productCodeId productName routeNumber routeName routeFrequencyInterval nextDeliveryDate
        routeDriver { id name doNotUseNumberedRoutes routeCalendarId } }
      billingItems { catalogItemId name unitPrice regularPrice onSale defaultQuantity taxable taxRateBasisPoints canHaveQuantity }
      workOrders { id number name isOpen canEdit syncing purchaseOrderId purchaseOrderNumber isPortalOrder subtotal tax total
        workTime { scheduled scheduledTime } disposition { validationError }
        billingItems { id catalogItemId name quantity unitPrice amount tax canEdit canHaveQuantity prepayQuantity parentId
          description { text style } } }
    }
  }
}`;

const DATES = `query Dates($c: ID!, $a: ID!) { routeCalendarDates(customerId: $c, serviceAddressId: $a) {
  serviceId date routeNumber routeName isRegular workOrderId } }`;

const UPDATE = `mutation Update($wo: WorkOrderInput!, $po: String) { updateWorkOrder(workOrder: $wo, purchaseOrder: $po) {
  isSuccess message workOrderId
  workOrder { id number name isOpen canEdit purchaseOrderId purchaseOrderNumber subtotal tax total workTime { scheduled }
    billingItems { catalogItemId name quantity unitPrice amount tax canEdit } } } }`;

const CANCEL = `mutation Cancel($id: String!) { cancelWorkOrder(workOrderId: $id) { isSuccess message } }`;

type Row = Record<string, unknown>;

async function arrange(
  branch: Branch,
  account: string,
  opts: { poRequired?: boolean; creditHold?: boolean; linkUser?: boolean } = {},
) {
  const p = server.prisma;
  const user = await f.user(branch.id);
  const customer = await f.customer(branch.id, account, { userId: opts.linkUser === false ? undefined : user.id });
  if (opts.poRequired) await p.customer.update({ where: { id: customer.id }, data: { purchaseOrderRequired: true } });
  const suffix = `${account}-${Math.random().toString(36).slice(2, 7)}`;
  const catalog = async (part: string, description: string, retail: number, extra: Row = {}) =>
    p.catalogItem.create({
      data: {
        branchId: branch.id,
        partNumber: `${part}-${suffix}`,
        description,
        retailPriceCents: retail,
        ...extra,
      },
    });
  const water = await catalog("5G", "5 Gallon Spring Water", 1895, { taxable: false });
  const cups = await catalog("CUPS", "Cup Sleeve", 395, { taxable: true });
  const filter = await catalog("FLT", "Sediment Filter", 1295, { taxable: true, salePriceCents: 1195 });
  const rental = await catalog("RENT", "Dispenser Rental", 999, { taxable: true, canHaveQuantity: false });
  const notOffered = await catalog("COFFEE", "Coffee", 2495, { taxable: false });
  const route = await p.route.create({
    data: { branchId: branch.id, routeNumber: `R${suffix}`, name: `Route ${account}` },
  });
  // the route runs every 7 days on earliest+2 (and did so in the past)
  const runs = Array.from({ length: 17 }, (_, k) => addDays(earliest, 2 + 7 * (k - 4)));
  await p.routeCalendarDate.createMany({
    data: runs.map((d) => ({ branchId: branch.id, routeId: route.id, date: dateFromIso(d) })),
  });
  const address = await p.serviceAddress.create({
    data: {
      branchId: branch.id,
      customerId: customer.id,
      referenceNumber: `${account}-1`,
      streetNumber: "1100",
      streetName: "Congress Ave",
      city: "Austin",
      state: "TX",
      postalCode: "78701",
      latitude: 30.274,
      longitude: -97.7404,
      isOnCreditHold: opts.creditHold ?? false,
    },
  });
  await p.serviceAddressItem.createMany({
    data: [
      {
        branchId: branch.id,
        serviceAddressId: address.id,
        catalogItemId: water.id,
        defaultQuantity: 3,
        unitPriceCents: 1795,
      },
      { branchId: branch.id, serviceAddressId: address.id, catalogItemId: cups.id, defaultQuantity: 1 },
      { branchId: branch.id, serviceAddressId: address.id, catalogItemId: filter.id, defaultQuantity: 1 },
      { branchId: branch.id, serviceAddressId: address.id, catalogItemId: rental.id, defaultQuantity: 1 },
    ],
  });
  const service = await p.service.create({
    data: {
      branchId: branch.id,
      serviceAddressId: address.id,
      productCodeId: water.id,
      routeId: route.id,
      routeFrequencyInterval: 2,
      nextDeliveryDate: dateFromIso(addDays(earliest, 2)),
    },
  });
  const client = new Client(server.url, branch.host);
  if (opts.linkUser !== false) expect((await client.login(user.email, user.password)).isSuccess).toBe(true);
  return { branch, user, customer, address, route, service, water, cups, filter, rental, notOffered, client };
}

async function workOrder(s: Setup, data: Row = {}) {
  const max = await server.prisma.workOrder.aggregate({ where: { branchId: s.branch.id }, _max: { number: true } });
  return server.prisma.workOrder.create({
    data: {
      branchId: s.branch.id,
      number: (max._max.number ?? 7000) + 1,
      customerId: s.customer.id,
      serviceAddressId: s.address.id,
      scheduledDate: dateFromIso(addDays(earliest, 16)),
      name: "Office order",
      ...data,
    },
  });
}

function order(s: Setup, scheduled: string, items: [string, number][], id?: string) {
  return {
    ...(id ? { id } : {}),
    customerId: s.customer.id,
    serviceAddressId: s.address.id,
    scheduled,
    billingItems: items.map(([catalogItemId, quantity]) => ({ catalogItemId, quantity })),
  };
}

async function update(s: Setup, wo: Row, po?: string | null, client = s.client) {
  return client.gql<{ updateWorkOrder: Row & { workOrder: Row & { billingItems: Row[] } } }>(UPDATE, {
    wo,
    po: po ?? null,
  });
}

const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;
const message = (r: { errors?: { message: string }[] }) => r.errors?.[0]?.message;
/** The message of a refused update or cancel ({ isSuccess: false, message }); undefined otherwise. */
const refused = (r: { data?: unknown; errors?: unknown[] }) => {
  expect(r.errors).toBeUndefined();
  const d = r.data as Record<string, { isSuccess: boolean; message: string } | undefined> | null | undefined;
  const result = d?.updateWorkOrder ?? d?.cancelWorkOrder;
  return result && !result.isSuccess ? result.message : undefined;
};

beforeAll(async () => {
  server = await createTestServer();
  f = factories(server.prisma);
  earliest = earliestOrderDate(clock.now(), TZ);
  demo = await f.branch({ features: ["V2_WEB_PORTAL", "WEB_PORTAL_DELIVERIES"] });
  await server.prisma.branch.update({
    where: { id: demo.id },
    data: { salesTaxRateBasisPoints: 825, timeZone: TZ, phone: "(512) 555-0100" },
  });
  other = await f.branch({ features: ["V2_WEB_PORTAL", "WEB_PORTAL_DELIVERIES"] });
  jane = await arrange(demo, "100001");
  bob = await arrange(demo, "100002");
  po = await arrange(demo, "100003", { poRequired: true });
  hold = await arrange(demo, "100004", { creditHold: true });
  foreign = await arrange(other, "200001");
  // a work order numbered far ahead in another branch must not affect this branch's numbering
  await server.prisma.workOrder.create({
    data: {
      branchId: other.id,
      number: 90_000,
      customerId: foreign.customer.id,
      serviceAddressId: foreign.address.id,
      scheduledDate: dateFromIso(earliest),
    },
  });
}, 120_000);
afterAll(() => server.close(), 30_000);

describe("dates and prices (units)", () => {
  test("the earliest order date is tomorrow, or the day after from 3 PM in the branch's time zone", () => {
    // 14:59 and 15:00 in Chicago (CST, UTC-6) on 2 December 2026
    expect(earliestOrderDate(new Date("2026-12-02T20:59:00Z"), TZ)).toBe("2026-12-03");
    expect(earliestOrderDate(new Date("2026-12-02T21:00:00Z"), TZ)).toBe("2026-12-04");
    // 23:30 UTC on the 2nd is still the 2nd in Chicago; 06:30 UTC on the 3rd is the 3rd's small hours
    expect(localNow(new Date("2026-12-03T05:30:00Z"), TZ)).toEqual({ date: "2026-12-02", hour: 23 });
    expect(earliestOrderDate(new Date("2026-12-03T07:30:00Z"), TZ)).toBe("2026-12-04");
  });

  test("offered dates: route days from the earliest date, one cycle ahead, regular ones marked", () => {
    const calendar = ["2026-11-30", "2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28", "2027-01-04"].map(
      (date) => ({ routeId: "r1", date }),
    );
    const services = [
      {
        serviceId: "s1",
        routeId: "r1",
        routeNumber: "101",
        routeName: "Mon",
        interval: 2,
        nextDeliveryDate: "2026-12-07",
      },
    ];
    const dates = offeredDates({
      services,
      calendar,
      earliest: "2026-12-03",
      openOrders: [{ id: "w1", date: "2026-12-21" }],
    });
    expect(dates.map((d) => [d.date, d.isRegular, d.workOrderId])).toEqual([
      ["2026-12-07", true, null],
      ["2026-12-14", false, null],
      ["2026-12-21", true, "w1"],
      ["2026-12-28", false, null],
    ]);
    // a four-weekly service looks one full cycle past its next delivery
    const monthly = offeredDates({
      services: [{ ...services[0]!, interval: 4, nextDeliveryDate: "2026-12-07" }],
      calendar,
      earliest: "2026-12-03",
      openOrders: [],
    });
    expect(monthly.map((d) => d.date).at(-1)).toBe("2027-01-04");
    expect(monthly.filter((d) => d.isRegular).map((d) => d.date)).toEqual(["2026-12-07", "2027-01-04"]);
  });

  test("prices: the address's price, a sale price only when lower; tax rounded per line", () => {
    expect(unitPriceFor({ retailPriceCents: 1895, salePriceCents: null }, 1795)).toEqual({
      unitPriceCents: 1795,
      regularPriceCents: 1795,
      onSale: false,
    });
    expect(unitPriceFor({ retailPriceCents: 1295, salePriceCents: 1195 }, null).unitPriceCents).toBe(1195);
    expect(unitPriceFor({ retailPriceCents: 1295, salePriceCents: 1195 }, 999).unitPriceCents).toBe(999);
    expect(lineTaxCents(1185, true, 825)).toBe(98); // 97.76
    expect(lineTaxCents(1195, true, 825)).toBe(99); // 98.59
    expect(lineTaxCents(1185, false, 825)).toBe(0);
  });
});

describe("the customer's addresses", () => {
  test("service addresses with services, priced items, purchase orders", async () => {
    await server.prisma.purchaseOrder.create({
      data: { branchId: demo.id, customerId: jane.customer.id, number: "PO-7", description: "Office supplies" },
    });
    const r = await jane.client.gql<{ customer: Row & { serviceAddresses: Row[] } }>(CUSTOMER, {
      id: jane.customer.id,
    });
    expect(r.errors).toBeUndefined();
    const c = r.data!.customer;
    expect(c.serviceAddressIds).toEqual([jane.address.id]);
    expect(c.purchaseOrders).toEqual([{ id: expect.any(String), number: "PO-7", description: "Office supplies" }]);
    const a = c.serviceAddresses[0]!;
    expect(a).toMatchObject({
      serviceAddressId: jane.address.id,
      customerId: jane.customer.id,
      streetNumber: "1100",
      streetName: "Congress Ave",
      postalCode: "78701",
      latitude: 30.274,
      isOnCreditHold: false,
      inactive: false,
    });
    expect(a.services).toEqual([
      {
        serviceId: jane.service.id,
        productCodeId: jane.water.id,
        productName: "5 Gallon Spring Water",
        routeNumber: jane.route.routeNumber,
        routeName: "Route 100001",
        routeFrequencyInterval: 2,
        nextDeliveryDate: addDays(earliest, 2),
        routeDriver: {
          id: jane.route.id,
          name: "Route 100001",
          doNotUseNumberedRoutes: false,
          routeCalendarId: jane.route.id,
        },
      },
    ]);
    const items = a.billingItems as Row[];
    const byName = Object.fromEntries(items.map((i) => [i.name, i]));
    expect(byName["5 Gallon Spring Water"]).toMatchObject({
      unitPrice: 1795,
      onSale: false,
      defaultQuantity: 3,
      taxRateBasisPoints: 0,
    });
    expect(byName["Sediment Filter"]).toMatchObject({
      unitPrice: 1195,
      regularPrice: 1295,
      onSale: true,
      taxRateBasisPoints: 825,
    });
    expect(byName["Dispenser Rental"]).toMatchObject({ canHaveQuantity: false, unitPrice: 999 });
    expect(items.some((i) => i.name === "Coffee")).toBe(false);
  });

  test("another customer's or another branch's customer and address read as not found", async () => {
    for (const id of [bob.customer.id, foreign.customer.id]) {
      const r = await jane.client.gql(CUSTOMER, { id });
      expect(r.status).toBe(404);
      expect(code(r)).toBe("NOT_FOUND");
    }
    // jane's customer with bob's address id: no address comes back
    const r = await jane.client.gql<{ customer: { serviceAddresses: Row[] } }>(CUSTOMER, {
      id: jane.customer.id,
      addressId: bob.address.id,
    });
    expect(r.data?.customer.serviceAddresses).toEqual([]);
  });
});

describe("routeCalendarDates", () => {
  test("only the days the address's route runs, none in the past or before the next open slot", async () => {
    const r = await jane.client.gql<{ routeCalendarDates: Row[] }>(DATES, { c: jane.customer.id, a: jane.address.id });
    expect(r.errors).toBeUndefined();
    const dates = r.data!.routeCalendarDates;
    expect(dates.map((d) => d.date)).toEqual([2, 9, 16, 23].map((n) => addDays(earliest, n)));
    expect(dates.map((d) => d.isRegular)).toEqual([true, false, true, false]);
    expect(dates.every((d) => d.serviceId === jane.service.id && d.routeNumber === jane.route.routeNumber)).toBe(true);
    const today = localNow(clock.now(), TZ).date;
    expect(dates.every((d) => (d.date as string) > today)).toBe(true);
  });

  test("an inactive service offers nothing; a date with an open order names it", async () => {
    const s = await arrange(demo, "100010");
    const wo = await workOrder(s, { scheduledDate: dateFromIso(addDays(earliest, 9)) });
    const r = await s.client.gql<{ routeCalendarDates: Row[] }>(DATES, { c: s.customer.id, a: s.address.id });
    expect(r.data!.routeCalendarDates.find((d) => d.date === addDays(earliest, 9))?.workOrderId).toBe(wo.id);
    await server.prisma.service.update({ where: { id: s.service.id }, data: { inactive: true } });
    const none = await s.client.gql<{ routeCalendarDates: Row[] }>(DATES, { c: s.customer.id, a: s.address.id });
    expect(none.data!.routeCalendarDates).toEqual([]);
  });

  test("another customer's or branch's ids -> NOT_FOUND", async () => {
    for (const [c, a] of [
      [bob.customer.id, bob.address.id],
      [jane.customer.id, bob.address.id],
      [foreign.customer.id, foreign.address.id],
    ]) {
      const r = await jane.client.gql(DATES, { c, a });
      expect(code(r)).toBe("NOT_FOUND");
      expect(r.data?.routeCalendarDates ?? null).toBeNull();
    }
  });
});

describe("updateWorkOrder: scheduling", () => {
  test("a new delivery: numbered next in the branch, source PORTAL, lines priced, tax per line", async () => {
    const before = await server.prisma.workOrder.aggregate({ where: { branchId: demo.id }, _max: { number: true } });
    const date = addDays(earliest, 9);
    const r = await update(
      jane,
      order(jane, date, [
        [jane.water.id, 3],
        [jane.cups.id, 3],
        [jane.filter.id, 1],
        [jane.rental.id, 0],
      ]),
    );
    expect(r.errors).toBeUndefined();
    const res = r.data!.updateWorkOrder;
    expect(res.isSuccess).toBe(true);
    expect(res.message).toMatch(/^Your delivery on \w+day, \w+ \d+ is scheduled\.$/);
    const wo = res.workOrder;
    // water 3 x 17.95 (no tax); cups 3 x 3.95 = 11.85 -> tax 0.98; filter on sale 11.95 -> tax 0.99
    expect(wo).toMatchObject({
      number: (before._max.number ?? 0) + 1,
      isOpen: true,
      canEdit: true,
      subtotal: 5385 + 1185 + 1195,
      tax: 98 + 99,
      total: 5385 + 1185 + 1195 + 197,
      workTime: { scheduled: date },
      name: "Route 100001 delivery",
    });
    expect(wo.billingItems).toHaveLength(3);
    expect(wo.billingItems.find((b) => b.catalogItemId === jane.cups.id)).toMatchObject({
      quantity: 3,
      unitPrice: 395,
      amount: 1185,
      tax: 98,
      canEdit: true,
    });
    const row = await server.prisma.workOrder.findUniqueOrThrow({ where: { id: res.workOrderId as string } });
    expect(row).toMatchObject({
      branchId: demo.id,
      source: "PORTAL",
      status: "ACTIVE",
      createdByUserId: jane.user.id,
      customerId: jane.customer.id,
    });
    expect(await server.prisma.billingItem.count({ where: { workOrderId: row.id, branchId: demo.id } })).toBe(3);

    // the calendar now shows the order on its date, and the address lists it
    const dates = await jane.client.gql<{ routeCalendarDates: Row[] }>(DATES, {
      c: jane.customer.id,
      a: jane.address.id,
    });
    expect(dates.data!.routeCalendarDates.find((d) => d.date === date)?.workOrderId).toBe(row.id);
    const c = await jane.client.gql<{ customer: { serviceAddresses: { workOrders: Row[] }[] } }>(CUSTOMER, {
      id: jane.customer.id,
    });
    const listed = c.data!.customer.serviceAddresses[0]!.workOrders.find((w) => w.id === row.id)!;
    expect(listed).toMatchObject({ isPortalOrder: true, total: 7962, disposition: { validationError: null } });
    const filterLine = (listed.billingItems as Row[]).find((b) => b.catalogItemId === jane.filter.id)!;
    expect(filterLine.description).toEqual([
      { text: "1 × $11.95", style: "NORMAL" },
      { text: "Sale (was $12.95)", style: "IMPORTANT" },
      { text: "Plus sales tax", style: "SUBTLE" },
    ]);
  });

  test("a second delivery on the same date is refused; change that one instead", async () => {
    const date = addDays(earliest, 16);
    expect((await update(jane, order(jane, date, [[jane.water.id, 2]]))).errors).toBeUndefined();
    const again = await update(jane, order(jane, date, [[jane.water.id, 1]]));
    expect(refused(again)).toBe(messages.dateTaken);
  });

  test("dates: not a route day, in the past, today, beyond the cycle -> refused, nothing written", async () => {
    const count = await server.prisma.workOrder.count({ where: { branchId: demo.id } });
    const today = localNow(clock.now(), TZ).date;
    for (const d of [
      addDays(earliest, 3),
      addDays(earliest, -5),
      today,
      addDays(earliest, 30),
      addDays(earliest, 58),
    ]) {
      const r = await update(bob, order(bob, d, [[bob.water.id, 1]]));
      expect(refused(r)).toBe(messages.dateNotOffered);
    }
    expect(await server.prisma.workOrder.count({ where: { branchId: demo.id } })).toBe(count);
  });

  test("quantities: whole numbers 0-99, at least one above 0, rentals at most once, only the address's items", async () => {
    const d = addDays(earliest, 2);
    const cases: [[string, number][], string][] = [
      [[[bob.water.id, 100]], messages.quantity],
      [[[bob.water.id, -1]], messages.quantity],
      [
        [
          [bob.water.id, 0],
          [bob.cups.id, 0],
        ],
        messages.noItems,
      ],
      [[], messages.noItems],
      [[[bob.rental.id, 2]], messages.onceOnly("Dispenser Rental")],
      [[[bob.notOffered.id, 1]], messages.unknownItem],
      [[[jane.water.id, 1]], messages.unknownItem], // jane's catalog item is not on bob's address
      [
        [
          [bob.water.id, 1],
          [bob.water.id, 2],
        ],
        messages.duplicateItem,
      ],
    ];
    for (const [items, expected] of cases) {
      const r = await update(bob, order(bob, d, items));
      expect(refused(r)).toBe(expected);
    }
    const fraction = await bob.client.gql(UPDATE, {
      wo: { ...order(bob, d, []), billingItems: [{ catalogItemId: bob.water.id, quantity: 1.5 }] },
    });
    expect(fraction.errors?.length).toBeGreaterThan(0);
    expect(await server.prisma.workOrder.count({ where: { customerId: bob.customer.id } })).toBe(0);
  });

  test("purchase order: required when the account says so, enforced by the server", async () => {
    const d = addDays(earliest, 2);
    const missing = await update(po, order(po, d, [[po.water.id, 2]]), "   ");
    expect(refused(missing)).toBe(messages.poRequired);
    expect(await server.prisma.workOrder.count({ where: { customerId: po.customer.id } })).toBe(0);

    const ok = await update(po, order(po, d, [[po.water.id, 2]]), "PO-555");
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.updateWorkOrder.workOrder.purchaseOrderNumber).toBe("PO-555");
    // the same number again (any case) reuses the purchase order
    const again = await update(po, order(po, addDays(earliest, 9), [[po.water.id, 1]]), "po-555");
    expect(again.data!.updateWorkOrder.workOrder.purchaseOrderId).toBe(
      ok.data!.updateWorkOrder.workOrder.purchaseOrderId,
    );
    expect(await server.prisma.purchaseOrder.count({ where: { customerId: po.customer.id } })).toBe(1);
    const long = await update(po, order(po, addDays(earliest, 16), [[po.water.id, 1]]), "X".repeat(31));
    expect(refused(long)).toBe(messages.poTooLong);
  });

  test("credit hold: the address shows it and the server refuses to schedule", async () => {
    const c = await hold.client.gql<{ customer: { serviceAddresses: Row[] } }>(CUSTOMER, { id: hold.customer.id });
    expect(c.data!.customer.serviceAddresses[0]!.isOnCreditHold).toBe(true);
    const r = await update(hold, order(hold, addDays(earliest, 2), [[hold.water.id, 1]]));
    expect(refused(r)).toContain("credit hold");
    expect(refused(r)).toContain("(512) 555-0100");
    expect(await server.prisma.workOrder.count({ where: { customerId: hold.customer.id } })).toBe(0);
  });

  test("another customer's or branch's ids -> NOT_FOUND, nothing written", async () => {
    const d = addDays(earliest, 2);
    const count = await server.prisma.workOrder.count();
    const attempts = [
      order(bob, d, [[bob.water.id, 1]]), // bob's customer and address
      { ...order(jane, d, [[jane.water.id, 1]]), serviceAddressId: bob.address.id }, // jane's customer, bob's address
      order(foreign, d, [[foreign.water.id, 1]]), // another branch
    ];
    for (const wo of attempts) {
      const r = await update(jane, wo);
      expect(r.status).toBe(404);
      expect(code(r)).toBe("NOT_FOUND");
    }
    // editing bob's order through jane's own customer and address
    const bobs = await workOrder(bob);
    const r = await update(jane, order(jane, addDays(earliest, 23), [[jane.water.id, 1]], bobs.id));
    expect(code(r)).toBe("NOT_FOUND");
    expect(await server.prisma.workOrder.count()).toBe(count + 1);
  });
});

describe("updateWorkOrder: changing", () => {
  test("an open portal order: new date, quantities and PO; the office's fixed lines stay", async () => {
    const s = await arrange(demo, "100020");
    const created = await update(s, order(s, addDays(earliest, 2), [[s.water.id, 3]]));
    const id = created.data!.updateWorkOrder.workOrderId as string;
    const number = created.data!.updateWorkOrder.workOrder.number;
    await server.prisma.billingItem.create({
      data: {
        branchId: demo.id,
        workOrderId: id,
        name: "Fuel surcharge",
        quantity: 1,
        unitPriceCents: 299,
        amountCents: 299,
        canEdit: false,
      },
    });
    const r = await update(
      s,
      order(
        s,
        addDays(earliest, 9),
        [
          [s.water.id, 5],
          [s.rental.id, 1],
        ],
        id,
      ),
      "PO-1",
    );
    expect(r.errors).toBeUndefined();
    const wo = r.data!.updateWorkOrder.workOrder;
    expect(r.data!.updateWorkOrder.message).toMatch(/has been updated\.$/);
    expect(wo).toMatchObject({
      id,
      number,
      workTime: { scheduled: addDays(earliest, 9) },
      purchaseOrderNumber: "PO-1",
    });
    expect(wo.billingItems.map((b) => [b.name, b.quantity, b.amount, b.tax]).sort()).toEqual(
      [
        ["5 Gallon Spring Water", 5, 8975, 0],
        ["Dispenser Rental", 1, 999, 82], // 82.42
        ["Fuel surcharge", 1, 299, 0],
      ].sort(),
    );
    expect(wo.subtotal).toBe(8975 + 999 + 299);
    expect(wo.total).toBe(8975 + 999 + 299 + 82);
  });

  test("orders that can no longer be edited are refused: posted, closed, too soon", async () => {
    const s = await arrange(demo, "100021");
    const posted = await workOrder(s, { postedAt: clock.now(), scheduledDate: dateFromIso(addDays(earliest, 2)) });
    const closed = await workOrder(s, { isOpen: false, scheduledDate: dateFromIso(addDays(earliest, 9)) });
    const soon = await workOrder(s, { scheduledDate: dateFromIso(addDays(earliest, -1)) });
    for (const wo of [posted, closed, soon]) {
      const r = await update(s, order(s, addDays(earliest, 23), [[s.water.id, 1]], wo.id));
      expect(refused(r)).toBe(messages.notEditable);
    }
    const c = await s.client.gql<{ customer: { serviceAddresses: { workOrders: Row[] }[] } }>(CUSTOMER, {
      id: s.customer.id,
    });
    const listed = c.data!.customer.serviceAddresses[0]!.workOrders;
    expect(listed.map((w) => w.canEdit)).toEqual([false, false, false]);
  });
});

describe("cancelWorkOrder", () => {
  test("an open editable order is cancelled (CANCELLED, closed) and leaves the lists", async () => {
    const s = await arrange(demo, "100030");
    const created = await update(s, order(s, addDays(earliest, 2), [[s.water.id, 1]]));
    const id = created.data!.updateWorkOrder.workOrderId as string;
    const r = await s.client.gql<{ cancelWorkOrder: Row }>(CANCEL, { id });
    expect(r.data!.cancelWorkOrder).toMatchObject({ isSuccess: true });
    expect(r.data!.cancelWorkOrder.message).toMatch(/is cancelled\.$/);
    expect(await server.prisma.workOrder.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "CANCELLED",
      isOpen: false,
    });
    const c = await s.client.gql<{ customer: { serviceAddresses: { workOrders: Row[] }[] } }>(CUSTOMER, {
      id: s.customer.id,
    });
    expect(c.data!.customer.serviceAddresses[0]!.workOrders).toEqual([]);
    // the date is free again
    const dates = await s.client.gql<{ routeCalendarDates: Row[] }>(DATES, { c: s.customer.id, a: s.address.id });
    expect(dates.data!.routeCalendarDates[0]!.workOrderId).toBeNull();
    const again = await s.client.gql(CANCEL, { id });
    expect(code(again)).toBe("NOT_FOUND");
  });

  test("only open orders that can be edited", async () => {
    const s = await arrange(demo, "100031");
    const posted = await workOrder(s, {
      postedAt: clock.now(),
      isOpen: false,
      scheduledDate: dateFromIso(addDays(earliest, -7)),
    });
    const soon = await workOrder(s, { scheduledDate: dateFromIso(addDays(earliest, -1)) });
    // a prepaid shop order: changing it here would leave its payment behind
    const shop = await workOrder(s, { source: "SHOP", scheduledDate: dateFromIso(addDays(earliest, 3)) });
    for (const wo of [posted, soon, shop]) {
      const r = await s.client.gql(CANCEL, { id: wo.id });
      expect(refused(r)).toBe(messages.notEditable);
      expect((await server.prisma.workOrder.findUniqueOrThrow({ where: { id: wo.id } })).status).toBe("ACTIVE");
    }
  });

  test("a shop order's delivery carries the shop order's number and whether it was paid online", async () => {
    const s = await arrange(demo, "100032");
    const wo = await workOrder(s, { source: "SHOP", scheduledDate: dateFromIso(addDays(earliest, 5)) });
    await server.prisma.onlineOrder.create({
      data: {
        branchId: demo.id,
        number: "98765",
        customerId: s.customer.id,
        serviceAddressId: s.address.id,
        workOrderId: wo.id,
        clientCartId: "cart-98765",
        status: "SCHEDULED",
        subtotalCents: 100,
        taxCents: 0,
        shippingCents: 0,
        shippingTaxCents: 0,
        totalCents: 100,
        paymentAttemptId: "attempt-98765",
      },
    });
    const office = await workOrder(s, { scheduledDate: dateFromIso(addDays(earliest, 6)) });
    const r = await s.client.gql<{ customer: { serviceAddresses: { workOrders: Row[] }[] } }>(
      `query($id: ID!) { customer(customerId: $id) { serviceAddresses { workOrders { id shopOrder { number paidOnline } } } } }`,
      { id: s.customer.id },
    );
    expect(r.errors).toBeUndefined();
    const listed = r.data!.customer.serviceAddresses.flatMap((a) => a.workOrders);
    expect(listed.find((w) => w.id === wo.id)?.shopOrder).toEqual({ number: "98765", paidOnline: true });
    expect(listed.find((w) => w.id === office.id)?.shopOrder).toBeNull();
  });

  test("another customer's or branch's order -> NOT_FOUND, unchanged", async () => {
    const bobs = await workOrder(bob, { scheduledDate: dateFromIso(addDays(earliest, 23)) });
    const foreigns = await server.prisma.workOrder.create({
      data: {
        branchId: other.id,
        number: 1,
        customerId: foreign.customer.id,
        serviceAddressId: foreign.address.id,
        scheduledDate: dateFromIso(addDays(earliest, 9)),
      },
    });
    for (const wo of [bobs, foreigns]) {
      const r = await jane.client.gql(CANCEL, { id: wo.id });
      expect(r.status).toBe(404);
      expect(code(r)).toBe("NOT_FOUND");
      expect((await server.prisma.workOrder.findUniqueOrThrow({ where: { id: wo.id } })).status).toBe("ACTIVE");
    }
    expect(code(await jane.client.gql(CANCEL, { id: "not-an-id" }))).toBe("NOT_FOUND");
  });
});

describe("the branch feature and signing in", () => {
  test("without WEB_PORTAL_DELIVERIES every deliveries operation is FORBIDDEN", async () => {
    const off = await f.branch({ features: ["V2_WEB_PORTAL"] });
    const s = await arrange(off, "400001");
    const wo = await workOrder(s);
    const results = [
      await s.client.gql(DATES, { c: s.customer.id, a: s.address.id }),
      await update(s, order(s, addDays(earliest, 2), [[s.water.id, 1]])),
      await s.client.gql(CANCEL, { id: wo.id }),
      await s.client.gql(CUSTOMER, { id: s.customer.id }), // asks for workOrders
    ];
    for (const r of results) {
      expect(code(r)).toBe("FORBIDDEN");
      expect(message(r)).toBe(messages.featureOff);
    }
    expect((await server.prisma.workOrder.findUniqueOrThrow({ where: { id: wo.id } })).status).toBe("ACTIVE");
    // the shop's checkout may still read the calendar
    const shop = await f.branch({ features: ["V2_WEB_PORTAL", "E_COMMERCE"] });
    const t = await arrange(shop, "500001");
    const dates = await t.client.gql<{ routeCalendarDates: Row[] }>(DATES, { c: t.customer.id, a: t.address.id });
    expect(dates.data!.routeCalendarDates.length).toBe(4);
  });

  test("signed out -> 401", async () => {
    const anon = new Client(server.url, demo.host);
    const r = await anon.gql(DATES, { c: jane.customer.id, a: jane.address.id });
    expect(r.status).toBe(401);
    expect(code(await update(jane, order(jane, addDays(earliest, 2), [[jane.water.id, 1]]), null, anon))).toBe(
      "UNAUTHENTICATED",
    );
  });
});

describe("automations", () => {
  test("scheduling a delivery is a WORK_ORDER_CREATED event (changing one is not)", async () => {
    const automation = await server.prisma.automation.create({
      data: { branchId: demo.id, name: `On delivery ${crypto.randomUUID()}`, event: "WORK_ORDER_CREATED" },
    });
    const s = await arrange(demo, "100009");
    const r = await update(s, order(s, addDays(earliest, 2), [[s.water.id, 2]])); // a route day
    expect(r.data!.updateWorkOrder.message).toMatch(/is scheduled/);
    const woId = String(r.data!.updateWorkOrder.workOrder.id);
    const runs = () => server.prisma.automationRun.findMany({ where: { automationId: automation.id } });
    expect((await runs()).map((x) => [x.event, x.tableId, x.entityId])).toEqual([
      ["WORK_ORDER_CREATED", "WORK_ORDER", woId],
    ]);
    expect(
      (await update(s, order(s, addDays(earliest, 9), [[s.water.id, 1]], woId))).data!.updateWorkOrder.isSuccess,
    ).toBe(true);
    expect(await runs()).toHaveLength(1);
    await server.prisma.automation.update({ where: { id: automation.id }, data: { status: "OFF" } });
  });
});
