import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { apiKeyClient, type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { onEvent } from "../../events/bus.ts";
import { runDueAutomations } from "../automations/engine.ts";
import { addDays, dateFromIso, isoDate, localNow } from "./delivery-dates.ts";
import { runRouteEventSweep } from "./route-event-sweep.ts";

// Route events through GraphQL: posting a work order and skipping a stop (employees with ROUTE_MANAGEMENT
// or DISPATCH, and API keys holding one), moving a next delivery, and the daily sweep of expiring autopay
// cards and rental anniversaries. Each event is raised once and only once (repeats, concurrent posts,
// two sweeps at once); refusals change nothing; an automation on WORK_ORDER_POSTED puts its activity in
// the assignee's my work.

let server: TestServer, branch: Branch, other: Branch;
const raised: { event: string; tableId: string; entityId: string }[] = [];
let stopListening: () => void;

serveTwoBranches((made) => ([server, branch, other] = made), { AUTOMATION_RETRY_SECONDS: "0,0" });
beforeAll(() => {
  stopListening = onEvent(async (_ctx, event, ref) => {
    raised.push({ event, ...ref });
  });
});
afterAll(() => stopListening());

const eventsOn = (entityId: string, event?: string) =>
  raised.filter((r) => r.entityId === entityId && (!event || r.event === event));

type Posting = { isSuccess: boolean; message: string; workOrder: { id: string; isOpen: boolean } | null };
const POST = `mutation($id: ID!){ postWorkOrder(id: $id){ isSuccess message workOrder { id isOpen postedAt } } }`;
const SKIP = `mutation($id: ID!, $r: String!){ skipStop(workOrderId: $id, reason: $r){ isSuccess message workOrder { id isOpen skippedAt skipReason } } }`;
const MOVE = `mutation($a: ID!, $d: Date!){ moveNextDelivery(serviceAddressId: $a, date: $d){ isSuccess message } }`;

let numbers = 1000;
async function customerWithOrder(b: Branch = branch) {
  const f = factories(server.prisma);
  const customer = await f.customer(b.branchId, String(400000 + Math.floor(Math.random() * 500000)));
  const address = await f.serviceAddress(b.branchId, customer.id);
  const order = () =>
    server.prisma.workOrder.create({
      data: {
        branchId: b.branchId,
        number: numbers++,
        customerId: customer.id,
        serviceAddressId: address.id,
        name: "Route 7 delivery",
        scheduledDate: dateFromIso(localNow(clock.now(), "America/Chicago").date),
        isOpen: true,
      },
    });
  return { customer, address, order, first: await order() };
}
const row = (id: string) => server.prisma.workOrder.findUniqueOrThrow({ where: { id } });

describe("posting a work order", () => {
  test("an employee with ROUTE_MANAGEMENT posts it once: closed, one WORK_ORDER_POSTED; a second post is refused", async () => {
    const driver = await employee(branch, ["ROUTE_MANAGEMENT"]);
    const { first } = await customerWithOrder();
    const r = await driver.gql<{ postWorkOrder: Posting }>(POST, { id: first.id });
    expect(r.data?.postWorkOrder).toMatchObject({ isSuccess: true, workOrder: { id: first.id, isOpen: false } });
    const after = await row(first.id);
    expect(after.postedAt).not.toBeNull();
    expect(after.isOpen).toBe(false);
    const again = await driver.gql<{ postWorkOrder: Posting }>(POST, { id: first.id });
    expect(again.data?.postWorkOrder).toEqual({
      isSuccess: false,
      message: `Work order ${first.number} is already posted.`,
      workOrder: null,
    });
    expect(await row(first.id)).toEqual(after);
    expect(eventsOn(first.id)).toEqual([{ event: "WORK_ORDER_POSTED", tableId: "WORK_ORDER", entityId: first.id }]);
  });

  test("ten posts of one order at once: exactly one succeeds and one event is raised", async () => {
    const dispatcher = await employee(branch, ["DISPATCH"]);
    const { first } = await customerWithOrder();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => dispatcher.gql<{ postWorkOrder: Posting }>(POST, { id: first.id })),
    );
    expect(results.filter((r) => r.data?.postWorkOrder.isSuccess)).toHaveLength(1);
    expect(results.filter((r) => r.data?.postWorkOrder.isSuccess === false)).toHaveLength(9);
    expect(eventsOn(first.id, "WORK_ORDER_POSTED")).toHaveLength(1);
  });

  test("refused without the permission, for another branch's order, and once skipped or cancelled: nothing changes", async () => {
    const clerk = await employee(branch, ["CUSTOMER_ACCESS"]);
    const driver = await employee(branch, ["ROUTE_MANAGEMENT"]);
    const { first, order } = await customerWithOrder();
    const before = await row(first.id);
    const denied = await clerk.gql(POST, { id: first.id });
    expect(denied.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const theirs = (await customerWithOrder(other)).first;
    const foreign = await driver.gql(POST, { id: theirs.id });
    expect(foreign.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await row(theirs.id)).postedAt).toBeNull();

    const skipped = await driver.gql<{ skipStop: Posting }>(SKIP, { id: first.id, r: "Gate locked" });
    expect(skipped.data?.skipStop.isSuccess).toBe(true);
    const post = await driver.gql<{ postWorkOrder: Posting }>(POST, { id: first.id });
    expect(post.data?.postWorkOrder.message).toBe(
      `Work order ${first.number} was skipped: it can no longer be posted or skipped.`,
    );
    const cancelled = await order();
    await server.prisma.workOrder.update({ where: { id: cancelled.id }, data: { status: "CANCELLED", isOpen: false } });
    const c = await driver.gql<{ postWorkOrder: Posting }>(POST, { id: cancelled.id });
    expect(c.data?.postWorkOrder.message).toBe(
      `Work order ${cancelled.number} is cancelled: it can no longer be posted or skipped.`,
    );
    expect((await row(first.id)).postedAt).toBeNull();
    expect(before.postedAt).toBeNull();
    expect(eventsOn(first.id, "WORK_ORDER_POSTED")).toEqual([]);
    expect(eventsOn(cancelled.id)).toEqual([]);
    expect(eventsOn(theirs.id)).toEqual([]);
  });

  test("an API key holding ROUTE_MANAGEMENT posts; a key without it is refused with why", async () => {
    const { first, order } = await customerWithOrder();
    const key = await apiKeyClient(branch, ["ROUTE_MANAGEMENT"]);
    const r = await key.gql<{ postWorkOrder: Posting }>(POST, { id: first.id });
    expect(r.data?.postWorkOrder.isSuccess).toBe(true);
    expect(eventsOn(first.id, "WORK_ORDER_POSTED")).toHaveLength(1);

    const second = await order();
    const bare = await apiKeyClient(branch, ["INVENTORY_VIEW"]);
    const refused = await bare.gql(POST, { id: second.id });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(refused.errors?.[0]?.message).toContain("lacks the permission");
    const skip = await bare.gql(SKIP, { id: second.id, r: "No one home" });
    expect(skip.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await row(second.id)).toMatchObject({ postedAt: null, skippedAt: null, isOpen: true });
    expect(eventsOn(second.id)).toEqual([]);
  });
});

describe("skipping a stop", () => {
  test("the reason is required and at most 500 characters; then the stop is skipped once with it", async () => {
    const key = await apiKeyClient(branch, ["DISPATCH"]);
    const { first } = await customerWithOrder();
    const empty = await key.gql<{ skipStop: Posting }>(SKIP, { id: first.id, r: "   " });
    expect(empty.data?.skipStop).toEqual({
      isSuccess: false,
      message: "Say why the stop was skipped.",
      workOrder: null,
    });
    const long = await key.gql<{ skipStop: Posting }>(SKIP, { id: first.id, r: "x".repeat(501) });
    expect(long.data?.skipStop.message).toBe("The reason must be at most 500 characters.");
    expect(await row(first.id)).toMatchObject({ skippedAt: null, skipReason: "", isOpen: true });

    const ok = await key.gql<{ skipStop: Posting & { workOrder: { skipReason: string } } }>(SKIP, {
      id: first.id,
      r: " Dog in the yard ",
    });
    expect(ok.data?.skipStop).toMatchObject({
      isSuccess: true,
      workOrder: { isOpen: false, skipReason: "Dog in the yard" },
    });
    const twice = await key.gql<{ skipStop: Posting }>(SKIP, { id: first.id, r: "Again" });
    expect(twice.data?.skipStop.isSuccess).toBe(false);
    expect((await row(first.id)).skipReason).toBe("Dog in the yard");
    expect(eventsOn(first.id)).toEqual([{ event: "STOP_SKIPPED", tableId: "WORK_ORDER", entityId: first.id }]);
  });
});

describe("moving the next delivery", () => {
  async function routed(withCalendar: boolean) {
    const { customer, address } = await customerWithOrder();
    const route = await server.prisma.route.create({
      data: { branchId: branch.branchId, routeNumber: `R${crypto.randomUUID().slice(0, 6)}`, name: "" },
    });
    const today = localNow(clock.now(), "America/Chicago").date;
    const runs = [7, 14, 21].map((d) => addDays(today, d));
    if (withCalendar)
      await server.prisma.routeCalendarDate.createMany({
        data: runs.map((d) => ({ branchId: branch.branchId, routeId: route.id, date: dateFromIso(d) })),
      });
    await server.prisma.service.create({
      data: {
        branchId: branch.branchId,
        serviceAddressId: address.id,
        routeId: route.id,
        nextDeliveryDate: dateFromIso(runs[0]!),
      },
    });
    return { customer, address, route, today, runs };
  }
  const nextOf = async (addressId: string) =>
    isoDate(
      (await server.prisma.service.findFirstOrThrow({ where: { serviceAddressId: addressId } })).nextDeliveryDate!,
    );

  test("on a route with a calendar, only one of its dates; the customer's NEXT_DELIVERY_MOVED is raised once", async () => {
    const office = await employee(branch, ["ROUTE_MANAGEMENT"]);
    const { customer, address, route, today, runs } = await routed(true);
    const off = await office.gql<{ moveNextDelivery: { isSuccess: boolean; message: string } }>(MOVE, {
      a: address.id,
      d: addDays(today, 8),
    });
    expect(off.data?.moveNextDelivery.isSuccess).toBe(false);
    expect(off.data?.moveNextDelivery.message).toStartWith(`Route ${route.routeNumber} does not run on that date.`);
    expect(await nextOf(address.id)).toBe(runs[0]!);

    // an automation on the customer's route hears the move (a condition on the customer's route number)
    const admin = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
    const project = await factories(server.prisma).workflow.project(branch.branchId, {
      steps: [{ description: "Call" }],
    });
    const made = await admin.gql<{ createAutomation: { isSuccess: boolean; automation: { id: string } } }>(
      `mutation($i: AutomationInput!){ createAutomation(input: $i){ isSuccess automation { id } } }`,
      {
        i: {
          name: `Moved on ${route.routeNumber}`,
          event: "NEXT_DELIVERY_MOVED",
          conditions: [{ nativeFieldName: "routeNumber", comparator: "EQUALS", value: route.routeNumber }],
          actions: [
            { type: "CREATE_ACTIVITY", stepId: project.steps[0]!.id, subject: "Confirm the new date", dueInMinutes: 0 },
          ],
        },
      },
    );
    expect(made.data?.createAutomation.isSuccess).toBe(true);
    const ok = await office.gql<{ moveNextDelivery: { isSuccess: boolean } }>(MOVE, { a: address.id, d: runs[1] });
    expect(ok.data?.moveNextDelivery.isSuccess).toBe(true);
    expect(await nextOf(address.id)).toBe(runs[1]!);
    const same = await office.gql<{ moveNextDelivery: { isSuccess: boolean; message: string } }>(MOVE, {
      a: address.id,
      d: runs[1],
    });
    expect(same.data?.moveNextDelivery.message).toStartWith("The next delivery is already on");
    expect(eventsOn(customer.id)).toEqual([
      { event: "NEXT_DELIVERY_MOVED", tableId: "CUSTOMER", entityId: customer.id },
    ]);
    const runsOf = await server.prisma.automationRun.findMany({
      where: { automationId: made.data!.createAutomation.automation.id },
    });
    expect(runsOf.map((r) => [r.tableId, r.entityId])).toEqual([["CUSTOMER", customer.id]]);
  });

  test("without a calendar, any date after today; refused for today, another branch's address, keys and the unpermitted", async () => {
    const office = await employee(branch, ["DISPATCH"]);
    const { customer, address, today } = await routed(false);
    const now = await office.gql<{ moveNextDelivery: { message: string } }>(MOVE, { a: address.id, d: today });
    expect(now.data?.moveNextDelivery.message).toBe("The next delivery must be after today.");
    const clerk = await employee(branch, ["CUSTOMER_ACCESS"]);
    expect((await clerk.gql(MOVE, { a: address.id, d: addDays(today, 3) })).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    const key = await apiKeyClient(branch, ["ROUTE_MANAGEMENT"]);
    expect((await key.gql(MOVE, { a: address.id, d: addDays(today, 3) })).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    const stranger = await employee(other, ["ROUTE_MANAGEMENT"]);
    expect((await stranger.gql(MOVE, { a: address.id, d: addDays(today, 3) })).errors?.[0]?.extensions?.code).toBe(
      "NOT_FOUND",
    );
    expect(eventsOn(customer.id)).toEqual([]);
    const ok = await office.gql<{ moveNextDelivery: { isSuccess: boolean } }>(MOVE, {
      a: address.id,
      d: addDays(today, 3),
    });
    expect(ok.data?.moveNextDelivery.isSuccess).toBe(true);
    expect(await nextOf(address.id)).toBe(addDays(today, 3));
    expect(eventsOn(customer.id, "NEXT_DELIVERY_MOVED")).toHaveLength(1);
  });
});

describe("the daily sweep", () => {
  const DAY = "2026-11-26";
  async function autopayCard(expiration: string, kind: "CARD" | "ACH" = "CARD") {
    const { customer } = await customerWithOrder();
    const card = await server.prisma.paymentAccount.create({
      data: {
        branchId: branch.branchId,
        customerId: customer.id,
        kind,
        externalId: `vault-${crypto.randomUUID()}`,
        cardType: kind === "CARD" ? "Visa" : "",
        maskedAccountNumber: "****4242",
        expiration,
      },
    });
    await server.prisma.autoPay.create({
      data: { branchId: branch.branchId, customerId: customer.id, paymentAccountId: card.id, dayOfMonth: 5 },
    });
    return customer;
  }
  async function rental(start: string, end: string | null = null) {
    const { customer } = await customerWithOrder();
    await server.prisma.rental.create({
      data: {
        branchId: branch.branchId,
        customerId: customer.id,
        description: "Hot and cold cooler",
        startDate: dateFromIso(start),
        endDate: end ? dateFromIso(end) : null,
        monthlyCents: 1200,
      },
    });
    return customer;
  }
  const sweep = () => runRouteEventSweep(server.runtime, { date: DAY, branchId: branch.branchId });

  test("autopay cards expiring within 30 days and rental anniversaries of the last 7 days are raised once each", async () => {
    const expiring = await autopayCard("1126");
    const later = await autopayCard("1226");
    const bank = await autopayCard("1126", "ACH");
    const due = await rental("2024-11-20");
    const tomorrow = await rental("2023-11-27");
    const young = await rental("2026-01-20");
    const ended = await rental("2024-11-22", "2026-06-30");
    const eightDaysAgo = await rental("2025-11-18");

    const [first, second] = await Promise.all([sweep(), sweep()]);
    expect((first![0]?.cardsExpiring ?? 0) + (second![0]?.cardsExpiring ?? 0)).toBe(1);
    expect((first![0]?.anniversaries ?? 0) + (second![0]?.anniversaries ?? 0)).toBe(1);
    expect(await sweep()).toEqual([{ branchId: branch.branchId, date: DAY, cardsExpiring: 0, anniversaries: 0 }]);

    expect(eventsOn(expiring.id)).toEqual([
      { event: "AUTOPAY_CARD_EXPIRING", tableId: "CUSTOMER", entityId: expiring.id },
    ]);
    expect(eventsOn(due.id)).toEqual([{ event: "RENTAL_ANNIVERSARY", tableId: "CUSTOMER", entityId: due.id }]);
    for (const c of [later, bank, tomorrow, young, ended, eightDaysAgo]) expect(eventsOn(c.id)).toEqual([]);
    const notices = await server.prisma.routeEventNotice.findMany({ where: { branchId: branch.branchId } });
    expect(notices.map((n) => [n.event, n.key.split(":")[1] ?? n.key]).sort()).toEqual([
      ["AUTOPAY_CARD_EXPIRING", "1126"],
      ["RENTAL_ANNIVERSARY", "2026"],
    ]);
  });
});

describe("an automation on WORK_ORDER_POSTED", () => {
  test("a work order posted by an API key puts the follow-up activity in the assignee's my work", async () => {
    const admin = await employee(branch, ["WORKFLOW_CONFIGURATION", "CUSTOMER_ACCESS"]);
    const assignee = await employee(branch, []);
    const project = await factories(server.prisma).workflow.project(branch.branchId, {
      steps: [{ description: "Follow up" }],
    });
    const { customer, first } = await customerWithOrder();
    const subject = `Check the delivery ${crypto.randomUUID().slice(0, 6)}`;
    const made = await admin.gql<{ createAutomation: { isSuccess: boolean; message: string } }>(
      `mutation($i: AutomationInput!){ createAutomation(input: $i){ isSuccess message } }`,
      {
        i: {
          name: `Follow up a posted delivery ${crypto.randomUUID().slice(0, 6)}`,
          event: "WORK_ORDER_POSTED",
          conditions: [
            { nativeFieldName: "workType", comparator: "EQUALS", value: "WORK_ORDER" },
            { nativeFieldName: "customerId", comparator: "EQUALS", value: customer.id },
          ],
          actions: [
            {
              type: "CREATE_ACTIVITY",
              stepId: project.steps[0]!.id,
              subject,
              personId: assignee.personId,
              dueInMinutes: 60,
            },
          ],
        },
      },
    );
    expect(made.data?.createAutomation.isSuccess).toBe(true);
    const key = await apiKeyClient(branch, ["ROUTE_MANAGEMENT"]);
    expect((await key.gql<{ postWorkOrder: Posting }>(POST, { id: first.id })).data?.postWorkOrder.isSuccess).toBe(
      true,
    );
    for (let i = 0; i < 5; i++) if ((await runDueAutomations(server.runtime, { graceSeconds: 0 })).ran === 0) break;
    const mine = await assignee.gql<{ assignedActivities: { subject: string; customerId: string | null }[] }>(
      "{ assignedActivities { subject } }",
    );
    expect(mine.data?.assignedActivities.map((a) => a.subject)).toEqual([subject]);
  });
});
