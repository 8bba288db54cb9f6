import { afterEach, describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { engineHooks, runDueAutomations } from "./engine.ts";

// Automations through GraphQL: an automation on ACTIVITY_RESOLVED creates the next activity for the
// zone's holder of a territory role; conditions filter; a failing action is retried then FAILS with an
// activity in the owner's my work; a run stopped after its first action resumes without repeating it;
// 20 events at once make 20 runs that each act once even when two sweeps race; a self-triggering
// automation stops at the depth limit; a dry run writes nothing but its run; and the attacker's cases
// (another branch's ids, oversized input, no WORKFLOW_CONFIGURATION). Runs are driven by the sweep
// (runDueAutomations) with no retry delays; one test goes through the pg-boss queue.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made), { AUTOMATION_RETRY_SECONDS: "0,0" });
afterEach(() => {
  engineHooks.afterAction = undefined;
});

type R = { isSuccess: boolean; message: string };
const CREATE = `mutation($i: AutomationInput!){ createAutomation(input: $i){ isSuccess message automation { id name status ownerPersonId actions { type stepId } conditions { comparator } } } }`;
const PATCH = `mutation($id: ID!, $i: PatchActivityInput!){ patchActivity(id: $id, input: $i){ isSuccess message } }`;
const ADD = `mutation($i: AddActivityInput!){ addActivity(input: $i){ isSuccess message activity { id threadId } } }`;
const RUNS = `query($a: ID, $t: TableIdentifier, $e: ID){ automationRuns(automationId: $a, tableId: $t, entityId: $e){ totalCount
  items { id status attempts error dryRun depth conditionsMet actionOutcomes { actionIndex outcome detail } } } }`;
const soon = () => new Date(Date.now() + 3_600_000).toISOString();
const drain = async () => {
  for (let i = 0; i < 20; i++) if ((await runDueAutomations(server.runtime, { graceSeconds: 0 })).ran === 0) return;
};

async function setup(b: Branch = branch) {
  const p = server.prisma;
  const id = b.branchId;
  const admin = await employee(b, ["WORKFLOW_CONFIGURATION", "CUSTOMER_ACCESS"]);
  const installer = await p.person.create({ data: { branchId: id, firstName: "Ivy", lastName: "Installer" } });
  const role = await p.personTerritoryRole.create({ data: { branchId: id, name: `Installer ${crypto.randomUUID()}` } });
  const map = await p.territoryMap.create({ data: { branchId: id, name: `Map ${crypto.randomUUID()}` } });
  const zone = await p.territoryZone.create({
    data: {
      branchId: id,
      mapId: map.id,
      name: "North",
      data: {
        type: "Polygon",
        coordinates: [
          [
            [-98, 30],
            [-97, 30],
            [-97, 31],
            [-98, 31],
            [-98, 30],
          ],
        ],
      },
    },
  });
  await p.territoryZonePerson.create({
    data: { branchId: id, zoneId: zone.id, roleId: role.id, personId: installer.id },
  });
  if (!(await p.territoryMapUsage.findFirst({ where: { branchId: id } })))
    await p.territoryMapUsage.create({ data: { branchId: id, activityAssignmentMapId: map.id } });
  else await p.territoryMapUsage.updateMany({ where: { branchId: id }, data: { activityAssignmentMapId: map.id } });
  const f = factories(p);
  const sale = await f.workflow.project(id, { steps: [{ description: "Quote" }, { description: "Signed" }] });
  const install = await f.workflow.project(id, { steps: [{ description: "Install" }, { description: "Check" }] });
  const customer = await f.customer(id, String(300000 + Math.floor(Math.random() * 600000)));
  const address = await f.serviceAddress(id, customer.id);
  await p.serviceAddress.update({ where: { id: address.id }, data: { latitude: 30.5, longitude: -97.5 } });
  const thread = await f.workflow.thread(id, sale.id, { customerId: customer.id });
  const activity = async (stepIndex = 0) =>
    (await f.workflow.activities(id, thread.id, sale.steps[stepIndex]!.id, { assignedPersonId: admin.personId }))[0]!;
  return { admin, installer, role, sale, install, customer, thread, activity };
}

type S = Awaited<ReturnType<typeof setup>>;
const installAutomation = (s: S, extra: Record<string, unknown> = {}) => ({
  name: `Install after sale ${crypto.randomUUID().slice(0, 6)}`,
  event: "ACTIVITY_RESOLVED",
  conditions: [{ nativeFieldName: "stepId", comparator: "EQUALS", value: s.sale.steps[1]!.id }],
  actions: [
    {
      type: "CREATE_ACTIVITY",
      stepId: s.install.steps[0]!.id,
      subject: "Install",
      zoneRoleId: s.role.id,
      dueInMinutes: 60,
    },
  ],
  ...extra,
});
async function create(s: S, input: Record<string, unknown>) {
  const r = await s.admin.gql<{ createAutomation: R & { automation: { id: string } | null } }>(CREATE, { i: input });
  expect(r.data?.createAutomation.message).toStartWith("Saved");
  return r.data!.createAutomation.automation!.id;
}
const resolve = (s: S, id: string) => s.admin.gql<{ patchActivity: R }>(PATCH, { id, i: { status: "RESOLVED" } });
const installs = (s: S) => server.prisma.activity.findMany({ where: { stepId: s.install.steps[0]!.id } });
const runsOf = async (s: S, automationId: string) =>
  (
    await s.admin.gql<{
      automationRuns: {
        totalCount: number;
        items: {
          id: string;
          status: string;
          attempts: number;
          error: string;
          dryRun: boolean;
          depth: number;
          conditionsMet: boolean | null;
          actionOutcomes: { actionIndex: number; outcome: string; detail: string }[];
        }[];
      };
    }>(RUNS, { a: automationId })
  ).data!.automationRuns;

describe("running automations", () => {
  test("on ACTIVITY_RESOLVED the next activity goes to the zone's holder of the role; conditions filter", async () => {
    const s = await setup();
    const automationId = await create(s, installAutomation(s));
    // Resolving the quote (not the "Signed" step): the condition does not hold, no run.
    await resolve(s, (await s.activity(0)).id);
    await drain();
    expect((await runsOf(s, automationId)).totalCount).toBe(0);
    const signed = await s.activity(1);
    expect((await resolve(s, signed.id)).data?.patchActivity.isSuccess).toBe(true);
    await drain();
    const runs = await runsOf(s, automationId);
    expect(runs.items.map((r) => [r.status, r.attempts])).toEqual([["SUCCEEDED", 1]]);
    const created = await installs(s);
    expect(created.map((a) => [a.subject, a.assignedPersonId])).toEqual([["Install", s.installer.id]]);
    expect(runs.items[0]!.actionOutcomes).toEqual([{ actionIndex: 0, outcome: "SUCCEEDED", detail: created[0]!.id }]);
    // The record's runs, from the record's side.
    const perEntity = await s.admin.gql<{ automationRuns: { totalCount: number } }>(RUNS, {
      t: "ACTIVITY",
      e: signed.id,
    });
    expect(perEntity.data?.automationRuns.totalCount).toBe(1);
  });

  test("a failing action is retried, then the run FAILS and the owner finds an activity in my work", async () => {
    const s = await setup();
    const automationId = await create(s, installAutomation(s));
    await server.prisma.projectStep.update({ where: { id: s.install.steps[0]!.id }, data: { inactive: true } });
    await resolve(s, (await s.activity(1)).id);
    await runDueAutomations(server.runtime, { graceSeconds: 0 });
    let run = (await runsOf(s, automationId)).items[0]!;
    expect(run.status).toBe("QUEUED");
    expect(run.error).toContain("attempt 1; retrying in 0 s");
    await drain();
    run = (await runsOf(s, automationId)).items[0]!;
    expect(run.status).toBe("FAILED");
    expect(run.attempts).toBe(3); // the first try and two retries
    expect(run.error).toContain("is inactive");
    expect(run.actionOutcomes.map((o) => o.outcome)).toEqual(["FAILED"]);
    const myWork = await s.admin.gql<{ assignedActivities: { subject: string }[] }>(
      "{ assignedActivities { subject } }",
    );
    const notice = myWork.data?.assignedActivities.find((a) => a.subject.startsWith("Automation Install after sale"));
    expect(notice?.subject).toContain('failed for the activity "');
    expect(notice?.subject).toContain("is inactive");
    expect(await installs(s)).toEqual([]);
  });

  test("a run stopped after its first action resumes without doing it again", async () => {
    const s = await setup();
    const input = installAutomation(s);
    input.actions.push({
      type: "CREATE_ACTIVITY",
      stepId: s.install.steps[1]!.id,
      subject: "Check",
      dueInMinutes: 120,
    } as never);
    const automationId = await create(s, input);
    await resolve(s, (await s.activity(1)).id);
    engineHooks.afterAction = (_run, index) => {
      if (index === 0) throw new Error("simulated crash");
    };
    await expect(runDueAutomations(server.runtime, { graceSeconds: 0 })).rejects.toThrow("simulated crash");
    engineHooks.afterAction = undefined;
    let run = (await runsOf(s, automationId)).items[0]!;
    expect(run.status).toBe("RUNNING");
    // Nothing takes it while its lease lasts; once it has run out (the worker is gone), the sweep does.
    await drain();
    expect((await runsOf(s, automationId)).items[0]!.status).toBe("RUNNING");
    await server.prisma.automationRun.update({
      where: { id: run.id },
      data: { leaseUntil: new Date(Date.now() - 1000) },
    });
    await drain();
    run = (await runsOf(s, automationId)).items[0]!;
    expect(run.status).toBe("SUCCEEDED");
    expect(run.attempts).toBe(2);
    expect((await installs(s)).length).toBe(1);
    expect(await server.prisma.activity.count({ where: { stepId: s.install.steps[1]!.id } })).toBe(1);
  });

  test("20 events at once: 20 runs, each acting once, even with two sweeps racing", async () => {
    const s = await setup();
    const automationId = await create(s, installAutomation(s));
    const f = factories(server.prisma).workflow;
    const activities = [];
    for (let i = 0; i < 20; i++) {
      const t = await f.thread(branch.branchId, s.sale.id, { customerId: s.customer.id });
      activities.push(...(await f.activities(branch.branchId, t.id, s.sale.steps[1]!.id)));
    }
    const results = await Promise.all(activities.map((a) => resolve(s, a.id)));
    expect(results.every((r) => r.data?.patchActivity.isSuccess)).toBe(true);
    await Promise.all([drain(), drain()]);
    const runs = await runsOf(s, automationId);
    expect(runs.totalCount).toBe(20);
    expect(runs.items.every((r) => r.status === "SUCCEEDED")).toBe(true);
    expect((await installs(s)).length).toBe(20);
  }, 60_000);

  test("an automation that triggers itself stops at the depth limit, as a failed run the owner hears of", async () => {
    const s = await setup();
    const step = s.install.steps[0]!.id;
    const automationId = await create(s, {
      name: "Echo",
      event: "ACTIVITY_CREATED_AS_OPEN",
      conditions: [{ nativeFieldName: "stepId", comparator: "EQUALS", value: step }],
      actions: [{ type: "CREATE_ACTIVITY", stepId: step, subject: "Again", dueInMinutes: 0 }],
    });
    await s.admin.gql(ADD, {
      i: { projectId: s.install.id, customerId: s.customer.id, stepId: step, subject: "Start", scheduledTime: soon() },
    });
    await drain();
    const runs = (await runsOf(s, automationId)).items;
    expect(runs.filter((r) => r.status === "SUCCEEDED").length).toBe(5);
    const stopped = runs.filter((r) => r.status === "FAILED");
    expect(stopped.map((r) => r.depth)).toEqual([5]);
    expect(stopped[0]!.error).toContain("a loop?");
    expect(await server.prisma.activity.count({ where: { stepId: step } })).toBe(6);
    const notices = await server.prisma.activity.findMany({
      where: { branchId: branch.branchId, subject: { startsWith: "Automation Echo failed" } },
    });
    expect(notices.map((n) => n.assignedPersonId)).toEqual([s.admin.personId]);
  });

  test("a dry run reports what would happen and writes nothing but its run", async () => {
    const s = await setup();
    const automationId = await create(s, installAutomation(s));
    const signed = await s.activity(1);
    const countRows = async () =>
      Promise.all([
        server.prisma.activity.count({ where: { branchId: branch.branchId } }),
        server.prisma.automationActionRun.count({ where: { branchId: branch.branchId } }),
        server.prisma.projectThread.count({ where: { branchId: branch.branchId } }),
      ]);
    const before = await countRows();
    const TEST = `mutation($id: ID!, $e: ID!){ testAutomation(id: $id, entityId: $e){ isSuccess message run { dryRun status conditionsMet
      conditionOutcomes { met } actionOutcomes { outcome detail } } } }`;
    const r = await s.admin.gql<{
      testAutomation: R & { run: { dryRun: boolean; conditionsMet: boolean; actionOutcomes: { detail: string }[] } };
    }>(TEST, { id: automationId, e: signed.id });
    expect(r.data?.testAutomation.isSuccess).toBe(true);
    expect(r.data?.testAutomation.run).toMatchObject({ dryRun: true, conditionsMet: true });
    expect(r.data?.testAutomation.run.actionOutcomes[0]?.detail).toContain("for Ivy Installer");
    expect(await countRows()).toEqual(before);
    const first = await s.activity(0);
    const notMet = await s.admin.gql<{
      testAutomation: { run: { conditionsMet: boolean; actionOutcomes: unknown[] } };
    }>(TEST, { id: automationId, e: first.id });
    expect(notMet.data?.testAutomation.run).toMatchObject({ conditionsMet: false, actionOutcomes: [] });
    expect((await runsOf(s, automationId)).items.every((x) => x.dryRun)).toBe(true);
  });

  test("through the job queue: an event's run is worked by pg-boss", async () => {
    const s = await setup();
    const automationId = await create(s, installAutomation(s));
    await server.runtime.jobs.start();
    await resolve(s, (await s.activity(1)).id);
    let status = "";
    for (let i = 0; i < 60 && status !== "SUCCEEDED"; i++) {
      await Bun.sleep(250);
      status = (await runsOf(s, automationId)).items[0]?.status ?? "";
    }
    expect(status).toBe("SUCCEEDED");
    await server.runtime.jobs.stop();
  }, 60_000);
});

describe("configuring automations", () => {
  test("saved, listed, edited, deleted; bad input refused with the reason and nothing saved", async () => {
    const s = await setup();
    const id = await create(s, installAutomation(s, { name: "Configured" }));
    const LIST = "{ automations { id name status } automationEvents { event label tableId } }";
    const list = await s.admin.gql<{ automations: { id: string }[]; automationEvents: { event: string }[] }>(LIST);
    expect(list.data?.automations.map((a) => a.id)).toContain(id);
    expect(list.data?.automationEvents.map((e) => e.event)).toEqual([
      "ACTIVITY_CREATED_AS_OPEN",
      "ACTIVITY_RESOLVED",
      "TESTING",
      "WORK_ORDER_CREATED",
      "WORK_ORDER_POSTED",
      "STOP_SKIPPED",
      "NEXT_DELIVERY_MOVED",
      "AUTOPAY_CARD_EXPIRING",
      "RENTAL_ANNIVERSARY",
    ]);
    const EDIT = `mutation($id: ID!, $i: AutomationInput!){ editAutomation(id: $id, input: $i){ isSuccess message automation { name status } } }`;
    const edited = await s.admin.gql<{ editAutomation: R & { automation: { name: string; status: string } } }>(EDIT, {
      id,
      i: { status: "OFF", name: "Renamed" },
    });
    expect(edited.data?.editAutomation.automation).toEqual({ name: "Renamed", status: "OFF" });
    const bad = async (input: Record<string, unknown>, message: string) => {
      const count = await server.prisma.automation.count();
      const r = await s.admin.gql<{ createAutomation: R }>(CREATE, { i: input });
      expect(r.data?.createAutomation).toMatchObject({ isSuccess: false });
      expect(r.data?.createAutomation.message).toContain(message);
      expect(await server.prisma.automation.count()).toBe(count);
    };
    const base = installAutomation(s);
    await bad({ ...base, conditions: [{ nativeFieldName: "nope", comparator: "EQUALS", value: "x" }] }, "not a field");
    await bad({ ...base, actions: [] }, "at least one action");
    await bad({ ...base, actions: [{ type: "SEND_MAIL", to: "ADDRESS", subject: "Hi", body: "x" }] }, "mail address");
    await bad(
      {
        ...base,
        actions: [{ type: "CREATE_ACTIVITY", stepId: s.install.steps[0]!.id, subject: "X", dueInMinutes: -1 }],
      },
      "Due in",
    );
    // Sizes are refused before any lookup.
    await bad({ ...base, actions: Array.from({ length: 11 }, () => base.actions[0]) }, "at most 10 actions");
    await bad({ ...base, conditions: Array.from({ length: 21 }, () => base.conditions[0]) }, "at most 20 conditions");
    await bad(
      { ...base, actions: [{ type: "SEND_MAIL", to: "CUSTOMER", subject: "Hi", body: "x".repeat(10_001) }] },
      "at most 10000 characters",
    );
    await bad({ ...base, name: "n".repeat(101) }, "at most 100 characters");

    const DELETE = `mutation($id: ID!){ deleteAutomation(id: $id){ isSuccess message } }`;
    expect((await s.admin.gql<{ deleteAutomation: R }>(DELETE, { id })).data?.deleteAutomation.isSuccess).toBe(true);
    const after = await s.admin.gql<{ automations: { id: string }[] }>(LIST);
    expect(after.data?.automations.map((a) => a.id)).not.toContain(id);
    const gone = await s.admin.gql(`query($id: ID!){ automation(id: $id){ id } }`, { id });
    expect(gone.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  test("another branch's ids are not found, and its steps and people cannot be named", async () => {
    const mine = await setup();
    const theirs = await setup(other);
    const id = await create(theirs, installAutomation(theirs));
    const q = await mine.admin.gql(`query($id: ID!){ automation(id: $id){ id } }`, { id });
    expect(q.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const runs = await mine.admin.gql(RUNS, { a: id });
    expect(runs.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const EDIT = `mutation($id: ID!, $i: AutomationInput!){ editAutomation(id: $id, input: $i){ isSuccess } }`;
    expect((await mine.admin.gql(EDIT, { id, i: { status: "OFF" } })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const DELETE = `mutation($id: ID!){ deleteAutomation(id: $id){ isSuccess } }`;
    expect((await mine.admin.gql(DELETE, { id })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const TEST = `mutation($id: ID!, $e: ID!){ testAutomation(id: $id, entityId: $e){ isSuccess } }`;
    const myAutomation = await create(mine, installAutomation(mine));
    const theirActivity = await theirs.activity(1);
    expect((await mine.admin.gql(TEST, { id: myAutomation, e: theirActivity.id })).errors?.[0]?.extensions?.code).toBe(
      "NOT_FOUND",
    );
    // Their step, person, role in my automation: refused, nothing saved.
    for (const action of [
      { type: "CREATE_ACTIVITY", stepId: theirs.install.steps[0]!.id, subject: "X", dueInMinutes: 0 },
      {
        type: "CREATE_ACTIVITY",
        stepId: mine.install.steps[0]!.id,
        subject: "X",
        dueInMinutes: 0,
        personId: theirs.installer.id,
      },
      {
        type: "CREATE_ACTIVITY",
        stepId: mine.install.steps[0]!.id,
        subject: "X",
        dueInMinutes: 0,
        zoneRoleId: theirs.role.id,
      },
    ]) {
      const r = await mine.admin.gql<{ createAutomation: R }>(CREATE, {
        i: installAutomation(mine, { actions: [action] }),
      });
      expect(r.data?.createAutomation.message).toContain("not found");
    }
    expect(
      (
        await theirs.admin.gql<{ automation: { status: string } }>(`query($id: ID!){ automation(id: $id){ status } }`, {
          id,
        })
      ).data?.automation.status,
    ).toBe("ON");
  });

  test("without WORKFLOW_CONFIGURATION: refused, nothing saved", async () => {
    const s = await setup();
    const rep = await employee(branch, ["CUSTOMER_ACCESS"]);
    const count = await server.prisma.automation.count();
    const r = await rep.gql(CREATE, { i: installAutomation(s) });
    expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await rep.gql("{ automations { id } }")).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await server.prisma.automation.count()).toBe(count);
  });
});
