import { expect, test } from "bun:test";
import type { TestServer } from "../../test/harness.ts";
import { serveDemo } from "../../test/serve-demo.ts";
import { signIn } from "../../test/sign-in.ts";

// The demo's lead pipeline and lead setup: "Sales territories" is the segregation map and the demo
// leads with coordinates lie in its zones; 60 open leads stand on "New customer sale" (20, 15, 12, 8
// and 5 at its five steps), as the pipeline answers them.

let server: TestServer;
serveDemo((s) => {
  server = s;
});

test("the segregation map places the demo leads; 60 of them on the New customer sale pipeline", async () => {
  const demo = await server.prisma.branch.findUniqueOrThrow({ where: { host: "demo" } });
  const config = await server.prisma.leadConfiguration.findUniqueOrThrow({ where: { branchId: demo.id } });
  const map = await server.prisma.territoryMap.findUniqueOrThrow({ where: { id: config.leadSegregationMapId! } });
  expect(map.name).toBe("Sales territories");
  const placed = await server.prisma.lead.count({ where: { branchId: demo.id, zoneId: { not: null } } });
  const located = await server.prisma.lead.count({ where: { branchId: demo.id, latitude: { not: null } } });
  // the rest lie outside the three sales territories (out of area)
  expect(placed).toBeGreaterThan(500);
  expect(placed).toBeLessThan(located);

  const c = await signIn(server, "employee@demo.test");
  const project = await server.prisma.project.findFirstOrThrow({
    where: { branchId: demo.id, description: "New customer sale" },
  });
  const r = await c.gql<{ leadPipeline: { total: number; columns: { description: string; count: number }[] } }>(
    "query($p: ID!){ leadPipeline(projectId: $p){ total columns { description count } } }",
    { p: project.id },
  );
  expect(r.data!.leadPipeline.total).toBe(60);
  expect(r.data!.leadPipeline.columns.map((col) => [col.description, col.count])).toEqual([
    ["First call", 20],
    ["Appointment", 15],
    ["Quote", 12],
    ["Sold", 8],
    ["Installed", 5],
  ]);
});
