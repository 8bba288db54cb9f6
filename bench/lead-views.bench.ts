// Lead views over a million leads (decision 0840): one branch with 1,000,000 leads (and 1,000 merged
// ones) made by generate_series in its own PostgreSQL database, then, at LEAD_BENCH_CONCURRENCY (16)
// connections:
//   - a view's page through GraphQL (filteredLeads: 50 leads with their person's and source's names, as
//     the web asks it) beside the raw SQL that page needs (the same page with the two names joined);
//   - its total, which the web asks apart (filteredLeads take 1 { total }, counted up to 10,000) beside
//     the same capped count in raw SQL;
//   - the counts per group (status, source, month) through GraphQL beside the raw GROUP BY.
// Both are loaded by the same loop in this process (GraphQL over HTTP, with the web's own document by id
// when the web has it; the raw SQL over a pg pool). Ratios: GraphQL's p50 and p99 to the raw SQL's.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres bun bench/lead-views.bench.ts
//   LEAD_BENCH_ROWS=200000 LEAD_BENCH_SECONDS=3 bun bench/lead-views.bench.ts   (a quicker look)
//
// Goals (PostgreSQL): a page p99 <= 25 ms and <= 2x the raw SQL's; counts per group p99 <= 2x the raw
// GROUP BY's. Not run by npm test (it takes minutes); `npm run bench` runs it when DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../api/src/db/client.ts";
import { applyMigrations } from "../api/src/db/migrate.ts";
import { factories } from "../api/test/factories/index.ts";

const root = join(import.meta.dir, "..");
const ROWS = Number(process.env.LEAD_BENCH_ROWS ?? 1_000_000);
const seconds = Number(process.env.LEAD_BENCH_SECONDS ?? 5);
const connections = Number(process.env.LEAD_BENCH_CONCURRENCY ?? 16);
const port = Number(process.env.LEAD_BENCH_PORT ?? 3297);
const base = `http://127.0.0.1:${port}`;
const P99_GOAL_MS = 25;
const RATIO_GOAL = 2;
const HOST = "lead-views-bench";
const PASSWORD = "bench-pass-1";
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgresql://postgres@127.0.0.1:5432/postgres";

type Line = { key: string; requests: number; rps: number; non2xx: number; errors: number; p50: number; p99: number };

async function run(cmd: string[], env: Record<string, string | undefined> = {}) {
  const p = Bun.spawn(cmd, { cwd: root, env: { ...process.env, ...env }, stdout: "pipe", stderr: "inherit" });
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error(`${cmd.join(" ")} failed`);
  return out;
}
const post = (body: string, cookie = "") =>
  fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", cookie }, body });

/** The fixture: a branch, a LEAD_REPORTING employee, 20 people, 5 sources, 3 forms, 10 zones, ROWS leads. */
async function fixture(url: string) {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await applyMigrations(database.migrationTarget);
    const p = database.prisma;
    const f = factories(p);
    const b = (await f.branch({ host: HOST })).id;
    const viewer = await f.user(b, { password: PASSWORD, permissions: ["LEAD_REPORTING"] });
    const people = await Promise.all(Array.from({ length: 20 }, () => f.user(b, { employee: true })));
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
    return {
      branchId: b,
      email: viewer.email,
      personIds: people.map((u) => u.personId!),
      sourceIds: sources.map((s) => s.id),
      formIds: forms.map((x) => x.id),
      zoneIds: zones.map((z) => z.id),
    };
  } finally {
    await database.close();
  }
}

/** ROWS leads, one every 30 seconds back from now (about a year for a million), in one statement. */
async function leads(client: pg.Client, fx: Awaited<ReturnType<typeof fixture>>) {
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
  await client.query(`VACUUM ANALYZE "Lead"`);
}

/**
 * `connections` callers at once, each calling `one` again as soon as it answers, for a second of warm-up
 * and then `seconds`: answers per second and latency percentiles of the calls that end after the warm-up.
 * GraphQL (over HTTP) and the raw SQL (over a pg pool) are loaded by this same loop, so the ratio compares
 * like with like.
 */
async function load(one: (worker: number) => Promise<unknown>) {
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
async function rawLoad(url: string, statements: (c: pg.PoolClient) => Promise<unknown>) {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  try {
    const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
    try {
      return await load((worker) => statements(clients[worker]!));
    } finally {
      for (const c of clients) c.release();
    }
  } finally {
    await pool.end();
  }
}

const PAGE_FIELDS = "leads { id number name status enteredTime personName leadSourceName }";
const PAGE_QUERY = `query LeadViewsBenchPage($where: LeadWhereInput, $order: [LeadOrderInput!], $skip: Int, $take: Int!) {
  filteredLeads(where: $where, order: $order, skip: $skip, take: $take) { ${PAGE_FIELDS} } }`;
const TOTAL_QUERY = `query LeadViewsBenchTotal($where: LeadWhereInput) {
  filteredLeads(where: $where, take: 1) { total totalIsCapped } }`;
const GROUP_QUERY = `query LeadViewsBenchGroups($where: LeadWhereInput, $groupBy: LeadGroupBy!) {
  leadGroupCounts(where: $where, groupBy: $groupBy) { key label count } }`;

const RAW_PAGE = (extra: string) => `
  SELECT l.*, trim(p."firstName" || ' ' || p."lastName") AS "personName", s.name AS "leadSourceName"
  FROM "Lead" l LEFT JOIN "Person" p ON p.id = l."personId" LEFT JOIN "LeadSource" s ON s.id = l."leadSourceId"
  WHERE l."branchId" = $1 AND l."mergedIntoId" IS NULL ${extra}
  ORDER BY l."enteredTime" DESC, l.number DESC LIMIT 50`;
const RAW_PAGE_OF_ONE = (extra: string) => `
  SELECT l.* FROM "Lead" l WHERE l."branchId" = $1 AND l."mergedIntoId" IS NULL ${extra}
  ORDER BY l."enteredTime" DESC, l.number DESC LIMIT 1`;
const RAW_COUNT = (extra: string) => `
  SELECT count(*)::int AS n FROM (SELECT 1 FROM "Lead" l WHERE l."branchId" = $1 AND l."mergedIntoId" IS NULL ${extra}
  LIMIT 10001) t`;
const RAW_GROUP = (key: string) => `
  SELECT ${key} AS key, count(*)::int AS count FROM "Lead" l WHERE l."branchId" = $1 AND l."mergedIntoId" IS NULL
  GROUP BY 1 ORDER BY 2 DESC`;

async function main() {
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const webDist = mkdtempSync(join(tmpdir(), "lead-views-bench-web-"));
  try {
    console.error(`[lead views] preparing ${ROWS.toLocaleString("en-US")} leads in ${name}…`);
    let t = performance.now();
    const fx = await fixture(dbUrl);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await leads(client, fx);
    await client.end();
    console.error(`[lead views] fixture in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    await run([process.execPath, "scripts/trusted-documents.ts", webDist]);
    const manifest = JSON.parse(readFileSync(join(webDist, ".trusted-documents.json"), "utf8")) as {
      documents: Record<string, string>;
    };
    const webPage = Object.entries(manifest.documents).find(([, text]) => /^query LeadViewLeads[ ({]/.test(text));
    const server = Bun.spawn([process.execPath, "api/src/server.ts"], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        WEB_DIST: webDist,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        SEED_DEMO: "never",
        JOBS: "off",
        DEFAULT_BRANCH_HOST: HOST,
        SQL_STATEMENT_COUNT: "on",
      },
      stdout: "ignore",
      stderr: "inherit",
    });
    try {
      t = performance.now();
      for (;;) {
        if (server.exitCode !== null) throw new Error("the server exited during its start");
        const ok = await post(JSON.stringify({ query: "{ __typename }" })).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (performance.now() - t > 120_000) throw new Error("the server did not answer within 120 s");
        await Bun.sleep(50);
      }
      const login = await post(
        JSON.stringify({ query: `mutation { login(username: "${fx.email}", password: "${PASSWORD}") { isSuccess } }` }),
      );
      const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
      if (!cookie) throw new Error("the bench's employee could not sign in");

      const pageBody = (where: object) =>
        webPage
          ? JSON.stringify({
              documentId: webPage[0],
              operationName: "LeadViewLeads",
              variables: { where, order: [{ field: "enteredTime", ascending: false }], skip: 0, take: 50 },
            })
          : JSON.stringify({ query: PAGE_QUERY, variables: { where, skip: 0, take: 50 } });
      const totalBody = (where: object) => JSON.stringify({ query: TOTAL_QUERY, variables: { where } });
      const groupBody = (groupBy: string) => JSON.stringify({ query: GROUP_QUERY, variables: { groupBy, where: {} } });
      const source = fx.sourceIds[1]!;
      const scenarios = [
        { key: "healthz", name: "GET /healthz", body: undefined },
        { key: "page", name: "page: all leads", body: pageBody({}) },
        {
          key: "page-filtered",
          name: "page: unassigned, 1 source",
          body: pageBody({ statuses: ["UNASSIGNED"], sourceIds: [source] }),
        },
        { key: "total", name: "total (capped): all", body: totalBody({}) },
        {
          key: "total-filtered",
          name: "total (capped): filtered",
          body: totalBody({ statuses: ["UNASSIGNED"], sourceIds: [source] }),
        },
        { key: "group-status", name: "counts by status", body: groupBody("STATUS") },
        { key: "group-source", name: "counts by source", body: groupBody("SOURCE") },
        { key: "group-month", name: "counts by month", body: groupBody("MONTH") },
      ];
      const statements = new Map<string, number>();
      for (const s of scenarios.filter((x) => x.body)) {
        for (let i = 0; i < 3; i++) {
          const res = await post(s.body!, cookie);
          const json = (await res.json()) as { errors?: { message: string }[] };
          if (json.errors) throw new Error(`${s.name}: ${json.errors[0]?.message}`);
          statements.set(s.key, Number(res.headers.get("x-sql-statements")));
        }
      }
      console.error(`[lead views] GraphQL: ${scenarios.length} scenarios, ${seconds} s each, ${connections} callers…`);
      const lines: Line[] = [];
      for (const s of scenarios) {
        const r = await load(async () => {
          const res = s.body ? await post(s.body, cookie) : await fetch(`${base}/healthz`);
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${s.name}: HTTP ${res.status}`);
        });
        lines.push({ key: s.key, non2xx: 0, ...r });
      }
      server.kill("SIGTERM");
      await server.exited;

      console.error("[lead views] raw SQL…");
      const b = fx.branchId;
      const filtered = `AND l.status = 'UNASSIGNED' AND l."leadSourceId" = '${source}'`;
      const raw = {
        page: await rawLoad(dbUrl, (c) => c.query(RAW_PAGE(""), [b])),
        "page-filtered": await rawLoad(dbUrl, (c) => c.query(RAW_PAGE(filtered), [b])),
        total: await rawLoad(dbUrl, async (c) => {
          await c.query(RAW_PAGE_OF_ONE(""), [b]);
          await c.query(RAW_COUNT(""), [b]);
        }),
        "total-filtered": await rawLoad(dbUrl, async (c) => {
          await c.query(RAW_PAGE_OF_ONE(filtered), [b]);
          await c.query(RAW_COUNT(filtered), [b]);
        }),
        "group-status": await rawLoad(dbUrl, (c) => c.query(RAW_GROUP("l.status"), [b])),
        "group-source": await rawLoad(dbUrl, (c) => c.query(RAW_GROUP(`l."leadSourceId"`), [b])),
        "group-month": await rawLoad(dbUrl, (c) =>
          c.query(RAW_GROUP(`to_char(l."enteredTime" AT TIME ZONE 'UTC' AT TIME ZONE 'America/Chicago', 'YYYY-MM')`), [
            b,
          ]),
        ),
      } as Record<string, { rps: number; p50: number; p99: number }>;

      let failed = false;
      console.log(
        `\nlead views, postgres: ${ROWS.toLocaleString("en-US")} leads in one branch, ${connections} connections, ${seconds} s each` +
          `${webPage ? " (the web's document by id)" : " (as text)"}; ratio: GraphQL's latency to the raw SQL's`,
      );
      console.log(
        `${"scenario".padEnd(28)}${"req/s".padStart(7)}${"p50".padStart(9)}${"p99".padStart(9)}${"SQL".padStart(5)}` +
          `${"raw/s".padStart(8)}${"raw p50".padStart(9)}${"raw p99".padStart(9)}${"p50 x".padStart(7)}${"p99 x".padStart(7)}  goal`,
      );
      for (const s of scenarios) {
        const l = lines.find((x) => x.key === s.key)!;
        const r = raw[s.key];
        const checks: string[] = [];
        if (r) {
          const ratio = l.p99 / Math.max(r.p99, 0.001);
          if (s.key.startsWith("page"))
            checks.push(`${l.p99 <= P99_GOAL_MS ? "pass" : "FAIL"} p99 <= ${P99_GOAL_MS} ms`);
          checks.push(`${ratio <= RATIO_GOAL ? "pass" : "FAIL"} p99 <= ${RATIO_GOAL}x raw`);
        }
        if (l.non2xx + l.errors) checks.push(`FAIL ${l.non2xx + l.errors} errors`);
        if (!l.requests) checks.push("FAIL no answer");
        if (checks.some((x) => x.startsWith("FAIL"))) failed = true;
        const n = (v: number | undefined, d = 1) => (v === undefined ? "-" : v.toFixed(d));
        console.log(
          `${s.name.padEnd(28)}${n(l.rps, 0).padStart(7)}${n(l.p50).padStart(9)}${n(l.p99).padStart(9)}` +
            `${String(statements.get(s.key) ?? "-").padStart(5)}${n(r?.rps, 0).padStart(8)}${n(r?.p50).padStart(9)}` +
            `${n(r?.p99).padStart(9)}${(r ? (l.p50 / r.p50).toFixed(2) : "-").padStart(7)}` +
            `${(r ? (l.p99 / r.p99).toFixed(2) : "-").padStart(7)}  ${checks.join(", ")}`,
        );
      }
      if (failed) process.exitCode = 1;
    } finally {
      if (server.exitCode === null) server.kill("SIGTERM");
    }
  } finally {
    rmSync(webDist, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}

await main();
