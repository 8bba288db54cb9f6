import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// A thread's pages as an attacker would ask for them: many pages of one thread at once (each answers
// the same page, none fails), and a cursor taken from another thread (its own branch's or another
// branch's), which only says where to start in the thread asked for: it never brings another
// thread's activities.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type Page = { activities: { id: string; subject: string }[]; nextCursor: string | null };
const PAGE = `query($id: ID!, $after: String, $take: Int){ projectThreadActivities(threadId: $id, after: $after, take: $take){
  activities { id subject } nextCursor } }`;

/** A thread of `count` activities (subjects `<label> 0..`), on the branch. */
async function threadWith(b: Branch, label: string, count: number) {
  const f = factories(server.prisma);
  const project = await f.workflow.project(b.branchId);
  const customer = await f.customer(b.branchId, String(300000 + Math.floor(Math.random() * 600000)));
  const thread = await f.workflow.thread(b.branchId, project.id, { customerId: customer.id });
  const start = Date.now() - 30 * 86_400_000;
  await server.prisma.activity.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      branchId: b.branchId,
      threadId: thread.id,
      stepId: project.steps[0]!.id,
      subject: `${label} ${i}`,
      scheduledTime: new Date(start + i * 3_600_000),
    })),
  });
  return thread;
}

describe("a thread's pages under attack", () => {
  test("20 requests for the same page at once: every one answers that page", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const thread = await threadWith(branch, "Busy", 30);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => staff.gql<{ projectThreadActivities: Page }>(PAGE, { id: thread.id, take: 10 })),
    );
    const first = answers[0]!.data!.projectThreadActivities;
    expect(first.activities.map((a) => a.subject)).toEqual(Array.from({ length: 10 }, (_, i) => `Busy ${i}`));
    for (const a of answers) {
      expect(a.errors).toBeUndefined();
      expect(a.data!.projectThreadActivities).toEqual(first);
    }
  });

  test("a cursor of another thread only says where to start: the answer is the asked thread's, or nothing", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const mine = await threadWith(branch, "Mine", 12);
    const theirs = await threadWith(branch, "Theirs", 12);
    const north = await threadWith(other, "North", 12);
    const northStaff = await employee(other, ["CUSTOMER_ACCESS"]);

    // A cursor from the middle of the other thread of the same branch, used on mine.
    const theirPage = await staff.gql<{ projectThreadActivities: Page }>(PAGE, { id: theirs.id, take: 5 });
    const cursor = theirPage.data!.projectThreadActivities.nextCursor!;
    expect(cursor).toBeTruthy();
    const forged = await staff.gql<{ projectThreadActivities: Page }>(PAGE, { id: mine.id, after: cursor, take: 50 });
    expect(forged.errors).toBeUndefined();
    const subjects = forged.data!.projectThreadActivities.activities.map((a) => a.subject);
    expect(subjects.every((s) => s.startsWith("Mine "))).toBe(true);

    // Another branch's cursor on this branch's thread, and this branch's cursor on another branch's thread.
    const northPage = await northStaff.gql<{ projectThreadActivities: Page }>(PAGE, { id: north.id, take: 5 });
    const northCursor = northPage.data!.projectThreadActivities.nextCursor!;
    const crossed = await staff.gql<{ projectThreadActivities: Page }>(PAGE, {
      id: mine.id,
      after: northCursor,
      take: 50,
    });
    expect(crossed.data!.projectThreadActivities.activities.every((a) => a.subject.startsWith("Mine "))).toBe(true);
    const intoNorth = await staff.gql<{ projectThreadActivities: Page }>(PAGE, {
      id: north.id,
      after: cursor,
      take: 50,
    });
    expect(intoNorth.data?.projectThreadActivities ?? null).toBeNull();
    expect(intoNorth.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});
