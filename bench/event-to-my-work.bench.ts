// From a route event to the office's work: BENCH_ROUTE_EVENTS (200) work orders posted through the API
// by an integration's key (as the driver's app posts them), BENCH_ROUTE_CONCURRENCY (1) at a time, each
// firing an automation on WORK_ORDER_POSTED that creates an activity for one employee; timed from
// sending postWorkOrder to the activity showing in that employee's my work (`assignedActivities`, asked
// every 20 ms). The run goes the production way: the event writes the run, a pg-boss job executes it
// (jobs on; the minute's sweep is the fallback). Also printed: the medians of a run's wait for a worker
// and of its execution. Goal: p95 <= 2 s. On PGlite, and on PostgreSQL when
// BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set.
//
//   bun bench/event-to-my-work.bench.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres bun bench/event-to-my-work.bench.ts
import { createTestServer, factories, type TestServer } from "../api/test/harness.ts";
import { apiKeyClient, type Branch, employee } from "../api/test/personnel-helpers.ts";
import { latencySummary, onEachDatabase, percentile } from "./on-each-database.ts";

const EVENTS = Number(process.env.BENCH_ROUTE_EVENTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_ROUTE_CONCURRENCY ?? 1);
const GOAL_P95_MS = 2000;
const TIMEOUT_MS = 30_000;

type Outcome = {
  db: string;
  p50: number;
  p95: number;
  max: number;
  timedOut: number;
  /** Medians of the run's wait for a worker and of its execution. */
  waitP50: number;
  runP50: number;
};

async function measure(db: string): Promise<Outcome> {
  const server: TestServer = await createTestServer({ LOG_LEVEL: "error" });
  try {
    await server.runtime.jobs.start();
    const p = server.prisma;
    const f = factories(p);
    const made = await f.branch();
    const branch: Branch = { server, branchId: made.id, host: made.host };
    const admin = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
    const office = await employee(branch, []);
    const driver = await apiKeyClient(branch, ["ROUTE_MANAGEMENT"]);
    const project = await f.workflow.project(branch.branchId, { steps: [{ description: "Check the delivery" }] });
    const saved = await admin.gql<{ createAutomation: { isSuccess: boolean; message: string } }>(
      "mutation($i: AutomationInput!){ createAutomation(input: $i){ isSuccess message } }",
      {
        i: {
          name: "Follow up a posted delivery",
          event: "WORK_ORDER_POSTED",
          conditions: [{ nativeFieldName: "workType", comparator: "EQUALS", value: "WORK_ORDER" }],
          actions: [
            {
              type: "CREATE_ACTIVITY",
              stepId: project.steps[0]!.id,
              subject: "Ask how the delivery went",
              personId: office.personId,
              dueInMinutes: 0,
            },
          ],
        },
      },
    );
    if (!saved.data?.createAutomation.isSuccess) throw new Error(`automation not saved: ${JSON.stringify(saved)}`);

    // one customer and one open work order per event (set up before timing)
    const orders: { id: string; customerId: string }[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const customer = await f.customer(branch.branchId, String(700000 + i));
      const address = await f.serviceAddress(branch.branchId, customer.id);
      const order = await p.workOrder.create({
        data: {
          branchId: branch.branchId,
          number: 1 + i,
          customerId: customer.id,
          serviceAddressId: address.id,
          name: "Route delivery",
          scheduledDate: new Date(),
          isOpen: true,
        },
      });
      orders.push({ id: order.id, customerId: customer.id });
    }

    const seen = new Set<string>();
    const waiters = new Map<string, () => void>();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const r = await office.gql<{ assignedActivities: { customerId: string | null }[] }>(
          "{ assignedActivities { customerId } }",
        );
        for (const a of r.data?.assignedActivities ?? [])
          if (a.customerId && !seen.has(a.customerId)) {
            seen.add(a.customerId);
            waiters.get(a.customerId)?.();
          }
        await Bun.sleep(20);
      }
    })();

    const latencies: number[] = [];
    let timedOut = 0;
    const one = async (order: { id: string; customerId: string }) => {
      const visible = new Promise<boolean>((resolve) => {
        waiters.set(order.customerId, () => resolve(true));
        setTimeout(() => resolve(false), TIMEOUT_MS);
      });
      const t0 = performance.now();
      const r = await driver.gql<{ postWorkOrder: { isSuccess: boolean; message: string } }>(
        "mutation($id: ID!){ postWorkOrder(id: $id){ isSuccess message } }",
        { id: order.id },
      );
      if (!r.data?.postWorkOrder.isSuccess) throw new Error(`post refused: ${JSON.stringify(r)}`);
      if (await visible) latencies.push(performance.now() - t0);
      else timedOut++;
    };
    for (let i = 0; i < orders.length; i += CONCURRENCY) await Promise.all(orders.slice(i, i + CONCURRENCY).map(one));
    polling = false;
    await poller;
    // where the time goes: waiting for a worker (the run written -> taken), then the run itself
    const runs = await p.automationRun.findMany({ where: { branchId: branch.branchId } });
    const waits = runs.map((r) => (r.startedAt?.getTime() ?? 0) - r.createdAt.getTime()).sort((a, b) => a - b);
    const work = runs.map((r) => (r.finishedAt?.getTime() ?? 0) - (r.startedAt?.getTime() ?? 0)).sort((a, b) => a - b);
    return {
      db,
      ...latencySummary(latencies),
      timedOut,
      waitP50: percentile(waits, 0.5),
      runP50: percentile(work, 0.5),
    };
  } finally {
    await server.close();
  }
}

const outcomes = await onEachDatabase(measure);

let failed = false;
console.log(`posted work order -> activity in my work (${EVENTS} events, ${CONCURRENCY} at a time)`);
console.log("db         p50 ms  p95 ms  max ms  timed out  queue wait p50  run p50  goal");
for (const o of outcomes) {
  const met = o.p95 <= GOAL_P95_MS && o.timedOut === 0;
  failed ||= !met;
  console.log(
    `${o.db.padEnd(9)} ${o.p50.toFixed(0).padStart(7)} ${o.p95.toFixed(0).padStart(7)} ${o.max.toFixed(0).padStart(7)} ${String(o.timedOut).padStart(10)} ${o.waitP50.toFixed(0).padStart(15)} ${o.runP50.toFixed(0).padStart(8)}  ${met ? "pass" : "FAIL"} p95 <= ${GOAL_P95_MS} ms`,
  );
}
process.exit(failed ? 1 : 0);
