// Benchmark: the signed-in `overview` query under concurrent load, against yoga answering
// `{ __typename }` in the same run on the same server. Prints throughput, p50/p99 and the ratio;
// judge changes by the ratio, not by absolute numbers (they depend on the machine and its load).
//
//   npm run bench                     (embedded PGlite, demo seed)
//   DATABASE_URL=postgresql://... npm run bench
//   BENCH_SECONDS=5 BENCH_CONCURRENCY=16 npm run bench
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const port = Number(process.env.BENCH_PORT ?? 3299);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "routewater-bench-"));

const server = Bun.spawn(["bun", "api/src/server.ts"], {
  cwd: join(import.meta.dir, ".."),
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "always" },
  stdout: "ignore",
  stderr: "inherit",
});

async function waitReady() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await Bun.sleep(500);
  }
  throw new Error("server did not become ready");
}

async function post(body: string, cookie = "") {
  return fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body,
  });
}

type Run = { name: string; requests: number; errors: number; rps: number; p50: number; p99: number };

async function load(name: string, body: string, cookie: string, durationS: number): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await post(body, cookie);
        const json = (await res.json()) as { errors?: unknown };
        if (!res.ok || json.errors) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { name, requests: latencies.length, errors, rps: latencies.length / durationS, p50: at(0.5), p99: at(0.99) };
}

try {
  await waitReady();
  const login = await post(
    JSON.stringify({
      query: 'mutation { login(username: "customer@demo.test", password: "demo-pass-1") { isSuccess } }',
    }),
  );
  const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  if (!cookie) throw new Error("login failed");
  const overview = JSON.stringify({
    query:
      "query Overview { overview { userId firstName lastName email verifiedEmail isSuperAdmin employeePersonId employeePermissions brandWebsiteUrl webPaymentMethods features enabledWatertightFeatures isLinkedToCustomers allowAch allowBankCard branchTimezone } }",
    operationName: "Overview",
  });
  const typename = JSON.stringify({ query: "{ __typename }" });

  await load("warm-up", typename, "", 1);
  await load("warm-up", overview, cookie, 1);
  const baseline = await load("{ __typename }", typename, "", seconds);
  const measured = await load("overview (signed in)", overview, cookie, seconds);

  console.log(`\nconcurrency ${concurrency}, ${seconds} s each\n`);
  for (const r of [baseline, measured])
    console.log(
      `${r.name.padEnd(24)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   errors ${r.errors}`,
    );
  console.log(`\nratio overview / __typename throughput: ${(measured.rps / baseline.rps).toFixed(3)}`);
  if (baseline.errors || measured.errors) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
