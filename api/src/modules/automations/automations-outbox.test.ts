import { afterEach, describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { busHooks } from "../../events/bus.ts";
import { dispatchEvent, runDueAutomations } from "./engine.ts";

// Events are durable (docs/decisions/0970-durable-events.md): the event is written in the transaction
// that makes the change, so a process that dies right after the commit (simulated: a throw from the
// bus's afterCommit hook, before anything is dispatched) leaves it undispatched, and the sweep of a
// restarted worker dispatches it: the automation runs exactly once. Two dispatchers of one event make
// its runs once.

let server: TestServer, branch: Branch;
serveTwoBranches((made) => ([server, branch] = made), { AUTOMATION_RETRY_SECONDS: "0,0" });
afterEach(() => {
  busHooks.afterCommit = undefined;
});

const CREATE = `mutation($i: AutomationInput!){ createAutomation(input: $i){ isSuccess message automation { id } } }`;
const PATCH = `mutation($id: ID!, $i: PatchActivityInput!){ patchActivity(id: $id, input: $i){ isSuccess message } }`;
const ADD = `mutation($i: AddActivityInput!){ addActivity(input: $i){ isSuccess message activity { id } } }`;
const drain = async () => {
  for (let i = 0; i < 20; i++) if ((await runDueAutomations(server.runtime, { graceSeconds: 0 })).ran === 0) return;
};

async function setup(event: "ACTIVITY_RESOLVED" | "ACTIVITY_CREATED_AS_OPEN") {
  const p = server.prisma;
  const id = branch.branchId;
  const admin = await employee(branch, ["WORKFLOW_CONFIGURATION", "CUSTOMER_ACCESS"]);
  const f = factories(p);
  const sale = await f.workflow.project(id, { steps: [{ description: "Quote" }, { description: "Signed" }] });
  const follow = await f.workflow.project(id, { steps: [{ description: "Thank" }] });
  const customer = await f.customer(id, String(300000 + Math.floor(Math.random() * 600000)));
  const thread = await f.workflow.thread(id, sale.id, { customerId: customer.id });
  const r = await admin.gql<{ createAutomation: { message: string; automation: { id: string } | null } }>(CREATE, {
    i: {
      name: `Thank after sale ${crypto.randomUUID().slice(0, 6)}`,
      event,
      conditions: [{ nativeFieldName: "stepId", comparator: "EQUALS", value: sale.steps[1]!.id }],
      actions: [
        {
          type: "CREATE_ACTIVITY",
          stepId: follow.steps[0]!.id,
          subject: "Thank",
          personId: admin.personId,
          dueInMinutes: 60,
        },
      ],
    },
  });
  expect(r.data?.createAutomation.message).toStartWith("Saved");
  const automationId = r.data!.createAutomation.automation!.id;
  const thanks = () => p.activity.findMany({ where: { stepId: follow.steps[0]!.id } });
  const runs = () => p.automationRun.findMany({ where: { automationId } });
  return { admin, sale, thread, automationId, thanks, runs };
}

const crashAfterCommit = () => {
  busHooks.afterCommit = () => {
    throw new Error("simulated crash after commit");
  };
};

/** An open activity on the set-up's thread, at its sale's second step. */
const openActivity = async (s: Awaited<ReturnType<typeof setup>>) =>
  (await factories(server.prisma).workflow.activities(branch.branchId, s.thread.id, s.sale.steps[1]!.id))[0]!;

describe("an event survives a crash after its change's commit", () => {
  test("a resolve (patchActivity): the change is saved, the event waits, the restarted sweep runs it once", async () => {
    const s = await setup("ACTIVITY_RESOLVED");
    const signed = await openActivity(s);
    crashAfterCommit();
    const r = await s.admin.gql<{ patchActivity: { isSuccess: boolean } }>(PATCH, {
      id: signed.id,
      i: { status: "RESOLVED" },
    });
    expect(r.data?.patchActivity?.isSuccess).not.toBe(true); // the "process" died before answering
    busHooks.afterCommit = undefined;
    // The change committed with its event; nothing was dispatched.
    expect((await server.prisma.activity.findUniqueOrThrow({ where: { id: signed.id } })).status).toBe("RESOLVED");
    const raised = await server.prisma.raisedEvent.findMany({
      where: { entityId: signed.id, event: "ACTIVITY_RESOLVED" },
    });
    expect(raised.map((e) => e.dispatchedAt)).toEqual([null]);
    expect(await s.runs()).toEqual([]);
    // The restarted worker's sweep dispatches it and runs the run; sweeping again changes nothing.
    await drain();
    await drain();
    const runs = await s.runs();
    expect(runs.map((x) => [x.status, x.eventId])).toEqual([["SUCCEEDED", raised[0]!.id]]);
    expect((await s.thanks()).length).toBe(1);
    expect(
      (await server.prisma.raisedEvent.findUniqueOrThrow({ where: { id: raised[0]!.id } })).dispatchedAt,
    ).not.toBeNull();
  });

  test("an add (addActivity): the same, and an event whose change rolled back is never raised", async () => {
    const s = await setup("ACTIVITY_CREATED_AS_OPEN");
    crashAfterCommit();
    const r = await s.admin.gql<{ addActivity: { activity: { id: string } | null } }>(ADD, {
      i: {
        threadId: s.thread.id,
        stepId: s.sale.steps[1]!.id,
        subject: "Signed",
        scheduledTime: new Date().toISOString(),
      },
    });
    expect(r.data?.addActivity?.activity).toBeFalsy();
    busHooks.afterCommit = undefined;
    const added = await server.prisma.activity.findMany({ where: { threadId: s.thread.id } });
    expect(added.length).toBe(1);
    expect(await s.runs()).toEqual([]);
    await drain();
    expect((await s.runs()).map((x) => x.status)).toEqual(["SUCCEEDED"]);
    expect((await s.thanks()).length).toBe(1);
    // A refused change (an inactive step) writes no event.
    const before = await server.prisma.raisedEvent.count();
    await server.prisma.projectStep.update({ where: { id: s.sale.steps[0]!.id }, data: { inactive: true } });
    const refused = await s.admin.gql<{ addActivity: { isSuccess: boolean } }>(ADD, {
      i: { threadId: s.thread.id, stepId: s.sale.steps[0]!.id, subject: "No", scheduledTime: new Date().toISOString() },
    });
    expect(refused.data?.addActivity.isSuccess).toBe(false);
    expect(await server.prisma.raisedEvent.count()).toBe(before);
  });

  test("two dispatchers of one event (a slow request and the sweep) make its run once", async () => {
    const s = await setup("ACTIVITY_RESOLVED");
    const signed = await openActivity(s);
    crashAfterCommit();
    await s.admin.gql(PATCH, { id: signed.id, i: { status: "RESOLVED" } });
    busHooks.afterCommit = undefined;
    const event = await server.prisma.raisedEvent.findFirstOrThrow({ where: { entityId: signed.id } });
    const b = await server.prisma.branch.findUniqueOrThrow({ where: { id: branch.branchId } });
    await Promise.all([
      dispatchEvent(server.runtime, b, event.id),
      dispatchEvent(server.runtime, b, event.id),
      dispatchEvent(server.runtime, b, event.id),
    ]);
    await drain();
    expect((await s.runs()).map((x) => x.status)).toEqual(["SUCCEEDED"]);
    expect((await s.thanks()).length).toBe(1);
  });
});
