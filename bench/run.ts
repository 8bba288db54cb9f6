// The benchmark suite (`npm run bench`). For each database (the embedded PGlite, and PostgreSQL when
// DATABASE_URL is set: a uniquely named database is created and dropped) it prepares the data
// (bench/fixture.ts), starts the server as `npm start` would, times the cold start to the first answered
// query, then loads the server with BENCH_CONCURRENCY signed-in clients per scenario and prints req/s,
// p50, p99, the SQL statements one request runs, the ratio to `{ __typename }` measured in the same run,
// and whether each goal is met. Then every other bench/*.bench.ts runs as its own process and prints its
// own table. Judge by the ratios: absolute figures depend on the machine and what else runs on it.
//
//   npm run bench
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench
//   BENCH_SECONDS=3 BENCH_ONLY=billing,products npm run bench     (a shorter run, some scenarios)
//   BENCH_FILES=none npm run bench                                (skip the other bench files)
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const root = join(import.meta.dir, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const port = Number(process.env.BENCH_PORT ?? 3299);
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const base = `http://127.0.0.1:${port}`;

type Goal = { minRatio?: number; maxP99Ms?: number };
type Scenario = { name: string; key: string; body: string; signedIn: boolean; goal: Goal };
type Result = {
  scenario: Scenario;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  /** SQL statements of one request: the first (caches empty), then the next (caches filled). */
  statements: { cold: number; warm: number };
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

function scenarios(customerId: string): Scenario[] {
  const all: Scenario[] = [
    { name: "{ __typename }", key: "typename", body: gql("{ __typename }"), signedIn: true, goal: {} },
    {
      name: "overview (signed in)",
      key: "overview",
      signedIn: true,
      goal: { minRatio: 0.5, maxP99Ms: 50 },
      body: gql(
        "query Overview { overview { userId firstName lastName email verifiedEmail isSuperAdmin employeePersonId employeePermissions brandWebsiteUrl webPaymentMethods features enabledWatertightFeatures isLinkedToCustomers allowAch allowBankCard branchTimezone } }",
        undefined,
        "Overview",
      ),
    },
    {
      name: "billing (12 statements)",
      key: "billing",
      signedIn: true,
      goal: { minRatio: 0.25, maxP99Ms: 50 },
      body: gql(
        `query Billing($customerId: ID!, $viewAll: Boolean) {
          billing(customerId: $customerId, viewAll: $viewAll) {
            customerId balance pastDueAmount isInvoiceAccount
            recentTransactions { ...T }
            statements { id closeDate dueDate comment openingBalance balance transactions { ...T } }
            invoices { id displayId date dueDate term total balance isPastDue purchaseOrderNumber comment transactions { ...T } }
            autoPay { id dayOfMonth amountIsFixed fixedAmount limit lastRunAt lastResult paymentMethod { id label } }
          }
        }
        fragment T on Transaction { id kind datePosted billingCodeId description comment quantity amount maskedAccountNumber }`,
        { customerId, viewAll: true },
        "Billing",
      ),
    },
    {
      name: "products (anonymous)",
      key: "products",
      signedIn: false,
      goal: { minRatio: 0.5, maxP99Ms: 50 },
      body: gql(
        `query Products($search: String) { products(search: $search) { id status title description partNumber unitPrice salePrice price taxable purchasable stock inStock media { id baseUrl extension url } } }`,
        { search: null },
        "Products",
      ),
    },
  ];
  return all.filter((s) => s.key === "typename" || !only || only.includes(s.key));
}

async function post(body: string, cookie = "") {
  return fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", cookie }, body });
}

async function runProcess(cmd: string[], env: Record<string, string | undefined>) {
  const p = Bun.spawn(cmd, { cwd: root, env: { ...process.env, ...env }, stdout: "pipe", stderr: "inherit" });
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error(`${cmd.join(" ")} failed`);
  return out;
}

/** Starts the server as `npm start` does (without the web build) and times it to the first answered query. */
async function startServer(env: Record<string, string | undefined>) {
  const started = performance.now();
  const server = Bun.spawn([process.execPath, "api/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "never",
      SQL_STATEMENT_COUNT: "on",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  const typename = gql("{ __typename }");
  for (;;) {
    if (server.exitCode !== null) throw new Error("the server exited during its start");
    try {
      const res = await post(typename);
      if (res.ok) {
        await res.text();
        break;
      }
    } catch {}
    if (performance.now() - started > 120_000) throw new Error("the server did not answer within 120 s");
    await Bun.sleep(5);
  }
  return { server, coldStartMs: performance.now() - started, coldStartCpuMs: cpuMsOf(server.pid) };
}

/** Requests of one scenario for `durationS` seconds; their latencies are added to `into`. */
/** CPU time (user + system) a process has used, where /proc tells (Linux); else NaN. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return Number.NaN;
  }
}

async function load(scenario: Scenario, cookie: string, durationS: number, into: number[]): Promise<number> {
  let errors = 0;
  const until = performance.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await post(scenario.body, scenario.signedIn ? cookie : "");
        const json = (await res.json()) as { errors?: unknown };
        into.push(performance.now() - t);
        if (!res.ok || json.errors) errors++;
      }
    }),
  );
  return errors;
}

/**
 * Every scenario for `seconds` in all, in one-second rounds taken in turn: on a shared machine the load
 * from elsewhere then falls on every scenario alike, and the ratios stay comparable.
 */
async function loadAll(list: Scenario[], cookie: string): Promise<Omit<Result, "statements">[]> {
  const latencies = list.map(() => [] as number[]);
  const errors = list.map(() => 0);
  const rounds = Math.max(1, Math.round(seconds));
  for (let round = 0; round < rounds; round++)
    for (const [i, s] of list.entries()) errors[i]! += await load(s, cookie, seconds / rounds, latencies[i]!);
  return list.map((scenario, i) => {
    const l = latencies[i]!.sort((a, b) => a - b);
    const at = (q: number) => l[Math.min(l.length - 1, Math.floor(q * l.length))] ?? 0;
    return { scenario, requests: l.length, errors: errors[i]!, rps: l.length / seconds, p50: at(0.5), p99: at(0.99) };
  });
}

/** SQL statements of one request alone, first with its caches empty, then filled (SQL_STATEMENT_COUNT=on). */
async function statementsOf(scenario: Scenario, cookie: string) {
  const count = async () => {
    const res = await post(scenario.body, scenario.signedIn ? cookie : "");
    const json = (await res.json()) as { errors?: { message: string }[] };
    if (json.errors) throw new Error(`${scenario.name}: ${json.errors[0]?.message}`);
    return Number(res.headers.get("x-sql-statements") ?? Number.NaN);
  };
  const cold = await count(); // the first request: this operation's caches are empty
  return { cold, warm: await count() };
}

async function benchDatabase(db: "pglite" | "postgres"): Promise<DbRun> {
  let env: Record<string, string | undefined> = {};
  let cleanup = async () => {};
  if (db === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), "routewater-bench-"));
    env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `bench_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  try {
    console.error(`[${db}] preparing the data…`);
    const { customerId } = JSON.parse(
      (await runProcess([process.execPath, "bench/fixture.ts", env.DATA_DIR ?? ""], env)).trim().split("\n").at(-1)!,
    ) as { customerId: string };
    const { server, coldStartMs, coldStartCpuMs } = await startServer(env);
    try {
      const login = await post(
        gql('mutation { login(username: "customer@demo.test", password: "demo-pass-1") { isSuccess } }'),
      );
      const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
      if (!cookie) throw new Error("login failed");
      const list = scenarios(customerId);
      const statements: Result["statements"][] = [];
      for (const s of list) {
        statements.push(await statementsOf(s, cookie));
        await load(s, cookie, Math.min(1, seconds), []); // warm-up
      }
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
  const baseline = run.results.find((r) => r.scenario.key === "typename")!;
  console.log(`\n${run.db}: ${concurrency} concurrent clients, ${seconds} s per scenario`);
  console.log(
    `${pad("scenario", 26)}${"req/s".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"SQL".padStart(8)}${"ratio".padStart(8)}  goal`,
  );
  let failed = false;
  for (const r of run.results) {
    const ratio = r.rps / baseline.rps;
    const g = r.scenario.goal;
    const checks: string[] = [];
    if (g.minRatio !== undefined) checks.push(`${ratio >= g.minRatio ? "pass" : "FAIL"} ratio >= ${g.minRatio}`);
    // The p99 goal is PostgreSQL's (the embedded database queues concurrent queries on one session).
    if (g.maxP99Ms !== undefined && run.db === "postgres")
      checks.push(`${r.p99 <= g.maxP99Ms ? "pass" : "FAIL"} p99 <= ${g.maxP99Ms} ms`);
    if (r.errors) checks.push(`FAIL ${r.errors} errors`);
    if (checks.some((c) => c.startsWith("FAIL"))) failed = true;
    console.log(
      `${pad(r.scenario.name, 26)}${num(r.rps)}${num(r.p50, 1)}${num(r.p99, 1)}${`${r.statements.cold}/${r.statements.warm}`.padStart(8)}${num(ratio, 2)}  ${checks.join(", ")}`,
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
const runs: DbRun[] = [await benchDatabase("pglite")];
if (process.env.DATABASE_URL) runs.push(await benchDatabase("postgres"));
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
