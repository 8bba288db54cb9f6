import { expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// What the runs screens read: every run of the branch (no automation or record named), filtered by
// status and event, with the record each run is about (an activity's thread) and each automation's
// latest real run; another branch's runs never show.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

const CREATE = `mutation($i: AutomationInput!){ createAutomation(input: $i){ isSuccess message automation { id } } }`;
const TEST = `mutation($id: ID!, $e: ID!, $d: Boolean){ testAutomation(id: $id, entityId: $e, dryRun: $d){ isSuccess message run { id status } } }`;
const RUNS = `query($a: ID, $t: TableIdentifier, $e: ID, $s: AutomationRunStatus, $ev: AutomationEvent){
  automationRuns(automationId: $a, tableId: $t, entityId: $e, status: $s, event: $ev){ totalCount
  items { id status event entityId record { label threadId } actionOutcomes { actionIndex type outcome detail } } } }`;
const LIST = `{ automations { id name lastRun { id status } } }`;

async function setup(b: Branch) {
  const admin = await employee(b, ["WORKFLOW_CONFIGURATION"]);
  const f = factories(server.prisma);
  const project = await f.workflow.project(b.branchId, {
    steps: [{ description: "Sold" }, { description: "Install" }],
  });
  const thread = await f.workflow.thread(b.branchId, project.id, {});
  const [activity] = await f.workflow.activities(b.branchId, thread.id, project.steps[0]!.id, {});
  const made = await admin.gql<{ createAutomation: { automation: { id: string } } }>(CREATE, {
    i: {
      name: `Book install ${crypto.randomUUID()}`,
      event: "ACTIVITY_RESOLVED",
      actions: [{ type: "CREATE_ACTIVITY", stepId: project.steps[1]!.id, subject: "Install", dueInMinutes: 60 }],
    },
  });
  return { admin, thread, activity: activity!, automationId: made.data!.createAutomation.automation.id };
}

test("every run of the branch, by status and event, with its record; the automation's latest real run", async () => {
  const { admin, thread, activity, automationId } = await setup(branch);
  const theirs = await setup(other);
  await theirs.admin.gql(TEST, { id: theirs.automationId, e: theirs.activity.id, d: false });

  type Tested = { testAutomation: { run: { id: string; status: string } } };
  const dry = (await admin.gql<Tested>(TEST, { id: automationId, e: activity.id })).data!;
  const queued = (await admin.gql<Tested>(TEST, { id: automationId, e: activity.id, d: false })).data!;
  expect(queued.testAutomation.run.status).toBe("QUEUED");

  type Runs = { automationRuns: { totalCount: number; items: Record<string, unknown>[] } };
  const runs = async (v: Record<string, unknown>) => (await admin.gql<Runs>(RUNS, v)).data!;
  const all = await runs({});
  expect(all.automationRuns.totalCount).toBe(2);
  expect(all.automationRuns.items.map((r) => r.id)).toEqual([queued.testAutomation.run.id, dry.testAutomation.run.id]);
  expect(all.automationRuns.items[0]!.record).toEqual({
    label: `the activity "${activity.subject}"`,
    threadId: thread.id,
  });
  const dryRun = all.automationRuns.items[1]!;
  expect((dryRun.actionOutcomes as { type: string; outcome: string }[])[0]).toMatchObject({
    type: "CREATE_ACTIVITY",
    outcome: "WOULD",
  });

  expect((await runs({ s: "QUEUED" })).automationRuns.totalCount).toBe(1);
  expect((await runs({ s: "FAILED" })).automationRuns.totalCount).toBe(0);
  expect((await runs({ ev: "TESTING" })).automationRuns.totalCount).toBe(2);
  expect((await runs({ ev: "ACTIVITY_RESOLVED" })).automationRuns.totalCount).toBe(0);

  const list = (await admin.gql<{ automations: { id: string; lastRun: { id: string } | null }[] }>(LIST)).data!;
  expect(list.automations.find((a) => a.id === automationId)?.lastRun?.id).toBe(queued.testAutomation.run.id);

  const half = await admin.gql(RUNS, { t: "ACTIVITY" });
  expect(half.errors?.[0]?.message).toBe("Name both the record's table and its id.");
});

test("a new automation is saved OFF without actions, and is switched on only once it has one", async () => {
  const admin = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
  type Made = { createAutomation: { isSuccess: boolean; message: string; automation: { id: string } | null } };
  const name = `Draft ${crypto.randomUUID()}`;
  const off = (await admin.gql<Made>(CREATE, { i: { name, event: "ACTIVITY_RESOLVED", status: "OFF" } })).data!;
  expect(off.createAutomation.isSuccess).toBe(true);
  const on = (await admin.gql<Made>(CREATE, { i: { name, event: "ACTIVITY_RESOLVED" } })).data!;
  expect(on.createAutomation).toMatchObject({
    isSuccess: false,
    message: "An automation needs at least one action before it is switched on.",
  });
  const EDIT = `mutation($id: ID!, $i: AutomationInput!){ editAutomation(id: $id, input: $i){ isSuccess message } }`;
  const id = off.createAutomation.automation!.id;
  const edited = await admin.gql<{ editAutomation: { isSuccess: boolean; message: string } }>(EDIT, {
    id,
    i: { status: "ON" },
  });
  expect(edited.data?.editAutomation.message).toBe("An automation needs at least one action before it is switched on.");
  expect((await server.prisma.automation.findUnique({ where: { id } }))?.status).toBe("OFF");
});
