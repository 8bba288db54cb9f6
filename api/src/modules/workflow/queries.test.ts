import { describe, expect, test } from "bun:test";
import { customFieldFactory } from "../../../test/factories/custom-fields.ts";
import { factories } from "../../../test/harness.ts";
import { employee, serveStatementCountedBranch } from "../../../test/personnel-helpers.ts";
import type { TableIdentifier } from "../../generated/prisma/enums.ts";

// My work for a person with 500 open activities, and a thread with 300 activities, each take a few
// SQL statements whatever their size: steps, threads, projects, people, customers and priorities are
// read once for all rows (views.ts), never once per row; so are the pinned custom field values beside
// each activity, a customer's threads' activity values, and a customer's work (field-values.ts); a
// thread's page (its header with its counts, then its timeline 25 at a time: thread-page.ts) too.
// Counted by the server (SQL_STATEMENT_COUNT=on answers x-sql-statements per request).

/** Two requests' statement counts differ by no more than the viewer's reads (session, permissions). */
const viewerReadsApart = (a: number, b: number) => Math.abs(a - b) <= 2;

const branch = serveStatementCountedBranch();

const MY_WORK = `query { assignedActivities { id subject scheduledTime status stepDescription projectDescription
  customerName assignedPersonName priorityName threadClosed pinnedValues { tableId name value } } }`;
/** My work as the screen asks it: a page of 50 with the counts and options of the whole list. */
const MY_WORK_PAGE = `query($q: String, $sort: MyWorkSort) { myWork(search: $q, sort: $sort, take: 50) {
  activities { id threadId subject details scheduledTime lengthMinutes status stepDescription projectDescription
    customerName leadId priorityName threadClosed pinnedValues { tableId name value } }
  total dueCounts { overdue today upcoming all } projects { id description } priorities { id name } } }`;
const CUSTOMER_THREADS = `query($c: ID!){ customerProjectThreads(customerId: $c){ id activities { id }
  activityCustomFieldValues { recordId fieldId value } } }`;
const CUSTOMER_WORK = `query($c: ID!){ customerWork(customerId: $c){ customerName
  threads { id projectDescription currentStepDescription closedAt openActivityCount }
  openActivities { id subject stepDescription scheduledTime assignedPersonName pinnedValues { name value } }
  openActivityCount } }`;
const THREAD = `query($id: ID!){ projectThread(id: $id){ id customerName projectDescription openActivityCount
  activities { id subject stepDescription assignedPersonName enteredByPersonName priorityName status }
  activityCustomFieldValues { recordId value } } }`;
/** The thread as its page asks it now: the header, its counts per step and the first page of its timeline. */
const PAGE_FIELDS = `activities { id subject stepDescription assignedPersonName enteredByPersonName priorityName status }
  customFieldValues { recordId value } nextCursor`;
const THREAD_PAGE = `query($id: ID!){ projectThread(id: $id){ id customerName projectDescription openActivityCount activityCount
  stepCounts { stepId active resolved } timeline(take: 25) { ${PAGE_FIELDS} } } }`;
const NEXT_PAGE = `query($id: ID!, $after: String){ projectThreadActivities(threadId: $id, after: $after, take: 25) { ${PAGE_FIELDS} } }`;

describe("the statements my work and a thread's timeline take", () => {
  test("500 open activities over 50 customers' threads, and a thread of 300 activities: at most 8 statements each", async () => {
    const p = branch.server.prisma;
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
    // A pinned field on each of the three tables, with a value on every record (and an unpinned one).
    const field = customFieldFactory(p);
    const pins = {
      ACTIVITY: await field(b, { tableId: "ACTIVITY", type: "INTEGER", pinStatus: "PINNED", name: "Bottles" }),
      PROJECT_THREAD: await field(b, { tableId: "PROJECT_THREAD", pinStatus: "PINNED", name: "Install type" }),
      CUSTOMER: await field(b, { tableId: "CUSTOMER", pinStatus: "PINNED", name: "Gate code" }),
    };
    const hidden = await field(b, { tableId: "ACTIVITY", name: "Not pinned" });
    const value = (f: { id: string; tableId: TableIdentifier }, recordId: string, text: string) => ({
      branchId: b,
      fieldId: f.id,
      tableId: f.tableId,
      recordId,
      ...(f.id === pins.ACTIVITY.id ? { valueInt: Number(text) } : { valueString: text }),
    });
    const all = await p.activity.findMany({ where: { branchId: b }, include: { thread: true } });
    await p.customFieldValue.createMany({
      data: [
        ...all.map((a, i) => value(pins.ACTIVITY, a.id, String(i + 1))),
        ...all.map((a) => value(hidden, a.id, "x")),
        ...[...new Set(all.map((a) => a.threadId))].map((id) => value(pins.PROJECT_THREAD, id, "Cooler")),
        ...[...new Set(all.map((a) => a.thread.customerId!))].map((id) => value(pins.CUSTOMER, id, "1234")),
      ],
    });

    const count = async (query: string, vars: Record<string, unknown> = {}) => {
      const r = await rep.gql<Record<string, unknown>>(query, vars);
      expect(r.errors).toBeUndefined();
      return { statements: Number(r.headers.get("x-sql-statements")), data: r.data! };
    };
    await count(MY_WORK); // the session's first request does its own bookkeeping
    const mine = await count(MY_WORK);
    const mineRows = mine.data.assignedActivities as { pinnedValues: { tableId: string; name: string }[] }[];
    expect(mineRows.length).toBe(500);
    expect(mine.statements).toBeGreaterThan(0);
    expect(mine.statements).toBeLessThanOrEqual(8);
    // Each activity shows its own, its thread's and its customer's pinned values, in that order.
    for (const a of mineRows.slice(0, 20))
      expect(a.pinnedValues.map((v) => v.name)).toEqual(["Bottles", "Install type", "Gate code"]);

    // The screen's page of it: 50 rows, the counts of all 500, searched (pinned values too) and sorted.
    const page = await count(MY_WORK_PAGE);
    const first = page.data.myWork as { activities: unknown[]; total: number; dueCounts: { all: number } };
    expect(first.activities.length).toBe(50);
    expect(first.total).toBe(500);
    expect(first.dueCounts.all).toBe(500);
    expect(page.statements).toBeLessThanOrEqual(8);
    const searched = await count(MY_WORK_PAGE, { q: "cooler", sort: "CUSTOMER" });
    expect((searched.data.myWork as { total: number }).total).toBe(500);
    expect(searched.statements).toBeLessThanOrEqual(8);
    // The same question again within seconds is answered from the page kept (no page, counts or values read).
    const again = await count(MY_WORK_PAGE);
    expect(again.data).toEqual(page.data);
    expect(again.statements).toBeLessThanOrEqual(4); // the permissions (and a session's touch now and then)

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
    await count(THREAD, { id: thread.id }); // the first asks the permissions; they may be kept after
    const timeline = await count(THREAD, { id: thread.id });
    const activities = (timeline.data.projectThread as { activities: unknown[] }).activities;
    expect(activities.length).toBe(300);
    // The thread with its 300 activities and their names (one statement: views.ts loadThreads) and
    // their custom field values (one), beside the session's and permissions' reads when they are not
    // kept (a busy machine lets them expire between two requests).
    expect(timeline.statements).toBeLessThanOrEqual(8);
    // The same query for a thread of one activity takes as many statements: nothing per row (give or
    // take the session's and permissions' reads, kept 5 s: a slow request may outlive them).
    const small = await f.workflow.thread(b, project.id, { customerId: big.id });
    await f.workflow.activities(b, small.id, project.steps[0]!.id, { assignedPersonId: rep.personId });
    expect(viewerReadsApart((await count(THREAD, { id: small.id })).statements, timeline.statements)).toBe(true);

    // Its page: the header with its counts per step (one statement), the first 25 activities with their
    // names (one) and their values (one); each next page two. As many for the thread of one activity.
    await count(THREAD_PAGE, { id: small.id }); // the permissions read (and kept, when they are) first
    const paged = await count(THREAD_PAGE, { id: thread.id });
    const head = paged.data.projectThread as {
      openActivityCount: number;
      activityCount: number;
      timeline: { activities: unknown[]; nextCursor: string };
    };
    expect(head.activityCount).toBe(300);
    expect(head.timeline.activities.length).toBe(25);
    expect(paged.statements).toBeLessThanOrEqual(8);
    // The same page again within seconds is the one kept: none of the thread's statements.
    const kept = await count(THREAD_PAGE, { id: thread.id });
    expect(kept.data).toEqual(paged.data);
    expect(kept.statements).toBeLessThanOrEqual(2); // the permissions, when they are not kept either
    // A thread of one activity not asked before: as many as the long one (the write drops what was kept).
    const other = await f.workflow.thread(b, project.id, { customerId: big.id });
    await f.workflow.activities(b, other.id, project.steps[0]!.id, { assignedPersonId: rep.personId });
    expect(viewerReadsApart((await count(THREAD_PAGE, { id: other.id })).statements, paged.statements)).toBe(true);
    const next = await count(NEXT_PAGE, { id: thread.id, after: head.timeline.nextCursor });
    expect((next.data.projectThreadActivities as { activities: unknown[] }).activities.length).toBe(25);
    expect(next.statements).toBeLessThanOrEqual(8);

    // A customer's thread list with its activities' values: one statement for all threads' values.
    const many = await f.customer(b, "488888");
    const few = await f.customer(b, "488889");
    for (let i = 0; i < 20; i++) {
      const th = await f.workflow.thread(b, project.id, { customerId: many.id });
      const acts = await f.workflow.activities(b, th.id, project.steps[0]!.id, { count: 3, start });
      await p.customFieldValue.createMany({ data: acts.map((a) => value(pins.ACTIVITY, a.id, "7")) });
    }
    const one = await f.workflow.thread(b, project.id, { customerId: few.id });
    const oneActs = await f.workflow.activities(b, one.id, project.steps[0]!.id, { count: 3, start });
    await p.customFieldValue.createMany({ data: oneActs.map((a) => value(pins.ACTIVITY, a.id, "7")) });
    await count(CUSTOMER_THREADS, { c: few.id }); // permissions read (and kept, when they are) first
    const twenty = await count(CUSTOMER_THREADS, { c: many.id });
    const values = (twenty.data.customerProjectThreads as { activityCustomFieldValues: unknown[] }[]).flatMap(
      (t) => t.activityCustomFieldValues,
    );
    expect(values.length).toBe(60);
    expect(viewerReadsApart(twenty.statements, (await count(CUSTOMER_THREADS, { c: few.id })).statements)).toBe(true);
    expect(twenty.statements).toBeLessThanOrEqual(8);

    // A customer's work (threads and open activities with their pinned values): a handful too.
    const work = await count(CUSTOMER_WORK, { c: big.id });
    const w = work.data.customerWork as { threads: unknown[]; openActivities: unknown[]; openActivityCount: number };
    expect(w.threads.length).toBe(3);
    // All 302 open activities counted; each thread's first 10 held (the card shows 8).
    expect(w.openActivityCount).toBe(302);
    expect(w.openActivities.length).toBe(10 + 1 + 1);
    expect(work.statements).toBeLessThanOrEqual(8);
  }, 120_000);
});
