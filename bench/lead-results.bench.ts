// Lead results over a million leads (decisions 0880, 0920): the fixture of lead-views.bench.ts (1,000,000
// leads in one branch, bench/lead-fixture.ts) with a project thread on every tenth lead and one piece of
// work on it at a TOP, MIDDLE, SUCCESS or FAILURE step, then, at RESULTS_BENCH_CONCURRENCY (4) connections:
//   - leadAnalytics by source (leads in, by status, converted, contacted, the median time to first
//     contact), leadResults by source (sold, lost, open) and salesFunnel, through GraphQL as the web asks
//     them (its documents by id), for the screens' default period (the last 30 days, ~86,000 leads) and
//     the longest (the last 12 months, ~1,000,000);
//   - beside the raw SQL that computes the same numbers set-wise: one GROUP BY over the period's leads
//     joined to their facts aggregated per lead (first work, note and history entry; any work at a SUCCESS
//     or FAILURE step; the furthest step of the latest thread), over a pg pool, by the same load loop.
// The raw SQL runs with jit=off as the API's connections do (db/client.ts), unless LEAD_BENCH_PG_OPTIONS
// gives both other options: a JIT-compiled baseline took 5-8 s where the API took 1-3.5 s (decision 0880).
// Ratio: GraphQL's p50 and p99 to the raw SQL's. Every scenario first checks that both give the same
// numbers (the total row's counts; the funnel's positions). Goal (as for the views' counts per group):
// p99 <= 2x the raw GROUP BY's.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres bun bench/lead-results.bench.ts
//   LEAD_BENCH_ROWS=200000 RESULTS_BENCH_SECONDS=3 bun bench/lead-results.bench.ts   (a quicker look)
//
// Not run by npm test (it takes minutes); `npm run bench` runs it when DATABASE_URL is set.
import pg from "pg";
import { load, loadAverage, ROWS, rawLoad, withLeadBench } from "./lead-fixture.ts";

const seconds = Number(process.env.RESULTS_BENCH_SECONDS ?? 5);
const connections = Number(process.env.RESULTS_BENCH_CONCURRENCY ?? 4);
const port = Number(process.env.RESULTS_BENCH_PORT ?? 3296);
const RATIO_GOAL = 2;

const TEXT: Record<string, string> = {
  LeadAnalytics: `query LeadAnalytics($from: Date!, $to: Date!, $groupBy: LeadResultGroup!, $period: LeadResultPeriod) {
    leadAnalytics(from: $from, to: $to, groupBy: $groupBy, period: $period) { key label isTotal leads unassigned
      assigned discarded converted contacted conversionRate medianMinutesToFirstContact } }`,
  LeadResults: `query LeadResults($from: Date!, $to: Date!, $groupBy: LeadResultGroup!, $period: LeadResultPeriod) {
    leadResults(from: $from, to: $to, groupBy: $groupBy, period: $period) { key label isTotal leads sold lost open soldRate } }`,
  SalesFunnel: `query SalesFunnel($from: Date!, $to: Date!, $projectId: String) {
    salesFunnel(from: $from, to: $to, projectId: $projectId) { position leads share } }`,
};

// $1 branch, $2 first day, $3 last day, $4 the branch's time zone: the period's visible leads, keyed by source.
const LEADS = `SELECT l.id, l."enteredTime", l.status, l."customerId", COALESCE(l."leadSourceId", '') AS key
  FROM "Lead" l WHERE l."branchId" = $1 AND l."mergedIntoId" IS NULL
    AND l."enteredTime" >= (($2::date)::timestamp AT TIME ZONE $4) AT TIME ZONE 'UTC'
    AND l."enteredTime" < (($3::date + 1)::timestamp AT TIME ZONE $4) AT TIME ZONE 'UTC'`;
const WORK = `JOIN "ProjectThread" t ON t."branchId" = $1 AND t."leadId" = l.id
  JOIN "Activity" a ON a."threadId" = t.id AND a."branchId" = t."branchId" AND a.status IN ('ACTIVE', 'RESOLVED')`;
const STEP = `JOIN "ProjectStep" s ON s.id = a."stepId" AND s."branchId" = t."branchId"`;
const BY_SOURCE = (inner: string) => `SELECT g.*, ls.name AS label FROM (${inner}) g
  LEFT JOIN "LeadSource" ls ON ls.id = g.key AND ls."branchId" = $1 ORDER BY g.leads DESC, label`;

const RAW: Record<string, string> = {
  LeadAnalytics: `WITH l AS (${LEADS}),
    w AS (SELECT t."leadId", min(a."enteredTime") AS at FROM l ${WORK} GROUP BY 1),
    n AS (SELECT x."leadId", min(x."createdAt") AS at FROM l JOIN "LeadNote" x ON x."leadId" = l.id
      WHERE x."personId" IS NOT NULL GROUP BY 1),
    c AS (SELECT x."leadId", min(x."createdAt") AS at FROM l JOIN "LeadChange" x ON x."leadId" = l.id
      WHERE x."personId" IS NOT NULL AND x.kind NOT IN ('CREATED', 'MERGED', 'UNMERGED') GROUP BY 1),
    f AS (SELECT l.*, LEAST(w.at, n.at, c.at) AS first FROM l LEFT JOIN w ON w."leadId" = l.id
      LEFT JOIN n ON n."leadId" = l.id LEFT JOIN c ON c."leadId" = l.id)
    ${BY_SOURCE(`SELECT key, GROUPING(key)::int AS total, count(*)::int AS leads,
      count(*) FILTER (WHERE status = 'UNASSIGNED')::int AS unassigned,
      count(*) FILTER (WHERE status = 'ASSIGNED')::int AS assigned,
      count(*) FILTER (WHERE status = 'DISCARDED')::int AS discarded,
      count(*) FILTER (WHERE "customerId" IS NOT NULL)::int AS converted,
      count(*) FILTER (WHERE first IS NOT NULL)::int AS contacted,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY GREATEST(0, EXTRACT(EPOCH FROM (first - "enteredTime")) / 60.0))
        FILTER (WHERE first IS NOT NULL) AS median
      FROM f GROUP BY GROUPING SETS ((key), ())`)}`,
  LeadResults: `WITH l AS (${LEADS}),
    o AS (SELECT t."leadId", bool_or(s."funnelPosition" = 'SUCCESS') AS sold, bool_or(s."funnelPosition" = 'FAILURE') AS lost
      FROM l ${WORK} ${STEP} GROUP BY 1)
    ${BY_SOURCE(`SELECT key, GROUPING(key)::int AS total, count(*)::int AS leads,
      count(*) FILTER (WHERE o.sold)::int AS sold, count(*) FILTER (WHERE o.lost AND NOT o.sold)::int AS lost,
      count(*) FILTER (WHERE o."leadId" IS NULL OR NOT (o.sold OR o.lost))::int AS open
      FROM l LEFT JOIN o ON o."leadId" = l.id GROUP BY GROUPING SETS ((key), ())`)}`,
  SalesFunnel: `WITH l AS (${LEADS}),
    p AS (SELECT DISTINCT ON (t."leadId") t."leadId", s."funnelPosition"::text AS position FROM l ${WORK} ${STEP}
      ORDER BY t."leadId", t."createdAt" DESC, t.id DESC, s."sortLevel" DESC, s.id DESC)
    SELECT COALESCE(p.position, 'NONE') AS position, count(*)::int AS leads FROM l LEFT JOIN p ON p."leadId" = l.id
    GROUP BY 1`,
};

type Row = Record<string, unknown>;
/** The numbers both must agree on: the total row's counts, or the funnel's count per position. */
function numbers(report: string, rows: Row[]): string {
  if (report === "SalesFunnel")
    return rows
      .map((r) => `${r.position}=${r.leads}`)
      .filter((x) => !x.endsWith("=0"))
      .sort()
      .join(" ");
  const total = rows.find((r) => r.isTotal === true || r.total === 1) ?? {};
  const keys =
    report === "LeadAnalytics"
      ? ["leads", "unassigned", "assigned", "discarded", "converted", "contacted"]
      : ["leads", "sold", "lost", "open"];
  return keys.map((k) => `${k}=${total[k]}`).join(" ");
}

const day = (d: Date, tz: string) => new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(d);
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const before = loadAverage();
await withLeadBench("lead results", port, { threads: true }, async ({ fx, dbUrl, documents, post, base, stop }) => {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const tz = (await c.query(`SELECT "timeZone" FROM "Branch" WHERE id = $1`, [fx.branchId])).rows[0].timeZone as string;
  await c.end();
  const today = day(new Date(), tz);
  const periods = [
    { name: "30 days", from: addDays(today, -29), to: today },
    { name: "12 months", from: addDays(today, -364), to: today },
  ];
  const bodyOf = (report: string, from: string, to: string) => {
    const id = Object.entries(documents).find(([, t]) => new RegExp(`^query ${report}[ ({]`).test(t))?.[0];
    const variables =
      report === "SalesFunnel" ? { from, to, projectId: null } : { from, to, groupBy: "SOURCE", period: "WEEK" };
    return JSON.stringify(
      id ? { documentId: id, operationName: report, variables } : { query: TEXT[report], variables },
    );
  };
  const scenarios = periods.flatMap((p) =>
    ["LeadAnalytics", "LeadResults", "SalesFunnel"].map((report) => ({
      key: `${report} ${p.name}`,
      report,
      period: p,
      body: bodyOf(report, p.from, p.to),
    })),
  );

  // Same numbers, and the statements per request (first / next).
  const checks = new Map<string, { statements: string; answer: string }>();
  for (const s of scenarios) {
    const counts: number[] = [];
    let rows: Row[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await post(s.body);
      const json = (await res.json()) as { data?: Record<string, Row[]>; errors?: { message: string }[] };
      if (json.errors) throw new Error(`${s.key}: ${json.errors[0]?.message}`);
      rows = Object.values(json.data!)[0]!;
      counts.push(Number(res.headers.get("x-sql-statements")));
    }
    checks.set(s.key, { statements: `${counts[0]}/${counts[1]}`, answer: numbers(s.report, rows) });
  }
  console.error(`[lead results] GraphQL: ${scenarios.length} scenarios, ${seconds} s each, ${connections} callers…`);
  const health = await load(connections, seconds, async () => (await fetch(`${base}/healthz`)).arrayBuffer());
  const lines = new Map<string, Awaited<ReturnType<typeof load>>>();
  for (const s of scenarios)
    lines.set(
      s.key,
      await load(connections, seconds, async () => {
        const res = await post(s.body);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${s.key}: HTTP ${res.status}`);
      }),
    );
  await stop();

  console.error("[lead results] raw SQL…");
  const rawUrl = new URL(dbUrl);
  if (!rawUrl.searchParams.has("options")) rawUrl.searchParams.set("options", "-c jit=off");
  const raw = new Map<string, Awaited<ReturnType<typeof load>> & { answer: string }>();
  for (const s of scenarios) {
    const params = [fx.branchId, s.period.from, s.period.to, tz];
    const check = new pg.Client({ connectionString: rawUrl.toString() });
    await check.connect();
    const answer = numbers(s.report, (await check.query(RAW[s.report]!, params)).rows);
    await check.end();
    const r = await rawLoad(rawUrl.toString(), connections, seconds, (client) => client.query(RAW[s.report]!, params));
    raw.set(s.key, { ...r, answer });
  }

  let failed = false;
  console.log(
    `\nlead results, postgres: ${ROWS.toLocaleString("en-US")} leads in one branch (a thread with work on every tenth), ` +
      `${connections} connections, ${seconds} s each; ratio: GraphQL's latency to the raw SQL's; ` +
      `${process.env.LEAD_BENCH_PG_OPTIONS ? `PostgreSQL options "${process.env.LEAD_BENCH_PG_OPTIONS}"; ` : "raw SQL with jit=off as the API; "}` +
      `load average ${before} before, ${loadAverage()} after; GET /healthz p50 ${health.p50.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms`,
  );
  console.log(
    `${"scenario".padEnd(26)}${"req/s".padStart(7)}${"p50".padStart(9)}${"p99".padStart(9)}${"SQL".padStart(6)}` +
      `${"raw/s".padStart(8)}${"raw p50".padStart(9)}${"raw p99".padStart(9)}${"p50 x".padStart(7)}${"p99 x".padStart(7)}  goal`,
  );
  const n = (v: number, d = 1) => v.toFixed(d);
  for (const s of scenarios) {
    const l = lines.get(s.key)!;
    const r = raw.get(s.key)!;
    const c = checks.get(s.key)!;
    const verdicts = [`${l.p99 / r.p99 <= RATIO_GOAL ? "pass" : "FAIL"} p99 <= ${RATIO_GOAL}x raw`];
    if (c.answer !== r.answer) verdicts.push(`FAIL numbers differ: GraphQL ${c.answer} | raw ${r.answer}`);
    if (l.errors) verdicts.push(`FAIL ${l.errors} errors`);
    if (!l.requests) verdicts.push("FAIL no answer");
    if (verdicts.some((x) => x.startsWith("FAIL"))) failed = true;
    console.log(
      `${s.key.padEnd(26)}${n(l.rps, 1).padStart(7)}${n(l.p50).padStart(9)}${n(l.p99).padStart(9)}${c.statements.padStart(6)}` +
        `${n(r.rps, 1).padStart(8)}${n(r.p50).padStart(9)}${n(r.p99).padStart(9)}${n(l.p50 / r.p50, 2).padStart(7)}` +
        `${n(l.p99 / r.p99, 2).padStart(7)}  ${verdicts.join(", ")}`,
    );
  }
  for (const s of scenarios) console.log(`  ${s.key}: ${checks.get(s.key)!.answer}`);
  if (failed) process.exitCode = 1;
});
