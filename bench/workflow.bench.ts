// Work screens' speed: my work for a rep with 500 open activities (its first page of 50 with their
// pinned values and the counts of all 500, as the screen asks it; and the same searched in every field
// and pinned value, sorted by customer), the page of a thread with 300 activities (its header and
// counts with the first page of its timeline, and the next page as "Show more" reads it), and a
// customer's work card, as the web asks them (its trusted documents by id), at WORK_BENCH_CONCURRENCY (16) connections with autocannon (bench/load.mjs),
// beside GET /healthz and `{ __typename }` of the same server in the same run (the ratios' baselines).
// For the embedded PGlite, and for PostgreSQL when DATABASE_URL is set (a `bench_<random>` database,
// dropped after). The data: bench/workflow-fixture.ts (factories, not the demo).
//
//   bun bench/workflow.bench.ts                         (npm run bench runs it too)
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres bun bench/workflow.bench.ts
//   WORK_BENCH_SECONDS=3 bun bench/workflow.bench.ts    (a shorter run)
//
// Goals: each screen's query a handful of SQL statements (<= 8, counted by the server: the same limit
// api/src/modules/workflow/queries.test.ts keeps), and p99 <= 25 ms at 16 connections on PostgreSQL
// (on PGlite the figures are printed, the p99 goal is not judged: the database runs in the server's
// own thread there).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  benchDatabase,
  runProcess,
  spawnServer,
  untilAnswered,
  webDocument,
  writeTrustedDocuments,
} from "./processes.ts";

const seconds = Number(process.env.WORK_BENCH_SECONDS ?? 5);
const connections = Number(process.env.WORK_BENCH_CONCURRENCY ?? 16);
const port = Number(process.env.WORK_BENCH_PORT ?? 3298);
const base = `http://127.0.0.1:${port}`;
const MAX_STATEMENTS = 8;
const P99_GOAL_MS = 25;
/** The thread page's page size (web/src/features/my-work/thread-api.ts THREAD_PAGE). */
const THREAD_PAGE = 25;

type Scenario = { key: string; name: string; body?: string; judged: boolean };
type Line = { key: string; requests: number; rps: number; non2xx: number; errors: number; p50: number; p99: number };

/** The variables the my-work screen sends for its first page (50 rows), with `change`. */
const myWorkPage = (change: Record<string, unknown>) => ({
  personId: null,
  from: null,
  to: null,
  due: "ALL",
  projectId: null,
  priorityId: null,
  search: null,
  sort: "TIME",
  sortDirection: "ASC",
  skip: 0,
  take: 50,
  ...change,
});

const post = (body: string, cookie = "") =>
  fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", cookie }, body });

async function startServer(env: Record<string, string | undefined>, host: string) {
  const server = spawnServer(port, { ...env, JOBS: "off", DEFAULT_BRANCH_HOST: host });
  await untilAnswered(server, async () => (await post(JSON.stringify({ query: "{ __typename }" }))).ok, 20);
  return server;
}

async function bench(db: "pglite" | "postgres") {
  const { env, cleanup } = await benchDatabase(db, "routewater-work-bench-");
  const webDist = mkdtempSync(join(tmpdir(), "routewater-work-bench-web-"));
  try {
    console.error(`[work ${db}] preparing the data…`);
    const fixture = JSON.parse(
      (await runProcess([process.execPath, "bench/workflow-fixture.ts", env.DATA_DIR ?? ""], env))
        .trim()
        .split("\n")
        .at(-1)!,
    ) as { host: string; email: string; threadId: string; customerId: string };
    const manifest = await writeTrustedDocuments(webDist);
    const byId = (operationName: string, variables: Record<string, unknown>) =>
      JSON.stringify({ documentId: webDocument(manifest, operationName).id, variables, operationName });
    const server = await startServer({ ...env, WEB_DIST: webDist }, fixture.host);
    try {
      const login = await post(
        JSON.stringify({
          query: `mutation { login(username: "${fixture.email}", password: "bench-pass-1") { isSuccess } }`,
        }),
      );
      const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
      if (!cookie) throw new Error("the rep could not sign in");
      // The thread's page asks for its header and first page (THREAD_PAGE activities), then "Show more"
      // the next page after it: its cursor from the first answer.
      const threadFirst = byId("WorkThread", { id: fixture.threadId, take: THREAD_PAGE });
      const first = (await (await post(threadFirst, cookie)).json()) as {
        data?: { projectThread: { timeline: { nextCursor: string | null } } };
      };
      const cursor = first.data?.projectThread.timeline.nextCursor;
      if (!cursor) throw new Error("the thread's first page has no next page");
      const scenarios: Scenario[] = [
        { key: "healthz", name: "GET /healthz", judged: false },
        { key: "typename", name: "{ __typename }", body: JSON.stringify({ query: "{ __typename }" }), judged: false },
        {
          key: "my-work",
          name: "my work (500 open)",
          body: byId("MyWorkPage", myWorkPage({})),
          judged: true,
        },
        {
          key: "my-work-search",
          name: "my work, searched",
          body: byId("MyWorkPage", myWorkPage({ search: "gate code 1", sort: "CUSTOMER" })),
          judged: true,
        },
        {
          key: "thread",
          name: "thread (300), first page",
          body: threadFirst,
          judged: true,
        },
        {
          key: "thread-more",
          name: "thread, next page",
          body: byId("WorkThreadActivities", { threadId: fixture.threadId, after: cursor, take: THREAD_PAGE }),
          judged: true,
        },
        {
          key: "customer-work",
          name: "customer's work card",
          body: byId("WorkCustomerWork", { customerId: fixture.customerId }),
          judged: true,
        },
      ];
      // The statements of one request alone and its time: the first (cold: the answer not yet kept,
      // read-cache.ts: my work's page, the thread's header and pages, the card; but the thread's first
      // page was asked above for its cursor, so it is kept already) and the second (the session's caches
      // filled, the answer kept), and the answer's size. Then the median time of one request alone, over
      // 20 in a row.
      type Counted = { cold: number; statements: number; kB: number; coldMs: number; aloneMs: number };
      const counted = new Map<string, Counted>();
      for (const s of scenarios.filter((x) => x.body)) {
        const times: number[] = [];
        let cold = 0;
        for (let i = 0; i < 22; i++) {
          const t0 = performance.now();
          const res = await post(s.body!, cookie);
          const text = await res.text();
          times.push(performance.now() - t0);
          const json = JSON.parse(text) as { errors?: { message: string }[] };
          if (json.errors) throw new Error(`${s.name}: ${json.errors[0]?.message}`);
          const statements = Number(res.headers.get("x-sql-statements"));
          if (i === 0) cold = statements;
          if (i === 1) counted.set(s.key, { cold, statements, kB: text.length / 1024, coldMs: times[0]!, aloneMs: 0 });
        }
        const sorted = times.slice(2).sort((a, b) => a - b);
        counted.get(s.key)!.aloneMs = sorted[Math.floor(sorted.length / 2)]!;
      }
      console.error(
        `[work ${db}] loading: ${scenarios.length} scenarios, ${seconds} s each, ${connections} connections…`,
      );
      const config = {
        connections,
        rounds: Math.max(1, Math.round(seconds)),
        warmupSeconds: 1,
        scenarios: scenarios.map((s) => ({
          key: s.key,
          url: s.body ? `${base}/graphql` : `${base}/healthz`,
          method: s.body ? "POST" : "GET",
          headers: s.body ? { "content-type": "application/json", cookie } : {},
          body: s.body,
        })),
      };
      const out = await runProcess(
        [Bun.which("node") ?? process.execPath, "bench/load.mjs", JSON.stringify(config)],
        {},
      );
      const lines = out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Line);
      return { db, scenarios, lines, counted };
    } finally {
      server.kill("SIGTERM");
      await server.exited;
    }
  } finally {
    rmSync(webDist, { recursive: true, force: true });
    await cleanup();
  }
}

let failed = false;
const runs = [await bench("pglite")];
if (process.env.DATABASE_URL) runs.push(await bench("postgres"));
for (const { db, scenarios, lines, counted } of runs) {
  const baseline = lines.find((l) => l.key === "healthz")!;
  const typename = lines.find((l) => l.key === "typename")!;
  console.log(
    `\nwork screens, ${db}: ${connections} connections (autocannon), ${seconds} s each; ratio: req/s to GET /healthz's, ÷tn: to { __typename }'s; SQL and cold: the first request's (>the second's)`,
  );
  console.log(
    `${"scenario".padEnd(26)}${"req/s".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"SQL".padStart(7)}${"kB".padStart(6)}${"cold".padStart(7)}${"alone".padStart(7)}${"ratio".padStart(8)}${"÷tn".padStart(7)}  goal`,
  );
  for (const s of scenarios) {
    const l = lines.find((x) => x.key === s.key)!;
    const c = counted.get(s.key);
    const checks: string[] = [];
    const most = c ? Math.max(c.cold, c.statements) : 0;
    if (s.judged && c) checks.push(`${most <= MAX_STATEMENTS ? "pass" : "FAIL"} SQL <= ${MAX_STATEMENTS}`);
    if (s.judged && db === "postgres")
      checks.push(`${l.p99 <= P99_GOAL_MS ? "pass" : "FAIL"} p99 <= ${P99_GOAL_MS} ms`);
    if (l.non2xx + l.errors) checks.push(`FAIL ${l.non2xx + l.errors} errors`);
    if (!l.requests) checks.push("FAIL no answer within a round");
    if (checks.some((x) => x.startsWith("FAIL"))) failed = true;
    console.log(
      `${s.name.padEnd(26)}${l.rps.toFixed(0).padStart(8)}${l.p50.toFixed(1).padStart(8)}${l.p99.toFixed(1).padStart(8)}${(c ? (c.cold === c.statements ? String(c.cold) : `${c.cold}>${c.statements}`) : "-").padStart(7)}${(c ? c.kB.toFixed(0) : "-").padStart(6)}${(c ? c.coldMs.toFixed(1) : "-").padStart(7)}${(c ? c.aloneMs.toFixed(1) : "-").padStart(7)}${(l.rps / baseline.rps).toFixed(2).padStart(8)}${(l.rps / typename.rps).toFixed(2).padStart(7)}  ${checks.join(", ")}`,
    );
  }
}
if (failed) process.exitCode = 1;
