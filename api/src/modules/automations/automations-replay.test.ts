import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches, twoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";

// Replaying an automation over the last 30 days through GraphQL, before it is switched on: the
// activities entered (or resolved) in the window whose record meets the conditions are counted and
// listed with what each action would do; nothing is written; older events and other steps are left
// out; events the records do not date cannot be replayed; and the attacker's cases (no
// WORKFLOW_CONFIGURATION, another branch's automation, a window out of range).

let server: TestServer, other: Branch;
serveTwoBranches((made) => ([server, , other] = made));

const REPLAY = `query($id: ID!, $days: Int){ replayAutomation(id: $id, days: $days){ event days replayable message
  eventsFound eventsExamined capped matched activities customers listedCapped
  items { tableId entityId at label customerId customerName actionOutcomes { actionIndex type outcome detail } } } }`;
type Replay = {
  event: string;
  days: number;
  replayable: boolean;
  message: string;
  eventsFound: number;
  eventsExamined: number;
  capped: boolean;
  matched: number;
  activities: number;
  customers: number;
  listedCapped: boolean;
  items: {
    entityId: string;
    at: string;
    label: string;
    customerId: string | null;
    customerName: string | null;
    actionOutcomes: { actionIndex: number; type: string; outcome: string; detail: string }[];
  }[];
};
const CREATE = `mutation($i: AutomationInput!){ createAutomation(input: $i){ isSuccess message automation { id } } }`;
const daysAgo = (n: number) => new Date(clock.now().getTime() - n * 86_400_000);

/** A fresh branch each (its window holds only the test's own events), or the one given. */
async function setup(given?: Branch) {
  const b = given ?? (await twoBranches(server))[0];
  const p = server.prisma;
  const id = b.branchId;
  const admin = await employee(b, ["WORKFLOW_CONFIGURATION"]);
  const f = factories(p);
  const project = await f.workflow.project(id, { steps: [{ description: "Ordered" }, { description: "Follow up" }] });
  const [ordered, followUp] = project.steps;
  const field = await p.customField.create({
    data: { branchId: id, name: `Called ${crypto.randomUUID().slice(0, 6)}`, tableId: "ACTIVITY", type: "TEXT" },
  });
  const customers: { customer: { id: string; accountNumber: string }; thread: { id: string } }[] = [];
  for (let i = 0; i < 3; i++) {
    const made = await f.customer(id, String(100000 + Math.floor(Math.random() * 800000)));
    const c = await p.customer.update({ where: { id: made.id }, data: { name: `Replay ${i}` } });
    customers.push({ customer: c, thread: await f.workflow.thread(id, project.id, { customerId: c.id }) });
  }
  /** An activity at a step, entered `ago` days ago (resolved `resolvedAgo` days ago when given). */
  const activity = async (k: number, stepId: string, ago: number, resolvedAgo?: number) => {
    const a = await p.activity.create({
      data: {
        branchId: id,
        threadId: customers[k]!.thread.id,
        stepId,
        subject: `Order ${crypto.randomUUID().slice(0, 4)}`,
        scheduledTime: daysAgo(ago),
        enteredTime: daysAgo(ago),
        ...(resolvedAgo === undefined ? {} : { status: "RESOLVED" as const, resolvedTime: daysAgo(resolvedAgo) }),
      },
    });
    return a;
  };
  const automation = async (event: string, extra: Record<string, unknown> = {}) => {
    const r = await admin.gql<{
      createAutomation: { isSuccess: boolean; message: string; automation: { id: string } };
    }>(CREATE, {
      i: {
        name: `Follow up ${crypto.randomUUID().slice(0, 6)}`,
        event,
        status: "OFF",
        conditions: [{ nativeFieldName: "stepId", comparator: "EQUALS", value: ordered!.id }],
        actions: [
          { type: "CREATE_ACTIVITY", stepId: followUp!.id, subject: "Call back", dueInMinutes: 60 },
          { type: "SET_CUSTOM_FIELD", fieldId: field.id, value: "yes" },
        ],
        ...extra,
      },
    });
    expect(r.data?.createAutomation.message).toStartWith("Saved");
    return r.data!.createAutomation.automation.id;
  };
  return { branch: b, admin, ordered: ordered!, followUp: followUp!, customers, activity, automation, field };
}

const replay = async (s: { admin: Awaited<ReturnType<typeof employee>> }, id: string, days?: number) => {
  const r = await s.admin.gql<{ replayAutomation: Replay }>(REPLAY, { id, days });
  expect(r.errors).toBeUndefined();
  return r.data!.replayAutomation;
};

/** Rows an automation's work would write: none may appear during a replay. */
const rowCounts = async () => ({
  activities: await server.prisma.activity.count(),
  runs: await server.prisma.automationRun.count(),
  actionRuns: await server.prisma.automationActionRun.count(),
  values: await server.prisma.customFieldValue.count(),
  mails: await server.prisma.outboxMessage.count(),
});

describe("replaying an automation over the last 30 days", () => {
  test("counts the activities it would create for how many customers, lists each, writes nothing", async () => {
    const s = await setup();
    const recent = [
      await s.activity(0, s.ordered.id, 1),
      await s.activity(0, s.ordered.id, 12),
      await s.activity(1, s.ordered.id, 29),
    ];
    await s.activity(1, s.ordered.id, 45); // older than the window
    await s.activity(2, s.followUp.id, 3); // another step: the condition does not hold
    const id = await s.automation("ACTIVITY_CREATED_AS_OPEN");

    const before = await rowCounts();
    const r = await replay(s, id);
    expect(await rowCounts()).toEqual(before);

    expect(r).toMatchObject({
      event: "ACTIVITY_CREATED_AS_OPEN",
      days: 30,
      replayable: true,
      eventsFound: 4,
      eventsExamined: 4,
      capped: false,
      matched: 3,
      activities: 3,
      customers: 2,
      listedCapped: false,
    });
    expect(r.message).toBe(
      "Would create 3 activities for 2 customers: 3 of the 4 events of the last 30 days met the conditions. Nothing was changed.",
    );
    // Newest first, each with the customer and what each action would do (as a dry run says it).
    expect(r.items.map((i) => i.entityId)).toEqual(recent.map((a) => a.id));
    expect(r.items.map((i) => i.customerName)).toEqual([
      `Replay 0 (${s.customers[0]!.customer.accountNumber})`,
      `Replay 0 (${s.customers[0]!.customer.accountNumber})`,
      `Replay 1 (${s.customers[1]!.customer.accountNumber})`,
    ]);
    const first = r.items[0]!;
    expect(first.label).toBe(`the activity "${recent[0]!.subject}"`);
    expect(first.actionOutcomes.map((o) => [o.actionIndex, o.type, o.outcome])).toEqual([
      [0, "CREATE_ACTIVITY", "WOULD"],
      [1, "SET_CUSTOM_FIELD", "WOULD"],
    ]);
    expect(first.actionOutcomes[0]!.detail).toStartWith('Would create "Call back" at the step "Follow up"');
    expect(first.actionOutcomes[1]!.detail).toBe(`Would set "${s.field.name}" to "yes".`);

    // A longer window takes the older event in.
    const sixty = await replay(s, id, 60);
    expect([sixty.matched, sixty.activities, sixty.customers]).toEqual([4, 4, 2]);
  });

  test("on ACTIVITY_RESOLVED the activities resolved in the window count, status as the event left it", async () => {
    const s = await setup();
    const resolved = await s.activity(2, s.ordered.id, 50, 2); // entered long ago, resolved 2 days ago
    await s.activity(1, s.ordered.id, 5); // still open: no event
    await s.activity(0, s.ordered.id, 60, 40); // resolved before the window
    const id = await s.automation("ACTIVITY_RESOLVED", {
      conditions: [
        { nativeFieldName: "stepId", comparator: "EQUALS", value: s.ordered.id },
        { nativeFieldName: "status", comparator: "EQUALS", value: "RESOLVED" },
      ],
      actions: [{ type: "SET_CUSTOM_FIELD", fieldId: s.field.id, value: "done" }],
    });
    const r = await replay(s, id);
    expect([r.eventsFound, r.matched, r.activities, r.customers]).toEqual([1, 1, 0, 1]);
    expect(r.items.map((i) => i.entityId)).toEqual([resolved.id]);
    expect(r.message).toStartWith("Would act 1 time for 1 customer: 1 of the 1 event of the last 30 days");
  });

  test("work orders: skipped stops (skippedAt) and posted orders (postedAt) in the window", async () => {
    const s = await setup();
    const p = server.prisma;
    const c = s.customers[0]!.customer;
    const address = await factories(p).serviceAddress(s.branch.branchId, c.id);
    let number = 7000;
    const order = (data: Record<string, unknown>) =>
      p.workOrder.create({
        data: {
          branchId: s.branch.branchId,
          number: ++number,
          customerId: c.id,
          serviceAddressId: address.id,
          scheduledDate: daysAgo(3),
          name: "Route stop",
          createdAt: daysAgo(40),
          ...data,
        },
      });
    const skipped = await order({ skippedAt: daysAgo(2), skipReason: "Gate locked", isOpen: false });
    await order({ skippedAt: daysAgo(35), skipReason: "Dog", isOpen: false }); // before the window
    const posted = await order({ postedAt: daysAgo(1), isOpen: false });
    const field = await p.customField.create({
      data: {
        branchId: s.branch.branchId,
        name: `Skips ${crypto.randomUUID().slice(0, 6)}`,
        tableId: "WORK_ORDER",
        type: "TEXT",
      },
    });
    const automation = (event: string) =>
      s.automation(event, {
        conditions: [{ nativeFieldName: "customerId", comparator: "EQUALS", value: c.id }],
        actions: [
          { type: "CREATE_ACTIVITY", stepId: s.followUp.id, subject: "Call about the stop", dueInMinutes: 0 },
          { type: "SET_CUSTOM_FIELD", fieldId: field.id, value: "1" },
        ],
      });
    const onSkip = await replay(s, await automation("STOP_SKIPPED"));
    expect([onSkip.eventsFound, onSkip.matched, onSkip.activities, onSkip.customers]).toEqual([1, 1, 1, 1]);
    expect(onSkip.items.map((i) => [i.entityId, i.label])).toEqual([[skipped.id, `work order ${skipped.number}`]]);
    expect(onSkip.items[0]!.actionOutcomes[0]!.detail).toContain("due at once");
    const onPost = await replay(s, await automation("WORK_ORDER_POSTED"));
    expect(onPost.items.map((i) => i.entityId)).toEqual([posted.id]);
    // Created 40 days ago: none in 30 days, all three in 60.
    const onCreate = await automation("WORK_ORDER_CREATED");
    expect((await replay(s, onCreate)).matched).toBe(0);
    expect((await replay(s, onCreate, 60)).matched).toBe(3);
  });

  test("an event the records do not date cannot be replayed, and says so", async () => {
    const s = await setup();
    const automation = await server.prisma.automation.create({
      data: {
        branchId: s.branch.branchId,
        name: `Moved ${crypto.randomUUID().slice(0, 6)}`,
        event: "NEXT_DELIVERY_MOVED",
        status: "OFF",
        conditions: [],
        actions: [{ type: "SET_CUSTOM_FIELD", fieldId: s.field.id, value: "x" }],
      },
    });
    const r = await replay(s, automation.id);
    expect(r.replayable).toBe(false);
    expect(r.message).toContain("cannot be replayed");
    expect([r.matched, r.items.length]).toEqual([0, 0]);
  });

  test("refused without WORKFLOW_CONFIGURATION; another branch's automation is not found; days in range", async () => {
    const s = await setup();
    const id = await s.automation("ACTIVITY_CREATED_AS_OPEN");
    const clerk = await employee(s.branch, ["CUSTOMER_ACCESS"]);
    expect((await clerk.gql(REPLAY, { id })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const theirs = await setup(other);
    const theirId = await theirs.automation("ACTIVITY_CREATED_AS_OPEN");
    const r = await s.admin.gql(REPLAY, { id: theirId });
    expect(r.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(r.errors?.[0]?.message).toBe("Automation not found.");

    for (const days of [0, 91, -5]) {
      const bad = await s.admin.gql(REPLAY, { id, days });
      expect(bad.errors?.[0]?.message).toBe("Days must be a whole number between 1 and 90.");
    }
  });
});
