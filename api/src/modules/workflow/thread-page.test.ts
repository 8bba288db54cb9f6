import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// A thread's timeline a page at a time (thread-page.ts): the header's counts are of all its
// activities whatever page is shown; pages follow one total order (scheduled time, entered time, id),
// so walking them while activities are added meanwhile shows every activity at most once and skips
// none of those that were there; a page larger than the cap, or a cursor that is not one, is refused
// with a sentence; another branch's thread is not found; reading takes CUSTOMER_ACCESS.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type Act = { id: string; scheduledTime: string; status: string; stepDescription: string };
type Page = {
  activities: Act[];
  nextCursor: string | null;
  hasMore: boolean;
  customFieldValues: { recordId: string }[];
};
const FIELDS = `activities { id scheduledTime status stepDescription } nextCursor hasMore customFieldValues { recordId }`;
const HEAD = `query($id: ID!, $take: Int){ projectThread(id: $id){ id activityCount openActivityCount
  stepCounts { stepId stepDescription active resolved cancelled total } timeline(take: $take){ ${FIELDS} } } }`;
const PAGE = `query($id: ID!, $after: String, $take: Int){ projectThreadActivities(threadId: $id, after: $after, take: $take){ ${FIELDS} } }`;
const ALL = `query($id: ID!){ projectThread(id: $id){ activities { id } } }`;

const HOUR = 3_600_000;

async function threadOf(b: Branch) {
  const p = server.prisma;
  const f = factories(p);
  const project = await f.workflow.project(b.branchId);
  const customer = await f.customer(b.branchId, String(300000 + Math.floor(Math.random() * 600000)));
  const thread = await f.workflow.thread(b.branchId, project.id, { customerId: customer.id });
  return { p, f, project, thread };
}

describe("a thread's timeline in pages", () => {
  test("counts of all activities, pages in one order, nothing twice and nothing skipped under inserts", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const { p, f, project, thread } = await threadOf(branch);
    const b = branch.branchId;
    const start = new Date(Date.now() - 30 * 24 * HOUR);
    const [s1, s2, s3] = project.steps;
    await f.workflow.activities(b, thread.id, s1!.id, { count: 20, start, status: "RESOLVED" });
    await f.workflow.activities(b, thread.id, s2!.id, { count: 20, start: new Date(start.getTime() + 20 * HOUR) });
    await f.workflow.activities(b, thread.id, s3!.id, { count: 5, start: new Date(start.getTime() + 40 * HOUR) });
    // Five at the very same time, entered together: only their ids tell them apart.
    const same = new Date(start.getTime() + 25 * HOUR + 30 * 60_000);
    await p.activity.createMany({
      data: Array.from({ length: 5 }, (_, i) => ({
        branchId: b,
        threadId: thread.id,
        stepId: s2!.id,
        subject: `Tie ${i}`,
        scheduledTime: same,
      })),
    });
    const cancelled = await p.activity.findFirstOrThrow({
      where: { threadId: thread.id, subject: "Activity 1", stepId: s3!.id },
    });
    await p.activity.update({ where: { id: cancelled.id }, data: { status: "CANCELLED" } });
    const deleted = await p.activity.findFirstOrThrow({
      where: { threadId: thread.id, subject: "Activity 2", stepId: s3!.id },
    });
    await p.activity.update({ where: { id: deleted.id }, data: { status: "DELETED" } });
    const there = (await p.activity.findMany({ where: { threadId: thread.id, status: { not: "DELETED" } } })).map(
      (a) => a.id,
    );
    expect(there.length).toBe(49);

    const head = await staff.gql<{
      projectThread: {
        activityCount: number;
        openActivityCount: number;
        stepCounts: { stepDescription: string; active: number; resolved: number; cancelled: number; total: number }[];
        timeline: Page;
      };
    }>(HEAD, { id: thread.id, take: 10 });
    expect(head.errors).toBeUndefined();
    const t = head.data!.projectThread;
    // The counts are the whole thread's (49 shown as work, 28 open), not the first page's.
    expect(t.activityCount).toBe(49);
    expect(t.openActivityCount).toBe(20 + 5 + 3);
    expect(t.stepCounts.map((c) => [c.stepDescription, c.active, c.resolved, c.cancelled, c.total])).toEqual([
      [s1!.description, 0, 20, 0, 20],
      [s2!.description, 25, 0, 0, 25],
      [s3!.description, 3, 0, 1, 4],
    ]);
    expect(t.timeline.activities.length).toBe(10);
    expect(t.timeline.hasMore).toBe(true);

    // Walk the rest 10 at a time; between pages, add one activity before what is shown, one after it,
    // and one at the same time as the last shown (entered later, so after it).
    const seen = [...t.timeline.activities];
    let cursor = t.timeline.nextCursor;
    const addedAfter: string[] = [];
    const addedBefore: string[] = [];
    let n = 0;
    while (cursor) {
      const last = seen.at(-1)!;
      const at = (ms: number) => ({
        branchId: b,
        threadId: thread.id,
        stepId: s2!.id,
        subject: `Added ${n++}`,
        scheduledTime: new Date(ms),
      });
      addedBefore.push((await p.activity.create({ data: at(start.getTime() - HOUR) })).id);
      addedAfter.push((await p.activity.create({ data: at(new Date(last.scheduledTime).getTime()) })).id);
      addedAfter.push((await p.activity.create({ data: at(start.getTime() + 100 * HOUR + n * HOUR) })).id);
      const r = await staff.gql<{ projectThreadActivities: Page }>(PAGE, { id: thread.id, after: cursor, take: 10 });
      expect(r.errors).toBeUndefined();
      const page = r.data!.projectThreadActivities;
      expect(page.activities.length).toBeLessThanOrEqual(10);
      seen.push(...page.activities);
      cursor = page.nextCursor;
      expect(page.hasMore).toBe(cursor !== null);
    }
    const ids = seen.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length); // nothing twice
    for (const id of there) expect(ids).toContain(id); // nothing that was there skipped
    for (const id of addedAfter) expect(ids).toContain(id); // added after the page shown: in a later page
    for (const id of addedBefore) expect(ids).not.toContain(id); // before it: in a reload, not a later page
    expect(ids).not.toContain(deleted.id);
    // In the thread's order: the same as its full list (which has the ones added before, too).
    const all = (await staff.gql<{ projectThread: { activities: { id: string }[] } }>(ALL, { id: thread.id })).data!
      .projectThread.activities;
    expect(all.map((a) => a.id).filter((id) => ids.includes(id))).toEqual(ids);
    expect(all.length).toBe(ids.length + addedBefore.length);
  }, 60_000);

  test("each page carries its own activities' custom field values", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const { p, f, project, thread } = await threadOf(branch);
    const b = branch.branchId;
    const acts = await f.workflow.activities(b, thread.id, project.steps[0]!.id, { count: 7 });
    const field = await p.customField.create({
      data: { branchId: b, tableId: "ACTIVITY", name: `Bottles ${thread.id}`, type: "TEXT" },
    });
    await p.customFieldValue.createMany({
      data: acts.map((a, i) => ({
        branchId: b,
        fieldId: field.id,
        tableId: "ACTIVITY" as const,
        recordId: a.id,
        valueString: `v${i}`,
      })),
    });
    const first = (await staff.gql<{ projectThread: { timeline: Page } }>(HEAD, { id: thread.id, take: 4 })).data!
      .projectThread.timeline;
    expect(first.customFieldValues.map((v) => v.recordId)).toEqual(first.activities.map((a) => a.id));
    const second = (
      await staff.gql<{ projectThreadActivities: Page }>(PAGE, { id: thread.id, after: first.nextCursor, take: 4 })
    ).data!.projectThreadActivities;
    expect(second.activities.length).toBe(3);
    expect(second.nextCursor).toBeNull();
    expect(second.customFieldValues.map((v) => v.recordId)).toEqual(second.activities.map((a) => a.id));
  });

  test("a page larger than 100, an empty one, or a cursor that is not one is refused with a sentence", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const { f, project, thread } = await threadOf(branch);
    await f.workflow.activities(branch.branchId, thread.id, project.steps[0]!.id, { count: 3 });
    const page = (vars: Record<string, unknown>) =>
      staff.gql<{ projectThreadActivities: Page }>(PAGE, { id: thread.id, ...vars });
    const max = await page({ take: 100 });
    expect(max.errors).toBeUndefined();
    expect(max.data!.projectThreadActivities.activities.length).toBe(3);
    // Above the cap (or below 0): refused by every page size's limit before anything runs (graphql/limits.ts).
    for (const take of [101, 5000, -1]) {
      const r = await page({ take });
      expect(r.errors?.[0]?.message).toBe(`"take" must be between 0 and 100.`);
      expect(r.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
      expect(r.data ?? null).toBeNull();
    }
    const head = await staff.gql(HEAD, { id: thread.id, take: 101 });
    expect(head.errors?.[0]?.message).toBe(`"take" must be between 0 and 100.`);
    // An empty page is no page: refused by the thread's own check.
    const none = await page({ take: 0 });
    expect(none.errors?.[0]?.message).toBe(
      "A page of a thread's activities holds 1 to 100 activities; 0 were asked for.",
    );
    expect(none.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    for (const after of ["nonsense", Buffer.from("[1,2]").toString("base64url"), "x".repeat(300)]) {
      const r = await page({ after });
      expect(r.errors?.[0]?.message).toBe("That page of the thread is no longer valid: load the thread again.");
    }
  });

  test("another branch's thread is not found; reading takes CUSTOMER_ACCESS", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const nobody = await employee(branch, []);
    const theirs = await threadOf(other);
    await theirs.f.workflow.activities(other.branchId, theirs.thread.id, theirs.project.steps[0]!.id, { count: 2 });
    const r = await staff.gql(PAGE, { id: theirs.thread.id });
    expect(r.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await staff.gql(HEAD, { id: theirs.thread.id })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const mine = await threadOf(branch);
    expect((await nobody.gql(PAGE, { id: mine.thread.id })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
