// Zone outline checks and saves at the largest legal sizes: one zone of 5,000 points (MAX_ZONE_VERTICES)
// and a bulk update of 12 such zones (MAX_REQUEST_ZONE_POINTS), through GraphQL against a server in this
// process (PGlite in memory; PostgreSQL when DATABASE_URL is set, in a database made and dropped here).
// The outlines are zigzags whose edges all overlap in longitude: the shape the old self-crossing check
// was quadratic on (a security review measured 2.4 s for one such zone, 14 s for a bulk update).
// Standalone: `bun bench/zone-geometry.bench.ts` (npm run bench runs it too).
//
// Figures are medians, and ratios to baselines measured in the same run: the same mutation with a
// 4-point square (what the 5,000 points add to a save), JSON.parse of the zone's JSON (what reading it
// from the request costs), and GET /healthz when idle (against /healthz while the bulk update runs).
// Goal: one 5,000-point zone validated in under 50 ms (in practice a few ms); exit code 1 otherwise.

import {
  MAX_ZONE_VERTICES,
  ringSelfIntersectionBruteForce,
  validZoneGeometry,
} from "../api/src/modules/territories/geometry.ts";
import { MAX_REQUEST_ZONE_POINTS } from "../api/src/modules/territories/territories.service.ts";
import { zigzag } from "../api/src/modules/territories/test-shapes.ts";
import { Client, createTestServer, factories } from "../api/test/harness.ts";

const GOAL_MS = 50;
const BULK_ZONES = MAX_REQUEST_ZONE_POINTS / MAX_ZONE_VERTICES; // 12

if (process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const db = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(runs: number, f: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return out;
}

const largest = { type: "Polygon", coordinates: [zigzag(MAX_ZONE_VERTICES)] };
const largestJson = JSON.stringify(largest);
const square = {
  type: "Polygon",
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ],
  ],
};

// ── the check alone, in this process ──
for (let i = 0; i < 5; i++) validZoneGeometry(largest); // warm-up
const parseMs = median(await timed(31, () => JSON.parse(largestJson)));
const validateMs = median(await timed(31, () => validZoneGeometry(largest)));
const bruteMs = (await timed(1, () => ringSelfIntersectionBruteForce(largest.coordinates[0]!)))[0]!;

// ── through GraphQL, saved ──
const server = await createTestServer();
let rows: string[][] = [];
try {
  const f = factories(server.prisma);
  const branch = await f.branch({ host: "zone-bench" });
  const manager = await f.user(branch.id, { permissions: ["TERRITORY_MANAGEMENT"] });
  const client = new Client(server.url, "zone-bench");
  if (!(await client.login(manager.email, manager.password)).isSuccess) throw new Error("login failed");
  const call = async <T = unknown>(query: string, variables: Record<string, unknown>) => {
    const r = await client.gql<T>(query, variables);
    if (r.errors?.length) throw new Error(r.errors[0]!.message);
    return r.data as T;
  };
  const mapId = (
    await call<{ addTerritoryMap: { id: string } }>(`mutation($n:String!){ addTerritoryMap(name:$n){ id } }`, {
      n: "Bench",
    })
  ).addTerritoryMap.id;
  const ADD = `mutation($i:AddTerritoryZoneInput!){ addTerritoryZone(input:$i){ id } }`;
  const ids: string[] = [];
  for (let k = 0; k < BULK_ZONES; k++)
    ids.push(
      (await call<{ addTerritoryZone: { id: string } }>(ADD, { i: { mapId, name: `Zone ${k + 1}`, data: square } }))
        .addTerritoryZone.id,
    );
  const UPDATE = `mutation($i:UpdateTerritoryZoneInput!){ updateTerritoryZone(input:$i){ id } }`;
  const BULK = `mutation($i:UpdateTerritoryZonesInput!){ updateTerritoryZones(input:$i){ id } }`;
  const saveOne = (data: unknown) => call(UPDATE, { i: { id: ids[0], data } });
  const bulk = {
    mapId,
    zones: ids.map((id, k) => ({
      id,
      data: { type: "Polygon", coordinates: [zigzag(MAX_ZONE_VERTICES, 100, -170 + 12 * k)] },
    })),
  };
  const bulkBytes = JSON.stringify({ query: BULK, variables: { i: bulk } }).length;
  for (let i = 0; i < 3; i++) {
    await saveOne(square);
    await saveOne(largest);
  }
  const healthz = async () => {
    const t = performance.now();
    await (await fetch(`${server.url}/healthz`)).text();
    return performance.now() - t;
  };
  const idleHealth = median(await timed(31, healthz));
  const squareMs = median(await timed(15, () => saveOne(square)));
  const largestMs = median(await timed(15, () => saveOne(largest)));
  await call(BULK, { i: bulk }); // warm-up
  // /healthz asked over and over while each bulk update runs: the longest answer shows the longest stall
  const during: number[] = [];
  const bulkMs = median(
    await timed(5, async () => {
      let running = true;
      const probe = (async () => {
        while (running) during.push(await healthz());
      })();
      await call(BULK, { i: bulk });
      running = false;
      await probe;
    }),
  );
  const ratio = (x: number, base: number) => `${(x / base).toFixed(1)}x`;
  rows = [
    ["validate 5,000 points (no database)", validateMs.toFixed(1), `${ratio(validateMs, parseMs)} JSON.parse`],
    ["O(n²) rule on the same ring (before)", bruteMs.toFixed(0), `${ratio(bruteMs, validateMs)} the check`],
    [`save a 4-point zone (${db}, baseline)`, squareMs.toFixed(1), "1.0x"],
    [`save a 5,000-point zone (${db})`, largestMs.toFixed(1), ratio(largestMs, squareMs)],
    [
      `bulk update of ${BULK_ZONES} × 5,000 points (${(bulkBytes / 1024).toFixed(0)} KB)`,
      bulkMs.toFixed(1),
      ratio(bulkMs, squareMs),
    ],
    [
      `/healthz during the bulk updates (${during.length} asked): median, max`,
      `${median(during).toFixed(1)}, ${Math.max(...during).toFixed(1)}`,
      `idle ${idleHealth.toFixed(1)} ms`,
    ],
  ];
} finally {
  await server.close();
}

const met = validateMs < GOAL_MS;
const header = ["scenario", "median ms", "ratio"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
console.log("\nzone geometry (bench/zone-geometry.bench.ts)");
console.log(line(header));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const r of rows) console.log(line(r));
console.log(
  `goal: a 5,000-point zone validated in < ${GOAL_MS} ms: ${met ? "pass" : "FAIL"} (${validateMs.toFixed(1)} ms)`,
);
if (!met) process.exitCode = 1;
