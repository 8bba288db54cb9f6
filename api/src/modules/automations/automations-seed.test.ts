import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestServer, type TestServer } from "../../../test/harness.ts";
import { employee } from "../../../test/personnel-helpers.ts";
import { seedDemo } from "../../db/seed.ts";

// The demo's automations: two ON automations owned by Eric Employee, and the sale one, tried on a
// "Sold" activity in a dry run, would schedule the install.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ JOBS: "off" });
  await seedDemo(server.prisma);
}, 180_000);
afterAll(() => server.close(), 30_000);

test("the demo branch has its automations, and the sale one would schedule the install", async () => {
  const demo = (await server.prisma.branch.findUnique({ where: { host: "demo" } }))!;
  const admin = await employee({ server, branchId: demo.id, host: "demo" }, ["WORKFLOW_CONFIGURATION"]);
  const r = await admin.gql<{ automations: { id: string; name: string; status: string; ownerPersonId: string }[] }>(
    "{ automations { id name status ownerPersonId } }",
  );
  expect(r.data?.automations.map((a) => [a.name, a.status])).toEqual([
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
    { id: r.data?.automations[0]?.id, e: sold?.id },
  );
  expect(t.data?.testAutomation.run.conditionsMet).toBe(true);
  expect(t.data?.testAutomation.run.actionOutcomes[0]?.detail).toContain('Would create "Install the system"');
});
