import { describe, expect, test } from "bun:test";
import { factories } from "../../../test/harness.ts";
import { employee, serveStatementCountedBranch } from "../../../test/personnel-helpers.ts";

// Lists of threads (thread-heads.ts): a lead's threads as the lead page reads them (open ones first,
// each with its counts and its first page of activities, more on the thread's page) and a customer's
// thread list with every activity, each in the same few statements whether it has one thread or many,
// short or long.

const branch = serveStatementCountedBranch();

const LEAD_THREADS = `query($l: ID!){ leadProjectThreads(leadId: $l){ id closedAt activityCount openActivityCount
  timeline(take: 25){ activities { id subject viewerCan { resolve } } hasMore } } }`;
const CUSTOMER_THREADS = `query($c: ID!){ customerProjectThreads(customerId: $c){ id activityCount
  activities { id } activityCustomFieldValues { recordId } } }`;

type LeadThread = {
  id: string;
  closedAt: string | null;
  activityCount: number;
  openActivityCount: number;
  timeline: { activities: { id: string; subject: string; viewerCan: { resolve: boolean } }[]; hasMore: boolean };
};

describe("lists of threads", () => {
  test("a lead's threads: open first, each its first 25 activities and whether more follow; statements do not grow with them", async () => {
    const p = branch.server.prisma;
    const f = factories(p);
    const b = branch.branchId;
    const staff = await employee(branch, ["CUSTOMER_ACCESS", "LEAD_REPORTING"]);
    const project = await f.workflow.project(b);
    const lead = (n: number) =>
      p.lead.create({ data: { branchId: b, firstName: "Ann", lastName: `Threads${n}`, phone: "(512) 555-0101" } });
    const [one, many] = [await lead(1), await lead(2)];
    const start = new Date(Date.now() - 30 * 86_400_000);
    const small = await f.workflow.thread(b, project.id, { leadId: one.id });
    await f.workflow.activities(b, small.id, project.steps[0]!.id, { count: 2, start });
    // The second lead: a closed thread made first, then a long one (30 activities) and two short ones.
    const closed = await p.projectThread.create({
      data: { branchId: b, projectId: project.id, leadId: many.id, closedAt: new Date() },
    });
    await f.workflow.activities(b, closed.id, project.steps[2]!.id, { status: "RESOLVED", start });
    const long = await f.workflow.thread(b, project.id, { leadId: many.id });
    const longActs = await f.workflow.activities(b, long.id, project.steps[1]!.id, { count: 30, start });
    for (let i = 0; i < 2; i++) {
      const th = await f.workflow.thread(b, project.id, { leadId: many.id });
      await f.workflow.activities(b, th.id, project.steps[0]!.id, { count: 3, start });
    }

    const ask = async (l: string) => {
      const r = await staff.gql<{ leadProjectThreads: LeadThread[] }>(LEAD_THREADS, { l });
      expect(r.errors).toBeUndefined();
      return { threads: r.data!.leadProjectThreads, statements: Number(r.headers.get("x-sql-statements")) };
    };
    await ask(one.id); // the session's and permissions' reads first
    const few = await ask(one.id);
    const lots = await ask(many.id);
    expect(few.threads.length).toBe(1);
    expect(lots.threads.length).toBe(4);
    expect(lots.threads.at(-1)!.id).toBe(closed.id); // open ones first
    const longOne = lots.threads.find((t) => t.id === long.id)!;
    expect(longOne).toMatchObject({ activityCount: 30, openActivityCount: 30 });
    expect(longOne.timeline.hasMore).toBe(true);
    // Its first 25 in time order (the thread page's first page).
    expect(longOne.timeline.activities.map((a) => a.id)).toEqual(longActs.slice(0, 25).map((a) => a.id));
    expect(longOne.timeline.activities[0]!.viewerCan.resolve).toBe(true);
    for (const t of lots.threads.filter((x) => x.id !== long.id)) {
      expect(t.timeline.hasMore).toBe(false);
      expect(t.timeline.activities.length).toBe(t.activityCount);
    }
    // Four threads, one of 30 activities, cost what one thread of 2 does (give or take the viewer's reads).
    expect(Math.abs(lots.statements - few.statements)).toBeLessThanOrEqual(2);
    expect(lots.statements).toBeLessThanOrEqual(8);
  }, 60_000);

  test("a customer's thread list with every activity and their values: as many statements for 1 or 12 threads", async () => {
    const p = branch.server.prisma;
    const f = factories(p);
    const b = branch.branchId;
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const project = await f.workflow.project(b);
    const [few, many] = [await f.customer(b, "470001"), await f.customer(b, "470002")];
    const counts: number[] = [];
    for (let i = 0; i < 12; i++) {
      const th = await f.workflow.thread(b, project.id, { customerId: many.id });
      counts.push((await f.workflow.activities(b, th.id, project.steps[0]!.id, { count: i + 1 })).length);
    }
    const th = await f.workflow.thread(b, project.id, { customerId: few.id });
    await f.workflow.activities(b, th.id, project.steps[0]!.id, { count: 1 });
    const ask = async (c: string) => {
      const r = await staff.gql<{ customerProjectThreads: { activityCount: number; activities: unknown[] }[] }>(
        CUSTOMER_THREADS,
        { c },
      );
      expect(r.errors).toBeUndefined();
      return { threads: r.data!.customerProjectThreads, statements: Number(r.headers.get("x-sql-statements")) };
    };
    await ask(few.id);
    const one = await ask(few.id);
    const twelve = await ask(many.id);
    expect(twelve.threads.length).toBe(12);
    for (const t of twelve.threads) expect(t.activities.length).toBe(t.activityCount);
    expect(twelve.threads.reduce((n, t) => n + t.activities.length, 0)).toBe(counts.reduce((a, c) => a + c, 0));
    expect(Math.abs(twelve.statements - one.statements)).toBeLessThanOrEqual(2);
    expect(twelve.statements).toBeLessThanOrEqual(8);
  }, 60_000);
});
