import { expect, test } from "bun:test";
import { customFieldFactory } from "../../../test/factories/custom-fields.ts";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// A customer's work as staff see it beside one of its records (customerWork): its threads, open ones
// first, each with its project, current step and open count; its open activities in scheduled time
// order, with their pinned values. Staff with CUSTOMER_ACCESS only; another branch's customer is not
// found; a portal user is refused (the authorization matrix tries them).

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

const WORK = `query($c: ID!){ customerWork(customerId: $c){ customerId customerName
  threads { id projectDescription currentStepDescription closedAt openActivityCount activityCount }
  openActivities { id subject stepDescription scheduledTime assignedPersonName pinnedValues { tableId name value } } } }`;
type Work = {
  customerId: string;
  customerName: string;
  threads: {
    id: string;
    projectDescription: string;
    currentStepDescription: string | null;
    closedAt: string | null;
    openActivityCount: number;
    activityCount: number;
  }[];
  openActivities: {
    subject: string;
    stepDescription: string;
    scheduledTime: string;
    pinnedValues: { tableId: string; name: string; value: string }[];
  }[];
};

async function customerWithWork(b: Branch) {
  const f = factories(server.prisma);
  const customer = await f.customer(b.branchId, String(200000 + Math.floor(Math.random() * 700000)));
  const project = await f.workflow.project(b.branchId, { description: `Install ${crypto.randomUUID().slice(0, 4)}` });
  const [first, quote, installed] = project.steps;
  const soon = new Date(Date.now() + 86_400_000);
  // An open thread: its first call done, a quote open; a closed thread; another customer's thread.
  const open = await f.workflow.thread(b.branchId, project.id, { customerId: customer.id });
  await f.workflow.activities(b.branchId, open.id, first!.id, { status: "RESOLVED", start: soon });
  await f.workflow.activities(b.branchId, open.id, quote!.id, { count: 2, start: soon });
  const closed = await server.prisma.projectThread.create({
    data: { branchId: b.branchId, projectId: project.id, customerId: customer.id, closedAt: new Date() },
  });
  await f.workflow.activities(b.branchId, closed.id, installed!.id, { status: "RESOLVED", start: soon });
  const stranger = await f.customer(b.branchId, String(200000 + Math.floor(Math.random() * 700000)));
  const theirs = await f.workflow.thread(b.branchId, project.id, { customerId: stranger.id });
  await f.workflow.activities(b.branchId, theirs.id, first!.id, { start: soon });
  return { customer, open, closed };
}

test("staff see the customer's threads with their current step and its open activities in time order", async () => {
  const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
  const { customer, open, closed } = await customerWithWork(branch);
  const gate = await customFieldFactory(server.prisma)(branch.branchId, {
    tableId: "CUSTOMER",
    pinStatus: "PINNED",
    name: `Gate ${crypto.randomUUID().slice(0, 4)}`,
  });
  await server.prisma.customFieldValue.create({
    data: {
      branchId: branch.branchId,
      fieldId: gate.id,
      tableId: "CUSTOMER",
      recordId: customer.id,
      valueString: "4321",
    },
  });

  const r = await staff.gql<{ customerWork: Work }>(WORK, { c: customer.id });
  expect(r.errors).toBeUndefined();
  const w = r.data!.customerWork;
  expect(w).toMatchObject({ customerId: customer.id, customerName: customer.name });
  expect(w.threads.map((t) => t.id)).toEqual([open.id, closed.id]);
  expect(w.threads[0]).toMatchObject({ currentStepDescription: "Quote", openActivityCount: 2, activityCount: 3 });
  expect(w.threads[1]).toMatchObject({ currentStepDescription: null, openActivityCount: 0, activityCount: 1 });
  expect(w.threads[1]!.closedAt).not.toBeNull();
  expect(w.openActivities.map((a) => a.stepDescription)).toEqual(["Quote", "Quote"]);
  const times = w.openActivities.map((a) => a.scheduledTime);
  expect(times).toEqual([...times].sort());
  expect(w.openActivities[0]!.pinnedValues).toEqual([{ tableId: "CUSTOMER", name: gate.name, value: "4321" }]);
});

test("a customer without work has an empty card", async () => {
  const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
  const quiet = await factories(server.prisma).customer(branch.branchId, "199999");
  const r = await staff.gql<{ customerWork: Work }>(WORK, { c: quiet.id });
  expect(r.data?.customerWork).toMatchObject({ threads: [], openActivities: [] });
});

test("refused without CUSTOMER_ACCESS, and another branch's customer is not found", async () => {
  const { customer } = await customerWithWork(branch);
  const driver = await employee(branch, []);
  const refused = await driver.gql(WORK, { c: customer.id });
  expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  expect(refused.data?.customerWork ?? null).toBeNull();

  const stranger = await employee(other, ["CUSTOMER_ACCESS"]);
  const elsewhere = await stranger.gql(WORK, { c: customer.id });
  expect(elsewhere.errors?.[0]).toMatchObject({ message: "Customer not found." });
  expect(JSON.stringify(elsewhere.data ?? null)).not.toContain(customer.name);

  const unknown = await stranger.gql(WORK, { c: crypto.randomUUID() });
  expect(unknown.errors?.[0]).toMatchObject({ message: "Customer not found." });
});
