// The million-lead fixture and load loop shared by lead-views.bench.ts and lead-results.bench.ts: a
// PostgreSQL database of its own (created, then dropped), one branch with a LEAD_REPORTING employee,
// 20 people, 5 sources, 3 forms, 10 zones and ROWS leads made by generate_series; the server started on
// it as in production (SQL_STATEMENT_COUNT on); a loop that loads GraphQL and raw SQL alike.
// LEAD_BENCH_KEEP=1 leaves the database in place afterwards (to EXPLAIN its statements).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../api/src/db/client.ts";
import { applyMigrations } from "../api/src/db/migrate.ts";
import { factories } from "../api/test/factories/index.ts";
import { newPostgresDatabase, spawnServer, untilAnswered, writeTrustedDocuments } from "./processes.ts";

export const ROWS = Number(process.env.LEAD_BENCH_ROWS ?? 1_000_000);
const HOST = "lead-views-bench";
const PASSWORD = "bench-pass-1";
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgresql://postgres@127.0.0.1:5432/postgres";

export type Fixture = Awaited<ReturnType<typeof people>>;

/** A branch, a LEAD_REPORTING employee, 20 people, 5 sources, 3 forms, 10 zones. */
async function people(url: string) {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await applyMigrations(database.migrationTarget);
    const p = database.prisma;
    const f = factories(p);
    const b = (await f.branch({ host: HOST })).id;
    const viewer = await f.user(b, { password: PASSWORD, permissions: ["LEAD_REPORTING"] });
    const staff = await Promise.all(Array.from({ length: 20 }, () => f.user(b, { employee: true })));
    const sources = await Promise.all(
      ["Website", "Home show", "Referral", "Door hangers", "List vendor"].map((name, i) =>
        p.leadSource.create({ data: { branchId: b, name, code: `S${i}` } }),
      ),
    );
    const forms = await Promise.all(
      ["Quote", "Water test", "Contact"].map((name) => p.leadForm.create({ data: { branchId: b, name } })),
    );
    const map = await p.territoryMap.create({ data: { branchId: b, name: "Lead map" } });
    const zones = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        p.territoryZone.create({ data: { branchId: b, mapId: map.id, name: `Zone ${i + 1}`, data: {} } }),
      ),
    );
    // A sales project whose steps sit at every funnel position (the results count threads' work on them).
    const project = await f.workflow.project(b, {
      steps: [
        { description: "First call", sortLevel: 10, funnelPosition: "TOP" },
        { description: "Quote", sortLevel: 20, funnelPosition: "MIDDLE" },
        { description: "Sold", sortLevel: 30, funnelPosition: "SUCCESS" },
        { description: "Lost", sortLevel: 40, funnelPosition: "FAILURE" },
      ],
    });
    return {
      branchId: b,
      email: viewer.email,
      personIds: staff.map((u) => u.personId!),
      sourceIds: sources.map((s) => s.id),
      formIds: forms.map((x) => x.id),
      zoneIds: zones.map((z) => z.id),
      projectId: project.id,
      stepIds: project.steps.map((s) => s.id),
    };
  } finally {
    await database.close();
  }
}

/**
 * ROWS leads, one every 30 seconds back from now (about a year for a million), in one statement; a
 * thousand merged ones; with `threads`, a project thread on every tenth lead with one piece of work at one
 * of the four steps (so the results' first contact, outcome and funnel have something to find).
 */
async function leads(client: pg.Client, fx: Fixture, threads: boolean) {
  await client.query(
    `INSERT INTO "Lead" (id, "branchId", "enteredTime", "lastEdited", "firstName", "lastName", email, "emailKey",
       phone, "phoneE164", address, city, "postalCode", status, "personId", "leadSourceId", "leadFormId", "zoneId")
     SELECT gen_random_uuid(), $1, now() - g * interval '30 seconds', now(), 'Pat' || g, 'Lee' || (g % 997),
       'p' || g || '@example.com', 'p' || g || '@example.com', '512' || lpad((g % 10000000)::text, 7, '0'),
       '+1512' || lpad((g % 10000000)::text, 7, '0'), (g % 9000 + 100) || ' Oak St', 'Austin', '787' || lpad((g % 100)::text, 2, '0'),
       (ARRAY['UNASSIGNED','ASSIGNED','DISCARDED']::"LeadStatus"[])[1 + g % 3],
       CASE WHEN g % 3 = 1 THEN ($2::text[])[1 + g % 20] END,
       ($3::text[])[1 + (g * 7) % 5], CASE WHEN g % 4 = 0 THEN ($4::text[])[1 + g % 3] END,
       CASE WHEN g % 10 <> 0 THEN ($5::text[])[1 + (g / 3) % 10] END
     FROM generate_series(1, $6::int) g`,
    [fx.branchId, fx.personIds, fx.sourceIds, fx.formIds, fx.zoneIds, ROWS],
  );
  // A thousand merged leads (hidden from every view).
  await client.query(
    `UPDATE "Lead" SET "mergedIntoId" = 'merged' WHERE id IN (SELECT id FROM "Lead" WHERE "branchId" = $1 LIMIT 1000)`,
    [fx.branchId],
  );
  if (threads) {
    await client.query(
      `INSERT INTO "ProjectThread" (id, "branchId", "projectId", "leadId", "createdAt")
       SELECT gen_random_uuid(), l."branchId", $2, l.id, l."enteredTime" + interval '5 minutes'
       FROM "Lead" l WHERE l."branchId" = $1 AND l.number % 10 = 0`,
      [fx.branchId, fx.projectId],
    );
    await client.query(
      `INSERT INTO "Activity" (id, "branchId", "threadId", "stepId", subject, "scheduledTime", status, "enteredTime")
       SELECT gen_random_uuid(), t."branchId", t.id, ($2::text[])[1 + (l.number / 10) % 4], 'Call', t."createdAt",
         (CASE WHEN (l.number / 10) % 3 = 0 THEN 'RESOLVED' ELSE 'ACTIVE' END)::"RecordStatus", t."createdAt"
       FROM "ProjectThread" t JOIN "Lead" l ON l.id = t."leadId" WHERE t."branchId" = $1`,
      [fx.branchId, fx.stepIds],
    );
  }
  await client.query(`VACUUM ANALYZE`);
}

/**
 * `connections` callers at once, each calling `one` again as soon as it answers, for a second of warm-up
 * and then `seconds`: answers per second and latency percentiles of the calls that end after the warm-up.
 * GraphQL (over HTTP) and the raw SQL (over a pg pool) are loaded by this same loop, so the ratio compares
 * like with like.
 */
export async function load(connections: number, seconds: number, one: (worker: number) => Promise<unknown>) {
  const warm = performance.now() + 1000;
  const until = warm + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await one(worker);
        } catch {
          errors++;
        }
        // A call ending after the warm-up counts (a count that takes longer than the run still counts once).
        const t1 = performance.now();
        if (t1 > warm) latencies.push(t1 - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}

/** The raw SQL, on a pool of `connections` PostgreSQL connections (one per caller). */
export async function rawLoad(
  url: string,
  connections: number,
  seconds: number,
  statements: (c: pg.PoolClient) => Promise<unknown>,
) {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  try {
    const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
    try {
      return await load(connections, seconds, (worker) => statements(clients[worker]!));
    } finally {
      for (const c of clients) c.release();
    }
  } finally {
    await pool.end();
  }
}

export type Bench = {
  fx: Fixture;
  dbUrl: string;
  /** The web's trusted documents (id -> text). */
  documents: Record<string, string>;
  /** POSTs a GraphQL body as the bench's employee (signed in). */
  post: (body: string) => Promise<Response>;
  base: string;
  /** Stops the server (the raw SQL then runs alone). */
  stop: () => Promise<void>;
  /** The server's CPU time so far (user + system, ms), from /proc. */
  serverCpuMs: () => number;
};

/**
 * Makes the database and its fixture, starts the server on `port`, signs the employee in, runs `body`,
 * then stops the server and drops the database whatever happened.
 */
export async function withLeadBench(
  label: string,
  port: number,
  opts: { threads: boolean },
  body: (b: Bench) => Promise<void>,
) {
  const { name, url, drop } = await newPostgresDatabase(adminUrl);
  // LEAD_BENCH_PG_OPTIONS (e.g. "-c jit=off") is given to every connection, the server's and the raw SQL's.
  if (process.env.LEAD_BENCH_PG_OPTIONS) url.searchParams.set("options", process.env.LEAD_BENCH_PG_OPTIONS);
  const dbUrl = url.toString();
  const webDist = mkdtempSync(join(tmpdir(), "lead-bench-web-"));
  const base = `http://127.0.0.1:${port}`;
  const send = (body: string, cookie = "") =>
    fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", cookie }, body });
  let server: ReturnType<typeof Bun.spawn> | undefined;
  try {
    console.error(`[${label}] preparing ${ROWS.toLocaleString("en-US")} leads in ${name}…`);
    const t = performance.now();
    const fx = await people(dbUrl);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await leads(client, fx, opts.threads);
    await client.end();
    console.error(`[${label}] fixture in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const manifest = await writeTrustedDocuments(webDist);
    const started = spawnServer(port, {
      DATABASE_URL: dbUrl,
      WEB_DIST: webDist,
      JOBS: "off",
      DEFAULT_BRANCH_HOST: HOST,
    });
    server = started;
    await untilAnswered(started, async () => (await send(JSON.stringify({ query: "{ __typename }" }))).ok, 50);
    const login = await send(
      JSON.stringify({ query: `mutation { login(username: "${fx.email}", password: "${PASSWORD}") { isSuccess } }` }),
    );
    const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    if (!cookie) throw new Error("the bench's employee could not sign in");
    await body({
      fx,
      dbUrl,
      documents: manifest.documents,
      post: (b) => send(b, cookie),
      base,
      stop: async () => {
        started.kill("SIGTERM");
        await started.exited;
      },
      serverCpuMs: () => cpuMs(started.pid),
    });
  } finally {
    if (server && server.exitCode === null) server.kill("SIGTERM");
    rmSync(webDist, { recursive: true, force: true });
    if (process.env.LEAD_BENCH_KEEP === "1")
      console.error(`[${label}] kept the database: ${dbUrl} (drop it when done)`);
    else {
      // The drop ends every session on the database, idle pooled ones of the fixture's too, which pg then
      // reports as an error event nobody listens to: that one is expected.
      process.on("uncaughtException", (e) => {
        if ((e as { code?: string }).code === "57P01") return;
        console.error(e);
        process.exit(1);
      });
      await drop();
    }
  }
}

/** A process's CPU time so far (user + system, ms; Linux counts it in 10 ms ticks). */
export function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The median latency of `n` calls one after another (ms). */
export async function alone(n: number, one: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await one();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)]!;
}

/** The machine's load average now (the benches print it: the machine is shared). */
export const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
