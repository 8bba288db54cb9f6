import { expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { employee } from "../../../test/personnel-helpers.ts";
import { serveDemo } from "../../../test/serve-demo.ts";

// The demo's automations: five ON automations owned by Eric Employee, and the sale one, tried on a
// "Sold" activity in a dry run, would schedule the install; the route events' runs (one failed), rentals
// and the autopay card expiring this month.

let server: TestServer;
serveDemo((s) => {
  server = s;
});

test("the demo branch has its automations, and the sale one would schedule the install", async () => {
  const demo = (await server.prisma.branch.findUnique({ where: { host: "demo" } }))!;
  const admin = await employee({ server, branchId: demo.id, host: "demo" }, ["WORKFLOW_CONFIGURATION"]);
  const r = await admin.gql<{ automations: { id: string; name: string; status: string; ownerPersonId: string }[] }>(
    "{ automations { id name status ownerPersonId } }",
  );
  expect(r.data?.automations.map((a) => [a.name, a.status])).toEqual([
    ["Call about an expiring autopay card", "ON"],
    ["Follow up a posted delivery", "ON"],
    ["Say sorry for a skipped stop", "ON"],
    ["Schedule the install after a sale", "ON"],
    ["Thank the customer after a service call", "ON"],
  ]);
  const eric = await server.prisma.user.findFirst({ where: { email: "employee@demo.test" } });
  expect(r.data?.automations.every((a) => a.ownerPersonId === eric?.personId)).toBe(true);
  const sold = await server.prisma.activity.findFirst({
    where: { branchId: demo.id, step: { description: "Sold", project: { description: "New customer sale" } } },
  });
  expect(sold).not.toBeNull();
  const t = await admin.gql<{
    testAutomation: { run: { conditionsMet: boolean; actionOutcomes: { detail: string }[] } };
  }>(
    `mutation($id: ID!, $e: ID!){ testAutomation(id: $id, entityId: $e){ run { conditionsMet actionOutcomes { detail } } } }`,
    { id: r.data?.automations.find((a) => a.name.startsWith("Schedule the install"))?.id, e: sold?.id },
  );
  expect(t.data?.testAutomation.run.conditionsMet).toBe(true);
  expect(t.data?.testAutomation.run.actionOutcomes[0]?.detail).toContain('Would create "Install the system"');
});

test("the route events' demo: runs with one failure, their activities in Eric's work, rentals and an expiring card", async () => {
  const demo = (await server.prisma.branch.findUnique({ where: { host: "demo" } }))!;
  const eric = await employee({ server, branchId: demo.id, host: "demo" }, ["WORKFLOW_CONFIGURATION"]);
  const runs = await eric.gql<{ automationRuns: { items: { status: string; error: string; event: string }[] } }>(
    "{ automationRuns(take: 100){ items { status error event } } }",
  );
  const route =
    runs.data?.automationRuns.items.filter((r) =>
      ["WORK_ORDER_POSTED", "STOP_SKIPPED", "AUTOPAY_CARD_EXPIRING"].includes(r.event),
    ) ?? [];
  expect(route.map((r) => [r.event, r.status]).sort()).toEqual([
    ["AUTOPAY_CARD_EXPIRING", "SUCCEEDED"],
    ["STOP_SKIPPED", "FAILED"],
    ["WORK_ORDER_POSTED", "SUCCEEDED"],
  ]);
  expect(route.find((r) => r.status === "FAILED")?.error).toContain("There is no mail address to send to.");
  const login = await server.prisma.user.findFirstOrThrow({ where: { email: "employee@demo.test" } });
  const work = await server.prisma.activity.findMany({
    where: {
      assignedPersonId: login.personId!,
      subject: { in: ["Ask how the delivery went", "Call for a new card before autopay fails"] },
    },
  });
  expect(work).toHaveLength(2);
  expect(await server.prisma.rental.count({ where: { branchId: demo.id } })).toBe(2);
  const { runRouteEventSweep } = await import("../deliveries/route-event-sweep.ts");
  // the card was raised already (its run above); the rental's anniversary three days ago is raised now, once
  const [first] = await runRouteEventSweep(server.runtime, { branchId: demo.id });
  expect(first).toMatchObject({ cardsExpiring: 0, anniversaries: 1 });
  expect((await runRouteEventSweep(server.runtime, { branchId: demo.id }))[0]).toMatchObject({ anniversaries: 0 });
});
