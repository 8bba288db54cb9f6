import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, type TestServer } from "../../../test/harness.ts";
import { clock } from "../../clock.ts";

// The demo's workflow, as the screens will read it: the three projects with their steps, funnel
// positions and milestones, the priorities, and work for Eric Employee (employee@demo.test) that is
// overdue, due today and upcoming.

let server: TestServer;
let eric: Client;

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off" }, { demo: true });
  eric = new Client(server.url, "demo");
  expect((await eric.login("employee@demo.test", "demo-pass-1")).isSuccess).toBe(true);
}, 180_000);
afterAll(() => server.close(), 30_000);

describe("the demo's workflow", () => {
  test("projects, steps with funnel positions and milestones, priorities", async () => {
    const r = await eric.gql<{
      projects: {
        description: string;
        steps: { description: string; funnelPosition: string; milestone: { name: string } | null }[];
      }[];
      priorities: { name: string }[];
    }>(`{ projects { description steps { description funnelPosition milestone { name } } } priorities { name } }`);
    expect(r.errors).toBeUndefined();
    const byName = new Map(r.data!.projects.map((p) => [p.description, p]));
    expect([...byName.keys()].sort()).toEqual(["Cooler rental", "New customer sale", "Service call"]);
    expect(byName.get("New customer sale")!.steps).toEqual([
      { description: "First call", funnelPosition: "TOP", milestone: null },
      { description: "Appointment", funnelPosition: "MIDDLE", milestone: null },
      { description: "Quote", funnelPosition: "BOTTOM", milestone: null },
      { description: "Sold", funnelPosition: "SUCCESS", milestone: { name: "Sold" } },
      { description: "Installed", funnelPosition: "SUCCESS", milestone: { name: "Installed" } },
    ]);
    expect(r.data!.priorities.map((p) => p.name)).toEqual(["High", "Normal", "Low"]);
  });

  test("Eric's work is overdue, today and upcoming; threads and the summary have rows", async () => {
    const r = await eric.gql<{
      assignedActivities: { scheduledTime: string; customerName: string; threadId: string }[];
    }>(`{ assignedActivities { scheduledTime customerName threadId } }`);
    expect(r.errors).toBeUndefined();
    const work = r.data!.assignedActivities;
    const now = clock.nowMs(); // the seed's dates follow the business clock
    expect(work.some((a) => Date.parse(a.scheduledTime) < now - 86_400_000)).toBe(true);
    expect(work.some((a) => Date.parse(a.scheduledTime) > now + 86_400_000)).toBe(true);
    expect(work.some((a) => Math.abs(Date.parse(a.scheduledTime) - now) < 86_400_000)).toBe(true);
    expect(work.every((a) => a.customerName)).toBe(true);

    const thread = await eric.gql<{ projectThread: { activities: { status: string }[] } }>(
      `query($id: ID!){ projectThread(id: $id){ activities { status } } }`,
      { id: work[0]!.threadId },
    );
    expect(thread.data?.projectThread.activities.at(-1)?.status).toBe("ACTIVE");
    const summary = await eric.gql<{ activitySummary: { total: number }[] }>(
      `query($f: DateTime!, $t: DateTime!){ activitySummary(from: $f, to: $t, groupBy: STEP){ label total } }`,
      { f: new Date(now - 60 * 86_400_000).toISOString(), t: new Date(now + 30 * 86_400_000).toISOString() },
    );
    expect(summary.data!.activitySummary.length).toBeGreaterThan(5);
    expect(await server.prisma.projectThread.count({ where: { closedAt: { not: null } } })).toBeGreaterThan(3);
  });
});
