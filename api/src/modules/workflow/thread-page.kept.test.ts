import { describe, expect, test } from "bun:test";
import { factories } from "../../../test/harness.ts";
import { employee, serveStatementCountedBranch } from "../../../test/personnel-helpers.ts";

// A thread's page (its header with its counts, and each page of its timeline) and a customer's work card
// are kept a few seconds per viewer and question (thread-page.ts, my-work.service.ts; decision 1000):
// asked again, they cost none of their statements; any write to the work drops them, so the next
// answer shows it at once; another viewer never gets someone else's kept answer (it reads its own), and
// a viewer who lost the permission is refused even though the answer is still kept.

const branch = serveStatementCountedBranch();

const THREAD = `query($id: ID!){ projectThread(id: $id){ id openActivityCount activityCount
  stepCounts { stepId active resolved } timeline(take: 5){ activities { id status } nextCursor customFieldValues { recordId } } } }`;
const CARD = `query($c: ID!){ customerWork(customerId: $c){ openActivityCount
  threads { id openActivityCount currentStepDescription } openActivities { id status } } }`;
const PATCH = `mutation($id: ID!, $i: PatchActivityInput!){ patchActivity(id: $id, input: $i){ isSuccess } }`;

type Thread = {
  projectThread: {
    openActivityCount: number;
    activityCount: number;
    timeline: { activities: { id: string; status: string }[] };
  };
};
type Card = { customerWork: { openActivityCount: number; openActivities: { id: string }[] } };

async function customerWithThread() {
  const p = branch.server.prisma;
  const f = factories(p);
  const b = branch.branchId;
  const project = await f.workflow.project(b);
  const customer = await f.customer(b, String(300000 + Math.floor(Math.random() * 600000)));
  const thread = await f.workflow.thread(b, project.id, { customerId: customer.id });
  const acts = await f.workflow.activities(b, thread.id, project.steps[0]!.id, { count: 12 });
  return { customer, thread, acts };
}

describe("the thread page and the customer's work card, kept", () => {
  test("asked again: kept (no statement of their own); a write drops them and the next answer shows it", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const colleague = await employee(branch, ["CUSTOMER_ACCESS"]);
    const { customer, thread, acts } = await customerWithThread();
    const ask = async <T>(q: string, v: Record<string, unknown>, who = staff) => {
      const r = await who.gql<T>(q, v);
      expect(r.errors).toBeUndefined();
      return { data: r.data!, statements: Number(r.headers.get("x-sql-statements")) };
    };
    const first = await ask<Thread>(THREAD, { id: thread.id });
    const card = await ask<Card>(CARD, { c: customer.id });
    expect(first.data.projectThread.openActivityCount).toBe(12);
    expect(card.data.customerWork.openActivityCount).toBe(12);
    expect(card.data.customerWork.openActivities.length).toBe(10); // the thread's first 10 of its 12
    const again = await ask<Thread>(THREAD, { id: thread.id });
    const cardAgain = await ask<Card>(CARD, { c: customer.id });
    expect(again.data).toEqual(first.data);
    expect(cardAgain.data).toEqual(card.data);
    // Only the session's and permissions' reads, when they are not kept themselves.
    expect(again.statements).toBeLessThan(first.statements);
    expect(again.statements).toBeLessThanOrEqual(2);
    expect(cardAgain.statements).toBeLessThanOrEqual(2);

    // A colleague resolves the first activity: both answers show it on the next ask.
    const resolved = acts[0]!.id;
    expect(
      (
        await colleague.gql<{ patchActivity: { isSuccess: boolean } }>(PATCH, {
          id: resolved,
          i: { status: "RESOLVED" },
        })
      ).data?.patchActivity.isSuccess,
    ).toBe(true);
    const after = await ask<Thread>(THREAD, { id: thread.id });
    expect(after.data.projectThread.openActivityCount).toBe(11);
    expect(after.data.projectThread.timeline.activities.find((a) => a.id === resolved)?.status).toBe("RESOLVED");
    const cardAfter = await ask<Card>(CARD, { c: customer.id });
    expect(cardAfter.data.customerWork.openActivityCount).toBe(11);
    expect(cardAfter.data.customerWork.openActivities.map((a) => a.id)).not.toContain(resolved);

    // A write straight to the database (a job's, an import's) drops them too.
    await branch.server.prisma.activity.update({ where: { id: acts[1]!.id }, data: { status: "CANCELLED" } });
    const later = await ask<Thread>(THREAD, { id: thread.id });
    expect(later.data.projectThread.activityCount).toBe(12);
    expect(later.data.projectThread.openActivityCount).toBe(10);
    expect((await ask<Card>(CARD, { c: customer.id })).data.customerWork.openActivityCount).toBe(10);
  }, 60_000);

  test("kept per viewer: another viewer reads its own, and one who lost the permission is refused", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const other = await employee(branch, ["CUSTOMER_ACCESS"]);
    const { customer, thread } = await customerWithThread();
    const statements = async (who: typeof staff, q: string, v: Record<string, unknown>) => {
      const r = await who.gql(q, v);
      expect(r.errors).toBeUndefined();
      return Number(r.headers.get("x-sql-statements"));
    };
    // Both viewers' sessions and permissions are read (and kept) first, on another question.
    const elsewhere = (await customerWithThread()).thread.id;
    await statements(staff, THREAD, { id: elsewhere });
    await statements(other, THREAD, { id: elsewhere });

    const mine = await statements(staff, THREAD, { id: thread.id });
    expect(mine).toBeGreaterThanOrEqual(3); // the header, the page, its values
    expect(await statements(staff, THREAD, { id: thread.id })).toBeLessThanOrEqual(2); // kept for staff
    // The other viewer asks the very same question: its answer is read for it, not staff's kept one.
    expect(await statements(other, THREAD, { id: thread.id })).toBeGreaterThanOrEqual(3);
    await statements(staff, CARD, { c: customer.id });
    expect(await statements(other, CARD, { c: customer.id })).toBeGreaterThanOrEqual(3);

    // Staff loses CUSTOMER_ACCESS: its kept answers are still there, but it is refused them.
    await branch.server.prisma.permissionGrant.deleteMany({ where: { actorId: staff.personId } });
    for (const [q, v] of [
      [THREAD, { id: thread.id }],
      [CARD, { c: customer.id }],
    ] as const) {
      const refused = await staff.gql(q, v);
      expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(JSON.stringify(refused.data ?? null)).not.toContain(thread.id);
    }
  }, 60_000);
});
