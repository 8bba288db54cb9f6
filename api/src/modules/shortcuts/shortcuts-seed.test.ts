import { expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { employee } from "../../../test/personnel-helpers.ts";
import { serveDemo } from "../../../test/serve-demo.ts";

// The demo's shortcuts: "Set appointment" and "Close as lost" for project threads; run on a demo sale
// thread with an open first call, "Set appointment" books the taste test and resolves that call.

let server: TestServer;
serveDemo((s) => {
  server = s;
});

test("the demo branch has its shortcuts, and Set appointment works on a sale thread", async () => {
  const demo = (await server.prisma.branch.findUnique({ where: { host: "demo" } }))!;
  const rep = await employee({ server, branchId: demo.id, host: "demo" }, ["CUSTOMER_ACCESS"]);
  const r = await rep.gql<{ workflowShortcuts: { id: string; name: string; tableId: string }[] }>(
    `{ workflowShortcuts(tableIds: [PROJECT_THREAD]) { id name tableId } }`,
  );
  expect(r.data?.workflowShortcuts.map((s) => s.name)).toEqual(["Set appointment", "Close as lost"]);
  const firstCall = await server.prisma.activity.findFirst({
    where: {
      branchId: demo.id,
      status: "ACTIVE",
      thread: { closedAt: null },
      step: { description: "First call", project: { description: "New customer sale" } },
    },
  });
  expect(firstCall).not.toBeNull();
  const run = await rep.gql<{ executeWorkflowShortcut: { results: { isSuccess: boolean; message: string }[] } }>(
    `mutation($id: ID!, $e: [ID!]!){ executeWorkflowShortcut(shortcutId: $id, entityIds: $e){ results { isSuccess message } } }`,
    { id: r.data?.workflowShortcuts[0]?.id, e: [firstCall?.threadId] },
  );
  expect(run.data?.executeWorkflowShortcut.results[0]?.isSuccess).toBe(true);
  expect(run.data?.executeWorkflowShortcut.results[0]?.message).toContain('Created "Water taste test at home"');
  expect((await server.prisma.activity.findUnique({ where: { id: firstCall!.id } }))?.status).toBe("RESOLVED");
});
