// Lead CSV import's speed (decisions 0810, 0950): a 100,000-row file's dry run as the page sends it
// (gzip-compressed, streamed to POST /api/lead-imports/dry-run; every row checked and its duplicates
// looked up, rows stored; the process's peak memory growth printed), then its commit
// in the background (a batch at a time: duplicates looked for again, geocoded by the embedded geocoder
// and placed in the lead map's zone, leads and their CREATED lines written), beside raw SQL inserting
// the same number of leads in the same run (the ratio's baseline). A fifth of the rows repeat an earlier
// row or a stored lead, a tenth are invalid; addresses are on 40 known streets (one in 25 unknown). For the embedded PGlite, and for PostgreSQL when BENCH_DATABASE_URL, TEST_DATABASE_URL
// or DATABASE_URL is set.
//
//   bun bench/lead-import.bench.ts                  (npm run bench runs it too)
//   LEAD_IMPORT_ROWS=20000 bun bench/lead-import.bench.ts
//   LEAD_IMPORT_DBS=postgres BENCH_DATABASE_URL=postgres://... bun bench/lead-import.bench.ts
//
// Goals: the dry run of 100,000 rows <= 10 s; the commit >= 50,000 rows/s is the aim (printed, judged
// on PostgreSQL only: PGlite runs in the server's own thread).

import { readdirSync, readFileSync } from "node:fs";
import { Prisma } from "../api/src/generated/prisma/client.ts";
import { runDueLeadImports } from "../api/src/modules/leads/imports.job.ts";
import { square } from "../api/src/modules/territories/test-shapes.ts";
import { createTestServer, factories, type TestServer } from "../api/test/harness.ts";
import { employee } from "../api/test/personnel-helpers.ts";
import { onEachDatabase } from "./on-each-database.ts";

const ROWS = Number(process.env.LEAD_IMPORT_ROWS ?? 100_000);
const DRY_RUN_GOAL_S = 10;
const COMMIT_GOAL_RPS = 50_000;

const MAPPING = [
  { column: "First Name", field: "FIRST_NAME" },
  { column: "Last Name", field: "LAST_NAME" },
  { column: "Email", field: "EMAIL" },
  { column: "Phone", field: "PHONE" },
  { column: "Address", field: "ADDRESS" },
  { column: "City", field: "CITY" },
  { column: "State", field: "STATE_CODE" },
  { column: "Zip", field: "POSTAL_CODE" },
];

/** The branch's streets (what the embedded geocoder knows): street s lies in postal code 787{s % 20}. */
const STREETS = Array.from({ length: 40 }, (_, s) => `${["Oak", "Elm", "Pine", "Cedar"][s % 4]} ${s} St`);
const zipOf = (s: number) => `787${String(s % 20).padStart(2, "0")}`;

function csv(rows: number) {
  const lines = ["First Name,Last Name,Email,Phone,Address,City,State,Zip"];
  for (let i = 0; i < rows; i++) {
    if (i % 10 === 9) lines.push(`Bad${i},Row,not-an-email,,,Austin,TX,78701`);
    else if (i % 5 === 4) lines.push(`Again${i},Row,p${i - 3}@example.com,,,Austin,TX,78701`);
    else {
      const phone = `512${String(2_000_000 + i).padStart(7, "0")}`;
      // Streets repeat (as in a real list: 9,000 house numbers on 40 streets), each row its own unit;
      // one row in 25 is on a street the geocoder does not know (its postal code places it).
      const street = i % 25 === 0 ? `Unknown ${i} Rd` : STREETS[i % 40];
      lines.push(
        `Pat${i},"Lee, Jr.",p${i}@example.com,${phone},"${100 + (i % 9000)} ${street} Apt ${i}",Austin,TX,${zipOf(i % 40)}`,
      );
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** What the geocoder knows (two service addresses per street) and the lead map (one zone over them all). */
async function placeStreets(server: TestServer, branchId: string) {
  const p = server.prisma;
  const customer = await factories(p).customer(branchId, "BENCH-1");
  await p.serviceAddress.createMany({
    data: STREETS.flatMap((streetName, s) =>
      [1, 2].map((n) => ({
        branchId,
        customerId: customer.id,
        streetNumber: String(n * 10),
        streetName,
        city: "Austin",
        state: "TX",
        postalCode: zipOf(s),
        latitude: 0.5,
        longitude: (s + n / 3) / 41,
      })),
    ),
  });
  const map = await p.territoryMap.create({ data: { branchId, name: "Lead map" } });
  await p.territoryZone.create({ data: { branchId, mapId: map.id, name: "All", data: square(0, 0) } });
  await p.leadConfiguration.create({ data: { branchId, leadSegregationMapId: map.id } });
}

type Outcome = {
  db: string;
  dryRunS: number;
  commitRps: number;
  rawRps: number;
  rows: number;
  newRows: number;
  placed: number;
  rssGrowthMb: number;
  /** CPU time the dry run took in this process (the server; the bench's own sending is small). */
  dryRunCpuS: number;
  /** CPU time the PostgreSQL server's processes took meanwhile (when they run on this machine). */
  dryRunPgCpuS: number;
};

/**
 * The CPU seconds the PostgreSQL processes serving `database` on this machine have used (/proc; 0 where
 * it cannot be read): on a machine others load, CPU time says more than the time on the clock.
 */
function postgresCpuS(database: string | undefined) {
  if (!database) return 0;
  let ticks = 0;
  try {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${database} `)) continue;
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const close = stat.lastIndexOf(")");
        const f = stat.slice(close + 2).split(" ");
        ticks += Number(f[11]) + Number(f[12]); // utime, stime
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return ticks / 100;
}

async function measure(db: string): Promise<Outcome> {
  const server: TestServer = await createTestServer({ JOBS: "off", LOG_LEVEL: "error" });
  try {
    const f = factories(server.prisma);
    const made = await f.branch();
    const branch = { server, branchId: made.id, host: made.host };
    const c = await employee(branch, ["LEAD_ADMIN"]);
    await placeStreets(server, made.id);
    // Some stored leads the file repeats.
    await server.prisma.lead.createMany({
      data: Array.from({ length: 1000 }, (_, i) => ({
        branchId: made.id,
        firstName: "Stored",
        email: `p${i * 50}@example.com`,
        emailKey: `p${i * 50}@example.com`,
      })),
    });
    const gzipped = Bun.gzipSync(csv(ROWS));
    // The dry run as the page sends it: the gzip-compressed file as a request body, read as it arrives.
    // The process's memory is sampled meanwhile: what it grows by should not follow the file's size.
    Bun.gc(true);
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 25);
    const cpuBefore = process.cpuUsage();
    const database = server.databaseUrl && new URL(server.databaseUrl).pathname.slice(1);
    const pgBefore = postgresCpuS(database);
    let t = performance.now();
    const query = new URLSearchParams({ fileName: "bench.csv", mapping: JSON.stringify(MAPPING) });
    const res = await fetch(`${server.url}/api/lead-imports/dry-run?${query}`, {
      method: "POST",
      headers: { "content-type": "application/gzip", branchhost: made.host, cookie: c.cookie },
      body: gzipped,
    });
    const answer = (await res.json()) as { isSuccess: boolean; message: string; fileId: string | null };
    const dryRunS = (performance.now() - t) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const dryRunCpuS = (cpu.user + cpu.system) / 1e6;
    const dryRunPgCpuS = postgresCpuS(database) - pgBefore;
    clearInterval(sampler);
    const rssGrowthMb = (rssPeak - rssBefore) / 1024 / 1024;
    if (!answer.fileId) throw new Error(`dry run refused: ${answer.message}`);
    const file = { id: answer.fileId };
    await c.gql("mutation($id: ID!){ commitLeadImport(id: $id){ isSuccess } }", { id: file.id });
    t = performance.now();
    await runDueLeadImports(server.runtime);
    const commitS = (performance.now() - t) / 1000;
    const written = await server.prisma.lead.count({ where: { importFileId: file.id } });
    const placed = await server.prisma.lead.count({ where: { importFileId: file.id, zoneId: { not: null } } });
    // The baseline: raw SQL inserting as many leads in one statement.
    t = performance.now();
    await server.prisma.$executeRaw(Prisma.sql`
      INSERT INTO "Lead" (id, "branchId", "firstName", "lastName", email, "emailKey", phone, "phoneE164", address,
        city, "stateCode", "postalCode", "addressKey", "lastEdited")
      SELECT gen_random_uuid(), ${made.id}, 'Raw' || g, 'Lee', 'r' || g || '@example.com', 'r' || g || '@example.com',
        '512555' || g, '+1512555' || g, g || ' Oak St', 'Austin', 'TX', '78701', g || ' oak st|78701', now()
      FROM generate_series(1, ${written}) g`);
    const rawS = (performance.now() - t) / 1000;
    return {
      db,
      dryRunS,
      commitRps: written / commitS,
      rawRps: written / rawS,
      rows: ROWS,
      newRows: written,
      placed,
      rssGrowthMb,
      dryRunCpuS,
      dryRunPgCpuS,
    };
  } finally {
    await server.close();
  }
}

const outcomes = await onEachDatabase(measure, (process.env.LEAD_IMPORT_DBS ?? "pglite,postgres").split(","));

let failed = false;
console.log(`lead CSV import: ${ROWS.toLocaleString("en-US")} rows; commit ratio: to raw SQL inserting as many leads`);
console.log(
  "db         dry run s  peak RSS growth MB  leads written  in a zone  commit rows/s  raw SQL rows/s  ratio  goal",
);
for (const o of outcomes) {
  const checks = [`${o.dryRunS <= DRY_RUN_GOAL_S ? "pass" : "FAIL"} dry run <= ${DRY_RUN_GOAL_S} s`];
  if (o.db === "postgres")
    checks.push(`${o.commitRps >= COMMIT_GOAL_RPS ? "pass" : "miss"} commit >= ${COMMIT_GOAL_RPS} rows/s (aim)`);
  if (checks.some((x) => x.startsWith("FAIL"))) failed = true;
  console.log(
    `${o.db.padEnd(9)} ${o.dryRunS.toFixed(1).padStart(10)} ${o.rssGrowthMb.toFixed(0).padStart(19)} ${String(o.newRows).padStart(14)} ${String(o.placed).padStart(10)} ${o.commitRps.toFixed(0).padStart(14)} ${o.rawRps.toFixed(0).padStart(15)} ${(o.commitRps / o.rawRps).toFixed(2).padStart(6)}  ${checks.join(", ")}`,
  );
}
for (const o of outcomes)
  console.log(
    `${o.db}: the dry run's CPU time: ${o.dryRunCpuS.toFixed(1)} s in the server's process${o.db === "postgres" ? `, ${o.dryRunPgCpuS.toFixed(1)} s in PostgreSQL's (its processes on this machine serving the bench's database)` : ""}`,
  );
process.exit(failed ? 1 : 0);
