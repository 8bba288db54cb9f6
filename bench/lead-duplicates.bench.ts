// Lead duplicate scan at scale (decision 0860): 1,000,000 leads in one branch of their own PostgreSQL
// database (made with generate_series: about 10% share a phone with another lead, 8% an email, 7% an
// address, 5% of the geocoded ones stand within 5 m of another lead typed differently, 4% have a second
// phone that is another lead's first, 10% discarded),
// then the full duplicate scan behind team/lead-cleaning (leadDuplicateGroups with key ALL: every key,
// the 15 m neighbours, the total and a page) beside raw GROUP BYs over the same normalised keys of the
// same leads (phone and phone 2 together, email, address, and the cells of the four shifted 30 m grids
// the 15 m check lays), in the same run.
//
//   bun bench/lead-duplicates.bench.ts                 (npm run bench runs it too)
//   LEAD_DUPLICATE_ROWS=200000 bun bench/lead-duplicates.bench.ts
//
// PostgreSQL from BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (else 127.0.0.1:5432).
// Goal: the scan <= 1.5x the raw GROUP BYs (median of BENCH_RUNS runs each, default 3).

import { scopedDb } from "../api/src/db/scoped.ts";
import { Prisma } from "../api/src/generated/prisma/client.ts";
import { scanDuplicateGroups } from "../api/src/modules/leads/duplicates.sql.ts";
import { createTestServer, factories } from "../api/test/harness.ts";
import { employee } from "../api/test/personnel-helpers.ts";

const ROWS = Number(process.env.LEAD_DUPLICATE_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL = 1.5;
process.env.TEST_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return median(times);
}

const server = await createTestServer({ JOBS: "off", LOG_LEVEL: "error" });
try {
  const made = await factories(server.prisma).branch();
  const b = made.id;
  const t = performance.now();
  // g: the lead's number in the fixture; a duplicate copies a key of an earlier lead, typed the same way
  // a normalised key stores it.
  await server.prisma.$executeRaw(Prisma.sql`
    INSERT INTO "Lead" (id, "branchId", "firstName", "lastName", email, "emailKey", phone, "phoneE164",
      phone2, "phone2E164", address, "postalCode", "addressKey", latitude, longitude, status, "enteredTime", "lastEdited")
    SELECT gen_random_uuid(), ${b}, 'Pat' || g, 'Lee', e, e, p, p, p2, p2, a, z, a || '|' || z, lat, lon,
      (CASE WHEN g % 10 = 3 THEN 'DISCARDED' ELSE 'UNASSIGNED' END)::"LeadStatus",
      now() - (g || ' minutes')::interval, now()
    FROM (
      SELECT g,
        '+1512' || lpad((CASE WHEN g % 10 = 0 THEN g - 1 ELSE g END)::text, 7, '0') AS p,
        CASE WHEN g % 25 = 1 THEN '+1512' || lpad((g - 2)::text, 7, '0') WHEN g % 5 = 1 THEN '+1737' || lpad(g::text, 7, '0') ELSE '' END AS p2,
        'p' || (CASE WHEN g % 12 = 0 THEN g - 5 ELSE g END) || '@example.com' AS e,
        (CASE WHEN g % 14 = 0 THEN g - 1 ELSE g END) % 9000 + 1 || ' ST ' || (CASE WHEN g % 14 = 0 THEN g - 1 ELSE g END) / 9000 || ' RD' AS a,
        lpad((70000 + g % 900)::text, 5, '0') AS z,
        CASE WHEN g % 5 < 3 THEN 30 + ((CASE WHEN g % 20 = 0 THEN g - 1 ELSE g END) / 1000) * 0.001 + (CASE WHEN g % 20 = 0 THEN 0.00004 ELSE 0 END) END AS lat,
        CASE WHEN g % 5 < 3 THEN -97 + ((CASE WHEN g % 20 = 0 THEN g - 1 ELSE g END) % 1000) * 0.0012 END AS lon
      FROM generate_series(1, ${ROWS}) g
    ) s`);
  await server.prisma.$executeRawUnsafe('ANALYZE "Lead"');
  const fixtureS = (performance.now() - t) / 1000;

  const db = scopedDb(server.prisma, b);
  const visible = Prisma.sql`"branchId" = ${b} AND "mergedIntoId" IS NULL AND status <> 'DISCARDED'`;
  const cell = 111_320 / 30;
  // The baseline: a plain GROUP BY per normalised key over the same leads, groups of two or more counted.
  const rawQueries = [
    Prisma.sql`SELECT count(*) FROM (SELECT val FROM (
        SELECT "phoneE164" AS val FROM "Lead" WHERE ${visible} AND "phoneE164" <> ''
        UNION ALL SELECT "phone2E164" FROM "Lead" WHERE ${visible} AND "phone2E164" <> '' AND "phone2E164" <> "phoneE164"
      ) p GROUP BY val HAVING count(*) > 1) g`,
    Prisma.sql`SELECT count(*) FROM (SELECT "emailKey" FROM "Lead"
        WHERE ${visible} AND "emailKey" <> '' GROUP BY 1 HAVING count(*) > 1) g`,
    Prisma.sql`SELECT count(*) FROM (SELECT "addressKey" FROM "Lead"
        WHERE ${visible} AND "addressKey" <> '' GROUP BY 1 HAVING count(*) > 1) g`,
    // the 15 m neighbours' keys: the four shifted 30 m grids the scan lays
    ...[0, 1, 2, 3].map(
      (shift) => Prisma.sql`SELECT count(*) FROM (SELECT floor(latitude * ${cell} + ${(shift & 1) * 0.5}),
        floor(longitude * ${cell} * cos(radians(latitude)) + ${(shift >> 1) * 0.5})
        FROM "Lead" WHERE ${visible} AND latitude IS NOT NULL AND longitude IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1) g`,
    ),
  ];
  // One after another, as the scan's parts run in one statement.
  const rawSerial = async () => {
    for (const q of rawQueries) await server.prisma.$queryRaw(q);
  };
  const scan = (key: "ALL" | "PHONE" | "EMAIL" | "ADDRESS") =>
    scanDuplicateGroups(db, { key, zones: null, customerKeys: [], skip: 0, take: 25 });
  const first = await scan("ALL");
  const rawMs = await timed(rawSerial);
  const scanMs = await timed(() => scan("ALL"));
  const keysMs = await timed(async () => {
    await scan("PHONE");
    await scan("EMAIL");
  });
  // The whole operation as the screen asks it (customers' keys, the page's members and customers).
  const c = await employee({ server, branchId: b, host: made.host }, ["LEAD_ADMIN"]);
  const gqlMs = await timed(() =>
    c.gql("query{ leadDuplicateGroups(key: ALL, take: 25){ totalCount items { id leadCount leads { id } } } }"),
  );
  const ratio = scanMs / rawMs;
  console.log(
    `lead duplicate scan: ${ROWS.toLocaleString("en-US")} leads in one branch (fixture ${fixtureS.toFixed(1)} s)`,
  );
  console.log(`groups found: ${first[0]?.total.toLocaleString("en-US") ?? 0}; medians of ${RUNS} runs`);
  console.log("measure                                       ms   ratio");
  console.log(`raw GROUP BYs (phone, email, address, cells)${rawMs.toFixed(0).padStart(6)}    1.00`);
  console.log(
    `scan, key ALL (with 15 m neighbours)        ${scanMs.toFixed(0).padStart(6)} ${ratio.toFixed(2).padStart(7)}  ${ratio <= GOAL ? "pass" : "FAIL"} <= ${GOAL}x`,
  );
  console.log(
    `scan, keys PHONE then EMAIL                 ${keysMs.toFixed(0).padStart(6)} ${(keysMs / rawMs).toFixed(2).padStart(7)}`,
  );
  console.log(
    `leadDuplicateGroups through GraphQL         ${gqlMs.toFixed(0).padStart(6)} ${(gqlMs / rawMs).toFixed(2).padStart(7)}`,
  );
  process.exitCode = ratio <= GOAL ? 0 : 1;
} finally {
  await server.close();
}
