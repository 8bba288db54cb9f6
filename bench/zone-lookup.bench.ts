// Zone lookup speed: "which zone of map M contains this point, and who holds role R there", as the
// lead import and work-order assignment ask it, against the demo maps and a large synthetic one.
// Standalone: `bun bench/zone-lookup.bench.ts` (npm run bench runs it too). Prints one table row per
// map: zones, building the index, lookups per second for 10k points, and how many points hit a zone.
// Goal: thousands of leads per second; 20k lookups/s leaves room for a busy machine.
import { seededRandom } from "../api/src/db/seed-tools.ts";
import { validZoneGeometry, type ZoneGeometry } from "../api/src/modules/territories/geometry.ts";
import { DEMO_SALES_TERRITORIES, DEMO_SERVICE_AREAS } from "../api/src/modules/territories/territories.seed.ts";
import { type IndexedZone, ZoneIndex } from "../api/src/modules/territories/zone-lookup.ts";

const POINTS = 10_000;
const GOAL_PER_SECOND = 20_000;

/** A grid of `n × n` wobbly polygons of `vertices` points each over the given box. */
function syntheticZones(n: number, vertices: number, box: [number, number, number, number]): IndexedZone[] {
  const [minX, minY, maxX, maxY] = box;
  const w = (maxX - minX) / n;
  const h = (maxY - minY) / n;
  const zones: IndexedZone[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const cx = minX + (i + 0.5) * w;
      const cy = minY + (j + 0.5) * h;
      const ring: [number, number][] = [];
      for (let k = 0; k < vertices; k++) {
        const a = (2 * Math.PI * k) / vertices;
        const r = 0.45 + 0.04 * Math.sin(5 * a);
        ring.push([cx + r * w * Math.cos(a), cy + r * h * Math.sin(a)]);
      }
      ring.push(ring[0]!);
      const geometry: ZoneGeometry = validZoneGeometry({ type: "Polygon", coordinates: [ring] });
      zones.push({ id: `s${i}-${j}`, name: `Zone ${i}-${j}`, color: "#000000", sortOrder: i * n + j, geometry });
    }
  return zones;
}

const AUSTIN: [number, number, number, number] = [-97.95, 30.1, -97.6, 30.5];

/** One of the demo's maps as the index reads it: ids prefixed so the two maps' zones never meet. */
const demoMap = (name: string, prefix: string, zones: typeof DEMO_SALES_TERRITORIES) => ({
  name,
  zones: zones.map((z, i) => ({
    id: `${prefix}${i}`,
    name: z.name,
    color: z.color,
    sortOrder: i,
    geometry: z.geometry,
  })),
});

const maps: { name: string; zones: IndexedZone[] }[] = [
  demoMap("Service areas (demo)", "a", DEMO_SERVICE_AREAS),
  demoMap("Sales territories (demo)", "b", DEMO_SALES_TERRITORIES),
  { name: "Synthetic 400 zones × 200 pts", zones: syntheticZones(20, 200, AUSTIN) },
];

const rnd = seededRandom(42).next;
const points = Array.from({ length: POINTS }, () => [
  AUSTIN[0] + rnd() * (AUSTIN[2] - AUSTIN[0]),
  AUSTIN[1] + rnd() * (AUSTIN[3] - AUSTIN[1]),
]) as [number, number][];

const rows: string[][] = [];
let allMet = true;
for (const map of maps) {
  const t0 = performance.now();
  const holders = map.zones.map((z) => ({ zoneId: z.id, roleId: "driver", personId: `p-${z.id}` }));
  const index = new ZoneIndex(map.name, 1, map.zones, holders);
  const buildMs = performance.now() - t0;
  // warm up, then time the best of 3 passes
  for (const [x, y] of points.slice(0, 1000)) index.zoneAt(x, y);
  let best = Infinity;
  let hits = 0;
  for (let pass = 0; pass < 3; pass++) {
    hits = 0;
    const s = performance.now();
    for (const [x, y] of points) {
      const z = index.zoneAt(x, y);
      if (z && index.holdersOf(z.id, "driver").length) hits++;
    }
    best = Math.min(best, performance.now() - s);
  }
  const perSecond = Math.round((POINTS / best) * 1000);
  const met = perSecond >= GOAL_PER_SECOND;
  allMet &&= met;
  rows.push([
    map.name,
    String(map.zones.length),
    buildMs.toFixed(1),
    perSecond.toLocaleString("en-US"),
    `${((hits / POINTS) * 100).toFixed(0)}%`,
    met ? "yes" : "NO",
  ]);
}

const header = [
  "map",
  "zones",
  "index build ms",
  "lookups/s (10k pts)",
  "points in a zone",
  `≥ ${GOAL_PER_SECOND / 1000}k/s`,
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
console.log("\nzone lookup (bench/zone-lookup.bench.ts)");
console.log(line(header));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const r of rows) console.log(line(r));
if (!allMet) process.exitCode = 1;
