// Prepares the work benchmark's database and exits (run by bench/workflow.bench.ts before its server
// starts): migrations, then, made with the test factories (not the demo): a branch, a rep (an employee
// with CUSTOMER_ACCESS) holding 500 open activities over 50 customers' threads, one customer with a
// thread of 300 activities, and pinned custom fields on activities, threads and customers with a value
// on every record (what my work shows beside each subject). Prints the ids the scenarios ask for.
//
//   bun bench/workflow-fixture.ts <dataDir>            (embedded PGlite in <dataDir>)
//   DATABASE_URL=postgresql://... bun bench/workflow-fixture.ts

import { openDatabase } from "../api/src/db/client.ts";
import { applyMigrations } from "../api/src/db/migrate.ts";
import type { TableIdentifier } from "../api/src/generated/prisma/enums.ts";
import { factories } from "../api/test/factories/index.ts";

export const WORK_HOST = "work-bench";
export const REP_PASSWORD = "bench-pass-1";
const HOUR = 3_600_000;

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.argv[2] });
try {
  await applyMigrations(database.migrationTarget);
  const p = database.prisma;
  const f = factories(p);
  const b = (await f.branch({ host: WORK_HOST })).id;
  const rep = await f.user(b, { password: REP_PASSWORD, permissions: ["CUSTOMER_ACCESS"] });
  const priority = await p.workflowPriority.create({ data: { branchId: b, name: "High" } });
  const project = await f.workflow.project(b, { description: "Cooler install" });
  const start = new Date(Date.now() - 10 * 24 * HOUR);
  // My work: 500 open activities, 10 on each of 50 customers' threads.
  for (let c = 0; c < 50; c++) {
    const customer = await f.customer(b, String(400000 + c));
    const thread = await f.workflow.thread(b, project.id, { customerId: customer.id });
    await f.workflow.activities(b, thread.id, project.steps[c % 3]!.id, {
      count: 10,
      start: new Date(start.getTime() + c * HOUR),
      assignedPersonId: rep.personId,
    });
  }
  // One thread of 300 activities (100 at each step), for a customer who has a second, short thread.
  const big = await f.customer(b, "499999");
  const thread = await f.workflow.thread(b, project.id, { customerId: big.id });
  for (const [i, step] of project.steps.entries())
    await f.workflow.activities(b, thread.id, step.id, {
      count: 100,
      start: new Date(start.getTime() + i * 200 * HOUR),
      assignedPersonId: null, // my work stays at exactly 500
      status: i === 0 ? "RESOLVED" : "ACTIVE",
    });
  const second = await f.workflow.thread(b, project.id, { customerId: big.id });
  await f.workflow.activities(b, second.id, project.steps[0]!.id, { count: 3, start });
  await p.activity.updateMany({ where: { branchId: b }, data: { priorityId: priority.id } });

  // Pinned fields with a value on every activity, thread and customer; one unpinned field beside them.
  const field = (tableId: TableIdentifier, name: string, pinned = true) =>
    p.customField.create({
      data: { branchId: b, tableId, name, type: "TEXT", pinStatus: pinned ? "PINNED" : "NOT_PINNED" },
    });
  const pins = [
    await field("ACTIVITY", "Bottles"),
    await field("PROJECT_THREAD", "Install type"),
    await field("CUSTOMER", "Gate code"),
    await field("ACTIVITY", "Notes", false),
  ];
  const activities = await p.activity.findMany({ where: { branchId: b }, select: { id: true, threadId: true } });
  const threads = await p.projectThread.findMany({ where: { branchId: b }, select: { id: true, customerId: true } });
  const records: Record<string, string[]> = {
    ACTIVITY: activities.map((a) => a.id),
    PROJECT_THREAD: threads.map((t) => t.id),
    CUSTOMER: [...new Set(threads.map((t) => t.customerId!))],
  };
  await p.customFieldValue.createMany({
    data: pins.flatMap((fd) =>
      records[fd.tableId]!.map((recordId, i) => ({
        branchId: b,
        fieldId: fd.id,
        tableId: fd.tableId,
        recordId,
        valueString: `${fd.name} ${i}`,
      })),
    ),
  });
  // Planner statistics now, as after a while in service (PGlite has no autovacuum to gather them).
  await p.$executeRawUnsafe("ANALYZE");
  console.log(JSON.stringify({ host: WORK_HOST, email: rep.email, threadId: thread.id, customerId: big.id }));
} finally {
  await database.close();
}
