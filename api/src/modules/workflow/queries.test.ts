import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee } from "../../../test/personnel-helpers.ts";

// My work for a person with 500 open activities, and a thread with 300 activities, each take a few
// SQL statements whatever their size: steps, threads, projects, people, customers and priorities are
// read once for all rows (views.ts), never once per row. Counted by the server (SQL_STATEMENT_COUNT=on
// answers x-sql-statements per request).

let server: TestServer;
let branch: Branch;

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off", SQL_STATEMENT_COUNT: "on" });
  const b = await factories(server.prisma).branch();
  branch = { server, branchId: b.id, host: b.host };
}, 60_000);
afterAll(() => server.close(), 30_000);

const MY_WORK = `query { assignedActivities { id subject scheduledTime status stepDescription projectDescription
  customerName assignedPersonName priorityName threadClosed } }`;
const THREAD = `query($id: ID!){ projectThread(id: $id){ id customerName projectDescription openActivityCount
  activities { id subject stepDescription assignedPersonName enteredByPersonName priorityName status } } }`;

describe("the statements my work and a thread's timeline take", () => {
  test("500 open activities over 50 customers' threads, and a thread of 300 activities: at most 8 statements each", async () => {
    const p = server.prisma;
    const b = branch.branchId;
    const f = factories(p);
    const rep = await employee(branch, ["CUSTOMER_ACCESS"]);
    const priority = await p.workflowPriority.create({ data: { branchId: b, name: "High" } });
    const project = await f.workflow.project(b);
    const start = new Date(Date.now() - 10 * 86_400_000);
    for (let c = 0; c < 50; c++) {
      const customer = await f.customer(b, String(400000 + c));
      const thread = await f.workflow.thread(b, project.id, { customerId: customer.id });
      await f.workflow.activities(b, thread.id, project.steps[c % 3]!.id, {
        count: 10,
        start: new Date(start.getTime() + c * 3_600_000),
        assignedPersonId: rep.personId,
      });
    }
    await p.activity.updateMany({ where: { branchId: b }, data: { priorityId: priority.id } });

    const count = async (query: string, vars: Record<string, unknown> = {}) => {
      const r = await rep.gql<Record<string, unknown>>(query, vars);
      expect(r.errors).toBeUndefined();
      return { statements: Number(r.headers.get("x-sql-statements")), data: r.data! };
    };
    await count(MY_WORK); // the session's first request does its own bookkeeping
    const mine = await count(MY_WORK);
    expect((mine.data.assignedActivities as unknown[]).length).toBe(500);
    expect(mine.statements).toBeGreaterThan(0);
    expect(mine.statements).toBeLessThanOrEqual(8);

    // A window of my work (what the screen asks for "today"): exactly the activities scheduled in it.
    const from = new Date(start.getTime() + 20 * 3_600_000);
    const to = new Date(start.getTime() + 30 * 3_600_000);
    const windowed = await rep.gql<{ assignedActivities: { scheduledTime: string }[] }>(
      `query($f: DateTime, $t: DateTime){ assignedActivities(from: $f, to: $t){ scheduledTime } }`,
      { f: from.toISOString(), t: to.toISOString() },
    );
    const expected = await p.activity.count({
      where: { assignedPersonId: rep.personId, scheduledTime: { gte: from, lt: to } },
    });
    expect(expected).toBeGreaterThan(0);
    expect(windowed.data?.assignedActivities.length).toBe(expected);
    expect(windowed.data?.assignedActivities[0]?.scheduledTime).toBe(from.toISOString());

    const big = await f.customer(b, "499999");
    const thread = await f.workflow.thread(b, project.id, { customerId: big.id });
    for (const [i, step] of project.steps.entries())
      await f.workflow.activities(b, thread.id, step.id, {
        count: 100,
        start: new Date(start.getTime() + i * 200 * 3_600_000),
        assignedPersonId: i === 1 ? null : rep.personId,
      });
    const timeline = await count(THREAD, { id: thread.id });
    const activities = (timeline.data.projectThread as { activities: unknown[] }).activities;
    expect(activities.length).toBe(300);
    expect(timeline.statements).toBeLessThanOrEqual(8);
    // The same query for a thread of one activity takes as many statements: nothing per row.
    const small = await f.workflow.thread(b, project.id, { customerId: big.id });
    await f.workflow.activities(b, small.id, project.steps[0]!.id, { assignedPersonId: rep.personId });
    expect((await count(THREAD, { id: small.id })).statements).toBe(timeline.statements);
  }, 120_000);
});
