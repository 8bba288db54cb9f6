import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Client, factories } from "../../../test/harness.ts";
import { freshTestDatabase, type TestDatabase } from "../../../test/test-database.ts";
import { openDatabase } from "../../db/client.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";

// The fault drill: an automation (2 actions: create an activity, set a custom field) on 100 events; the
// real server (a child process) is killed with SIGKILL while the runs are being worked, started again,
// and the sweep finishes them. On PostgreSQL (TEST_DATABASE_URL) the database also terminates every
// backend of the server twice while it works. Afterwards, through SQL: 100 runs, each SUCCEEDED, each
// action done once, exactly 100 activities created. Without TEST_DATABASE_URL the server runs on an
// embedded PGlite data directory (the kill then also exercises its crash recovery).

const PG = process.env.TEST_DATABASE_URL;
const EVENTS = 100;
const ROOT = join(import.meta.dir, "../../../..");

let test_db: TestDatabase | undefined;
let dataDir: string | undefined;
const logDir = mkdtempSync(join(tmpdir(), "automation-fault-log-"));
let prisma: PrismaClient;
let closeSetup: (() => Promise<void>) | undefined;
let child: ReturnType<typeof Bun.spawn> | undefined;
let port = 0;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

/** The server's connections carry their own application name: those are the ones terminated. */
const SERVER_APP = "automation-fault-server";
const serverUrl = () => {
  const url = new URL(test_db!.databaseUrl!);
  url.searchParams.set("application_name", SERVER_APP);
  return url.toString();
};

// What happened when (printed at the end: a slow machine shows where its time went).
const T0 = Date.now();
const timeline: string[] = [];
const mark = (what: string) => timeline.push(`${((Date.now() - T0) / 1000).toFixed(1)}s ${what}`);
let starts = 0;
let passed = false;

/** Starts the server; its log goes to the log directory (the kills and terminations log errors). */
async function startChild(jobs: "on" | "off") {
  mark(`start (jobs ${jobs})`);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    SEED_DEMO: "never",
    WEB_DIST: "api/test/no-web-build",
    DEFAULT_BRANCH_HOST: "default-test",
    JOBS: jobs,
    AUTOMATION_RETRY_SECONDS: "1,1,1,1,1,1,1,1,1,1",
    AUTOMATION_LEASE_SECONDS: "2",
    AUTOMATION_SWEEP_SECONDS: "1",
    ...(PG ? { DATABASE_URL: serverUrl() } : { DATA_DIR: dataDir! }),
  };
  delete env.TEST_DATABASE_URL;
  delete env.CLOCK_START;
  const log = Bun.file(join(logDir, `server-${++starts}.log`));
  child = Bun.spawn(["bun", "api/src/server.ts"], { cwd: ROOT, env, stdout: log, stderr: log });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      mark("ready");
      return;
    }
    await Bun.sleep(100);
  }
  throw new Error(`the server did not start in 30 s (its log: ${logDir})`);
}

async function stopChild(signal: "SIGKILL" | "SIGTERM") {
  if (!child) return;
  mark(signal);
  child.kill(signal);
  await child.exited;
  child = undefined;
}

/** The test process's own connection: on PGlite only while no server holds the data directory. */
async function openSetup() {
  if (PG) return;
  const db = await openDatabase({ dataDir: dataDir! });
  prisma = db.prisma;
  closeSetup = () => db.close();
}
async function closeSetupDb() {
  if (PG || !closeSetup) return;
  await closeSetup();
  closeSetup = undefined;
}

beforeAll(async () => {
  port = await freePort();
  test_db = await freshTestDatabase();
  if (PG) prisma = test_db.database.prisma;
  else {
    // A data directory made from the migrated test database (no schema engine run).
    dataDir = mkdtempSync(join(tmpdir(), "automation-fault-"));
    const dump = await test_db.database.pglite!.dumpDataDir("none");
    await test_db.dispose();
    test_db = undefined;
    const pg = await PGlite.create(join(dataDir, "pglite"), { loadDataDir: dump });
    await pg.close();
    await openSetup();
  }
}, 90_000);

afterAll(async () => {
  await stopChild("SIGKILL");
  await closeSetupDb();
  if (test_db) await test_db.dispose();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (passed) rmSync(logDir, { recursive: true, force: true });
  else console.info(`fault drill: the server's logs are in ${logDir}`);
}, 30_000);

/** A run of the automation RUNNING with its first action done and not its second (PostgreSQL: read beside the server). */
async function midRun(automationId: string, seconds: number): Promise<string | null> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const rows = await prisma.$queryRawUnsafe<{ id: string }[]>(
      `select r.id from "AutomationRun" r where r."automationId" = $1 and r.status = 'RUNNING'
         and (select count(*) from "AutomationActionRun" a where a."runId" = r.id) = 1 limit 1`,
      automationId,
    );
    if (rows[0]) return rows[0].id;
  }
  return null;
}

type Counts = { total: number; finished: number; succeeded: number };

describe(`an automation's runs survive a crash (${PG ? "PostgreSQL, killed and backends terminated" : "PGlite data directory, killed"})`, () => {
  test("100 events: every run completes exactly once after kill -9 mid-way", async () => {
    const f = factories(prisma);
    const b = await f.branch();
    const user = await f.user(b.id, { employee: true, permissions: ["WORKFLOW_CONFIGURATION", "CUSTOMER_ACCESS"] });
    const project = await f.workflow.project(b.id, {
      steps: [{ description: "Ordered" }, { description: "Follow up" }],
    });
    const customer = await f.customer(b.id, String(400000 + Math.floor(Math.random() * 500000)));
    const field = await prisma.customField.create({
      data: { branchId: b.id, name: "Followed up", tableId: "ACTIVITY", type: "TEXT" },
    });
    const [trigger, followUp] = project.steps;
    mark("set up");
    await closeSetupDb();

    // 1. The automation and 100 events, on a server without jobs: the runs are written QUEUED.
    await startChild("off");
    const c = new Client(`http://127.0.0.1:${port}`, b.host);
    expect((await c.login(user.email, user.password)).isSuccess).toBe(true);
    const created = await c.gql<{
      createAutomation: { isSuccess: boolean; message: string; automation: { id: string } };
    }>(`mutation($i: AutomationInput!){ createAutomation(input: $i){ isSuccess message automation { id } } }`, {
      i: {
        name: "Follow up every order",
        event: "ACTIVITY_CREATED_AS_OPEN",
        status: "ON",
        conditions: [{ nativeFieldName: "stepId", comparator: "EQUALS", value: trigger!.id }],
        actions: [
          { type: "CREATE_ACTIVITY", stepId: followUp!.id, subject: "Call back", dueInMinutes: 60 },
          { type: "SET_CUSTOM_FIELD", fieldId: field.id, value: "yes" },
        ],
      },
    });
    expect(created.data?.createAutomation.message).toStartWith("Saved");
    const automationId = created.data!.createAutomation.automation.id;
    const scheduledTime = new Date(Date.now() + 3_600_000).toISOString();
    for (let i = 0; i < EVENTS; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, async (_, k) => {
          const r = await c.gql<{ addActivity: { isSuccess: boolean; message: string } }>(
            `mutation($i: AddActivityInput!){ addActivity(input: $i){ isSuccess message } }`,
            {
              i: {
                projectId: project.id,
                customerId: customer.id,
                stepId: trigger!.id,
                subject: `Order ${i + k}`,
                scheduledTime,
              },
            },
          );
          expect(r.data?.addActivity.isSuccess).toBe(true);
        }),
      );
    mark("events raised");
    await stopChild("SIGTERM");

    const counts = async (): Promise<Counts> => {
      const q = `{ all: automationRuns(automationId: "${automationId}", take: 1){ totalCount }
        ok: automationRuns(automationId: "${automationId}", status: SUCCEEDED, take: 1){ totalCount }
        failed: automationRuns(automationId: "${automationId}", status: FAILED, take: 1){ totalCount } }`;
      const r = await c.gql<Record<"all" | "ok" | "failed", { totalCount: number }>>(q);
      if (!r.data) throw new Error(`runs not read: ${JSON.stringify(r.errors)}`);
      return {
        total: r.data.all.totalCount,
        succeeded: r.data.ok.totalCount,
        finished: r.data.ok.totalCount + r.data.failed.totalCount,
      };
    };
    const waitFor = async (done: (n: Counts) => boolean, seconds: number) => {
      const until = Date.now() + seconds * 1000;
      for (;;) {
        const n = await counts().catch(() => null);
        if (n && done(n)) return n;
        if (Date.now() > until)
          throw new Error(`runs not there in ${seconds} s: ${JSON.stringify(n)} (server logs: ${logDir})`);
        await Bun.sleep(50);
      }
    };

    // 2. A server with jobs works the runs and is killed (SIGKILL) while they are worked. On PostgreSQL
    //    once 10 have finished and a run is caught between its two actions (up to 5 s more); on PGlite,
    //    whose one connection answers the test's reads only between runs, 2.5 s after it serves (its
    //    jobs start after 2 s; it works about 20 runs a second on a quiet machine).
    await startChild("on");
    expect((await c.login(user.email, user.password)).isSuccess).toBe(true);
    let caught: string | null = null;
    if (PG) {
      await waitFor((n) => n.finished >= 10, 30);
      caught = await midRun(automationId, 5);
    } else await Bun.sleep(2500);
    await stopChild("SIGKILL");
    // What the kill left, through SQL: on PostgreSQL beside the server; on PGlite (one process at a time
    // on its data directory) by this process before the server starts again (its crash recovery runs
    // here then). Counted by the restarted server instead, a busy machine let its first sweep finish
    // every run before the count.
    await openSetup();
    const left = await prisma.automationRun.findMany({
      where: { automationId, status: { not: "SUCCEEDED" } },
      select: { id: true, status: true, _count: { select: { actionRuns: true } } },
    });
    await closeSetupDb();
    caught ??= left.find((r) => r.status === "RUNNING" && r._count.actionRuns === 1)?.id ?? null;
    const finished = EVENTS - left.length;
    const atKill = { finished, running: left.filter((r) => r.status === "RUNNING").length };

    // 3. Started again, it takes up the rest (the sweep takes the runs whose worker died); on
    //    PostgreSQL every backend of the server is terminated twice while it works.
    await startChild("on");
    expect((await c.login(user.email, user.password)).isSuccess).toBe(true);
    expect(atKill.finished).toBeLessThan(EVENTS); // the kill came while runs were left
    const terminated: number[] = [];
    if (PG) {
      const dbName = new URL(test_db!.databaseUrl!).pathname.slice(1);
      for (const threshold of [40, 70]) {
        const n = await waitFor((x) => x.finished >= threshold, 30);
        if (n.finished >= EVENTS) break;
        const rows = await prisma.$queryRawUnsafe<{ pg_terminate_backend: boolean }[]>(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and application_name = $2",
          dbName,
          SERVER_APP,
        );
        terminated.push(rows.length);
      }
    }
    const end = await waitFor((n) => n.finished >= EVENTS, 40);
    mark(`all finished ${JSON.stringify(end)}`);
    console.info(
      `fault drill: killed with ${atKill.finished}/${EVENTS} runs finished, ${atKill.running} running` +
        `${PG ? `; backends terminated: ${terminated.join(", ")}` : ""}\n  ${timeline.join("\n  ")}`,
    );
    await stopChild("SIGTERM");
    await openSetup();

    // Every run complete exactly once, through SQL.
    const runs = await prisma.automationRun.findMany({ where: { automationId } });
    expect(runs.length).toBe(EVENTS);
    expect(runs.filter((r) => r.status !== "SUCCEEDED").map((r) => [r.status, r.error])).toEqual([]);
    expect(new Set(runs.map((r) => r.entityId)).size).toBe(EVENTS);
    const actionRows = await prisma.automationActionRun.findMany({ where: { runId: { in: runs.map((r) => r.id) } } });
    expect(actionRows.length).toBe(EVENTS * 2);
    expect(actionRows.every((a) => a.outcome === "SUCCEEDED")).toBe(true);
    expect(new Set(actionRows.map((a) => `${a.runId}:${a.actionIndex}`)).size).toBe(EVENTS * 2);
    const followUps = await prisma.activity.findMany({ where: { stepId: followUp!.id } });
    expect(followUps.length).toBe(EVENTS);
    // Each created activity is the one its run recorded.
    expect(new Set(actionRows.filter((a) => a.actionIndex === 0).map((a) => a.detail))).toEqual(
      new Set(followUps.map((a) => a.id)),
    );
    const values = await prisma.customFieldValue.findMany({ where: { fieldId: field.id } });
    expect(values.length).toBe(EVENTS);
    expect(new Set(values.map((v) => v.recordId))).toEqual(new Set(runs.map((r) => r.entityId)));
    // No run failed, so nobody was told of one.
    expect(await prisma.activity.count({ where: { branchId: b.id, subject: { startsWith: "Automation " } } })).toBe(0);
    // The run killed between its actions was taken up again and did its second action only.
    if (caught) {
      const run = runs.find((r) => r.id === caught)!;
      expect(run.attempts).toBeGreaterThan(1);
      expect(
        actionRows
          .filter((a) => a.runId === caught)
          .map((a) => a.actionIndex)
          .sort(),
      ).toEqual([0, 1]);
      expect(values.filter((v) => v.recordId === run.entityId).length).toBe(1);
    }
    const resumed = runs.filter((r) => r.attempts > 1).length;
    console.info(
      `fault drill: ${resumed} of ${EVENTS} runs took more than one attempt` +
        `; ${caught ? "a run was killed between its two actions" : "no run was caught between its actions"}`,
    );
    passed = true;
  }, 180_000);
});
