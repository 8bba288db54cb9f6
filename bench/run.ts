// The benchmark suite (`npm run bench`). For each database (the embedded PGlite, and PostgreSQL when
// DATABASE_URL is set: a uniquely named database is created and dropped) it prepares the data
// (bench/fixture.ts) and the web's trusted documents, starts the server as `npm start` would, times the
// cold start to the first answered query, then loads the server with BENCH_CONCURRENCY connections per
// scenario (autocannon, bench/load.mjs) and prints req/s, p50, p99, the SQL statements one request runs,
// the ratio to GET /healthz measured in the same run, and whether each goal is met. Then every other bench/*.bench.ts runs as its own process and prints its
// own table. Judge by the ratios: absolute figures depend on the machine and what else runs on it.
//
//   npm run bench
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench
//   BENCH_SECONDS=3 BENCH_ONLY=billing,products npm run bench     (a shorter run, some scenarios)
//   BENCH_FILES=none npm run bench                                (skip the other bench files)
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  benchDatabase,
  type Manifest,
  root,
  runProcess,
  spawnServer,
  untilAnswered,
  webDocument,
  writeTrustedDocuments,
} from "./processes.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const port = Number(process.env.BENCH_PORT ?? 3299);
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const base = `http://127.0.0.1:${port}`;

type Goal = { minRatio?: number; maxP99Ms?: number };
type Scenario = {
  name: string;
  key: string;
  /** GET /healthz, or a POST to /graphql with this body. */
  body?: string;
  signedIn: boolean;
  goal: Goal;
};
type Result = {
  scenario: Scenario;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  /** SQL statements of one request: the first (caches empty), then the next (caches filled). */
  statements: { cold: number; warm: number } | null;
};
type DbRun = {
  db: "pglite" | "postgres";
  coldStartMs: number;
  coldStartCpuMs: number;
  coldStartGoalMs: number;
  results: Result[];
};

const gql = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  JSON.stringify({ query, variables, operationName });

// Goals (issue "GraphQL at a third of the HTTP stack's speed"): ratios to GET /healthz of the same server
// in the same run, and p99 at 32 connections.
const P99_GOAL_MS = 15;

function scenarios(customerId: string, manifest: Manifest): Scenario[] {
  const billing = webDocument(manifest, "Billing");
  const overview = webDocument(manifest, "Overview");
  const products = webDocument(manifest, "Products");
  // BENCH_AS_TEXT=1: every document as its text, as the web sent them before trusted documents (to
  // measure an older server with the same load).
  const byId = (doc: { id: string; text: string }, variables: Record<string, unknown>, operationName: string) =>
    process.env.BENCH_AS_TEXT === "1"
      ? gql(doc.text, variables, operationName)
      : JSON.stringify({ documentId: doc.id, variables, operationName });
  const billingVariables = { customerId, viewAll: true };
  const all: Scenario[] = [
    { name: "GET /healthz", key: "healthz", signedIn: false, goal: {} },
    { name: "{ __typename }", key: "typename", body: gql("{ __typename }"), signedIn: true, goal: {} },
    {
      name: "overview (signed in)",
      key: "overview",
      signedIn: true,
      goal: { minRatio: 0.35, maxP99Ms: P99_GOAL_MS },
      body: byId(overview, {}, "Overview"),
    },
    {
      name: "billing (12 statements)",
      key: "billing",
      signedIn: true,
      goal: { minRatio: 0.3, maxP99Ms: P99_GOAL_MS },
      body: byId(billing, billingVariables, "Billing"),
    },
    {
      name: "products (visitor)",
      key: "products",
      signedIn: false,
      goal: { minRatio: 0.5, maxP99Ms: P99_GOAL_MS },
      body: byId(products, { search: null }, "Products"),
    },
    {
      // What an employee, an API key or development may send: text that is not one of the app's
      // documents (here the billing document with one more line break), parsed and validated (both cached
      // by Yoga) and run by Yoga, compiled, with no answer kept. Measured beside the id to show what the
      // id saves, and that this path is no slower than before.
      name: "billing, other text",
      key: "billing-text",
      signedIn: true,
      goal: {},
      body: gql(`${billing.text}\n`, billingVariables, "Billing"),
    },
  ];
  return all.filter((s) => s.key === "healthz" || !only || only.includes(s.key));
}

async function post(body: string, cookie = "") {
  return fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", cookie }, body });
}

/** Starts the server as `npm start` does (without the web build) and times it to the first answered query. */
async function startServer(env: Record<string, string | undefined>) {
  const started = performance.now();
  const server = spawnServer(port, env);
  const typename = gql("{ __typename }");
  const answered = async () => {
    const res = await post(typename);
    if (res.ok) await res.text();
    return res.ok;
  };
  await untilAnswered(server, answered, 5);
  return { server, coldStartMs: performance.now() - started, coldStartCpuMs: cpuMsOf(server.pid) };
}

/** CPU time (user + system) a process has used, where /proc tells (Linux); else NaN. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return Number.NaN;
  }
}

/**
 * Every scenario for `seconds` in all, in one-second rounds taken in turn (bench/load.mjs, autocannon
 * run by Node): on a shared machine the load from elsewhere then falls on every scenario alike, and the
 * ratios stay comparable.
 */
async function loadAll(list: Scenario[], cookie: string): Promise<Omit<Result, "statements">[]> {
  const config = {
    connections: concurrency,
    rounds: Math.max(1, Math.round(seconds)),
    warmupSeconds: Math.min(1, seconds),
    scenarios: list.map((s) => ({
      key: s.key,
      url: s.body ? `${base}/graphql` : `${base}/healthz`,
      method: s.body ? "POST" : "GET",
      headers: s.body
        ? { "content-type": "application/json", ...(s.signedIn ? { cookie } : {}) }
        : ({} as Record<string, string>),
      body: s.body,
    })),
  };
  const node = Bun.which("node");
  const out = await runProcess([node ?? process.execPath, "bench/load.mjs", JSON.stringify(config)], {});
  const lines = out
    .trim()
    .split("\n")
    .map(
      (l) =>
        JSON.parse(l) as {
          key: string;
          requests: number;
          rps: number;
          non2xx: number;
          errors: number;
          p50: number;
          p99: number;
        },
    );
  return list.map((scenario) => {
    const r = lines.find((l) => l.key === scenario.key)!;
    return { scenario, requests: r.requests, errors: r.non2xx + r.errors, rps: r.rps, p50: r.p50, p99: r.p99 };
  });
}

/** SQL statements of one request alone, first with its caches empty, then filled (SQL_STATEMENT_COUNT=on). */
async function statementsOf(scenario: Scenario, cookie: string) {
  const body = scenario.body;
  if (!body) return null;
  const count = async () => {
    const res = await post(body, scenario.signedIn ? cookie : "");
    const json = (await res.json()) as { errors?: { message: string }[] };
    if (json.errors) throw new Error(`${scenario.name}: ${json.errors[0]?.message}`);
    return Number(res.headers.get("x-sql-statements") ?? Number.NaN);
  };
  const cold = await count(); // the first request: this operation's caches are empty
  return { cold, warm: await count() };
}

async function benchOn(db: "pglite" | "postgres"): Promise<DbRun> {
  const made = await benchDatabase(db, "routewater-bench-");
  const env = made.env;
  let cleanup = made.cleanup;
  try {
    console.error(`[${db}] preparing the data…`);
    const { customerId } = JSON.parse(
      (await runProcess([process.execPath, "bench/fixture.ts", env.DATA_DIR ?? ""], env)).trim().split("\n").at(-1)!,
    ) as { customerId: string };
    // The web's trusted documents, where the server reads them (its WEB_DIST), as a build writes them.
    const webDist = mkdtempSync(join(tmpdir(), "routewater-bench-web-"));
    const previousCleanup = cleanup;
    cleanup = async () => {
      rmSync(webDist, { recursive: true, force: true });
      await previousCleanup();
    };
    const manifest = await writeTrustedDocuments(webDist);
    const { server, coldStartMs, coldStartCpuMs } = await startServer({ ...env, WEB_DIST: webDist });
    try {
      const login = await post(
        gql('mutation { login(username: "customer@demo.test", password: "demo-pass-1") { isSuccess } }'),
      );
      const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
      if (!cookie) throw new Error("login failed");
      const list = scenarios(customerId, manifest);
      const statements: Result["statements"][] = [];
      for (const s of list) statements.push(await statementsOf(s, cookie));
      console.error(`[${db}] loading: ${list.length} scenarios, ${seconds} s each, in one-second rounds…`);
      const results = (await loadAll(list, cookie)).map((r, i) => ({ ...r, statements: statements[i]! }));
      return { db, coldStartMs, coldStartCpuMs, coldStartGoalMs: db === "postgres" ? 1000 : 1500, results };
    } finally {
      server.kill("SIGTERM");
      await server.exited;
    }
  } finally {
    await cleanup();
  }
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

function print(run: DbRun) {
  const baseline = run.results.find((r) => r.scenario.key === "healthz")!;
  console.log(
    `\n${run.db}: ${concurrency} connections (autocannon), ${seconds} s per scenario; ratio: to GET /healthz`,
  );
  console.log(
    `${pad("scenario", 26)}${"req/s".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"SQL".padStart(8)}${"ratio".padStart(8)}  goal`,
  );
  let failed = false;
  for (const r of run.results) {
    const ratio = r.rps / baseline.rps;
    const g = r.scenario.goal;
    const checks: string[] = [];
    if (g.minRatio !== undefined) checks.push(`${ratio >= g.minRatio ? "pass" : "FAIL"} ratio >= ${g.minRatio}`);
    if (g.maxP99Ms !== undefined) checks.push(`${r.p99 <= g.maxP99Ms ? "pass" : "FAIL"} p99 <= ${g.maxP99Ms} ms`);
    if (r.errors) checks.push(`FAIL ${r.errors} errors`);
    if (checks.some((c) => c.startsWith("FAIL"))) failed = true;
    console.log(
      `${pad(r.scenario.name, 26)}${num(r.rps)}${num(r.p50, 1)}${num(r.p99, 1)}${(r.statements ? `${r.statements.cold}/${r.statements.warm}` : "-").padStart(8)}${num(ratio, 2)}  ${checks.join(", ")}`,
    );
  }
  const coldOk = run.coldStartMs <= run.coldStartGoalMs;
  if (!coldOk) failed = true;
  console.log(
    `cold start to the first answered query: ${run.coldStartMs.toFixed(0)} ms (server CPU ${run.coldStartCpuMs.toFixed(0)} ms)  ${coldOk ? "pass" : "FAIL"} <= ${run.coldStartGoalMs} ms`,
  );
  return failed;
}

let failed = false;
const runs: DbRun[] = [await benchOn("pglite")];
if (process.env.DATABASE_URL) runs.push(await benchOn("postgres"));
for (const run of runs) failed = print(run) || failed;

// Every other bench/*.bench.ts: its own process, its own table (BENCH_FILES=a,b picks some; none skips).
const pick = process.env.BENCH_FILES?.split(",").map((s) => s.trim());
const files = readdirSync(import.meta.dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !pick || pick.includes(f.replace(/\.bench\.ts$/, "")))
  .sort();
for (const file of files) {
  console.log(`\n── ${file} ──`);
  const p = Bun.spawn([process.execPath, `bench/${file}`], { cwd: root, stdout: "inherit", stderr: "inherit" });
  if ((await p.exited) !== 0) {
    console.log(`${file}: FAIL (exit code ${p.exitCode})`);
    failed = true;
  }
}
if (failed) process.exitCode = 1;
