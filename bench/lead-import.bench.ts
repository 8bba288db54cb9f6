// Lead CSV import's speed (decision 0810): a 100,000-row file's dry run through GraphQL (gzip-compressed
// upload, every row checked and its duplicates looked up, rows stored), then its commit in the
// background (createMany a batch at a time), beside raw SQL inserting the same number of leads in the
// same run (the ratio's baseline). A fifth of the rows repeat an earlier row or a stored lead, a tenth
// are invalid. For the embedded PGlite, and for PostgreSQL when BENCH_DATABASE_URL, TEST_DATABASE_URL
// or DATABASE_URL is set.
//
//   bun bench/lead-import.bench.ts                  (npm run bench runs it too)
//   LEAD_IMPORT_ROWS=20000 bun bench/lead-import.bench.ts
//
// Goals: the dry run of 100,000 rows <= 10 s; the commit >= 50,000 rows/s is the aim (printed, judged
// on PostgreSQL only: PGlite runs in the server's own thread).

import { Prisma } from "../api/src/generated/prisma/client.ts";
import { runDueLeadImports } from "../api/src/modules/leads/imports.job.ts";
import { createTestServer, factories, type TestServer } from "../api/test/harness.ts";
import { employee } from "../api/test/personnel-helpers.ts";

const ROWS = Number(process.env.LEAD_IMPORT_ROWS ?? 100_000);
const DRY_RUN_GOAL_S = 10;
const COMMIT_GOAL_RPS = 50_000;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

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

function csv(rows: number) {
  const lines = ["First Name,Last Name,Email,Phone,Address,City,State,Zip"];
  for (let i = 0; i < rows; i++) {
    if (i % 10 === 9) lines.push(`Bad${i},Row,not-an-email,,,Austin,TX,78701`);
    else if (i % 5 === 4) lines.push(`Again${i},Row,p${i - 3}@example.com,,,Austin,TX,78701`);
    else {
      const phone = `512${String(2_000_000 + i).padStart(7, "0")}`;
      lines.push(`Pat${i},"Lee, Jr.",p${i}@example.com,${phone},"${100 + (i % 9000)} Oak St ${i}",Austin,TX,78701`);
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

type Outcome = { db: string; dryRunS: number; commitRps: number; rawRps: number; rows: number; newRows: number };

async function measure(db: string): Promise<Outcome> {
  const server: TestServer = await createTestServer({ JOBS: "off", LOG_LEVEL: "error" });
  try {
    const f = factories(server.prisma);
    const made = await f.branch();
    const branch = { server, branchId: made.id, host: made.host };
    const c = await employee(branch, ["LEAD_ADMIN"]);
    // Some stored leads the file repeats.
    await server.prisma.lead.createMany({
      data: Array.from({ length: 1000 }, (_, i) => ({
        branchId: made.id,
        firstName: "Stored",
        email: `p${i * 50}@example.com`,
        emailKey: `p${i * 50}@example.com`,
      })),
    });
    const gzipBase64 = Buffer.from(Bun.gzipSync(csv(ROWS))).toString("base64");
    let t = performance.now();
    const r = await c.gql<{
      dryRunLeadImport: { isSuccess: boolean; message: string; file: { id: string; newRows: number } | null };
    }>("mutation($i: LeadImportDryRunInput!){ dryRunLeadImport(input: $i){ isSuccess message file { id newRows } } }", {
      i: { fileName: "bench.csv", gzipBase64, mapping: MAPPING },
    });
    const dryRunS = (performance.now() - t) / 1000;
    const file = r.data?.dryRunLeadImport.file;
    if (!file) throw new Error(`dry run refused: ${r.data?.dryRunLeadImport.message ?? JSON.stringify(r.errors)}`);
    await c.gql("mutation($id: ID!){ commitLeadImport(id: $id){ isSuccess } }", { id: file.id });
    t = performance.now();
    await runDueLeadImports(server.runtime);
    const commitS = (performance.now() - t) / 1000;
    const written = await server.prisma.lead.count({ where: { importFileId: file.id } });
    // The baseline: raw SQL inserting as many leads in one statement.
    t = performance.now();
    await server.prisma.$executeRaw(Prisma.sql`
      INSERT INTO "Lead" (id, "branchId", "firstName", "lastName", email, "emailKey", phone, "phoneE164", address,
        city, "stateCode", "postalCode", "addressKey", "lastEdited")
      SELECT gen_random_uuid(), ${made.id}, 'Raw' || g, 'Lee', 'r' || g || '@example.com', 'r' || g || '@example.com',
        '512555' || g, '+1512555' || g, g || ' Oak St', 'Austin', 'TX', '78701', g || ' oak st|78701', now()
      FROM generate_series(1, ${written}) g`);
    const rawS = (performance.now() - t) / 1000;
    return { db, dryRunS, commitRps: written / commitS, rawRps: written / rawS, rows: ROWS, newRows: written };
  } finally {
    await server.close();
  }
}

const outcomes: Outcome[] = [];
const pgUrl = postgresUrl;
delete process.env.TEST_DATABASE_URL;
outcomes.push(await measure("pglite"));
if (pgUrl) {
  process.env.TEST_DATABASE_URL = pgUrl;
  outcomes.push(await measure("postgres"));
}

let failed = false;
console.log(`lead CSV import: ${ROWS.toLocaleString("en-US")} rows; commit ratio: to raw SQL inserting as many leads`);
console.log("db         dry run s  leads written  commit rows/s  raw SQL rows/s  ratio  goal");
for (const o of outcomes) {
  const checks = [`${o.dryRunS <= DRY_RUN_GOAL_S ? "pass" : "FAIL"} dry run <= ${DRY_RUN_GOAL_S} s`];
  if (o.db === "postgres")
    checks.push(`${o.commitRps >= COMMIT_GOAL_RPS ? "pass" : "miss"} commit >= ${COMMIT_GOAL_RPS} rows/s (aim)`);
  if (checks.some((x) => x.startsWith("FAIL"))) failed = true;
  console.log(
    `${o.db.padEnd(9)} ${o.dryRunS.toFixed(1).padStart(10)} ${String(o.newRows).padStart(14)} ${o.commitRps.toFixed(0).padStart(14)} ${o.rawRps.toFixed(0).padStart(15)} ${(o.commitRps / o.rawRps).toFixed(2).padStart(6)}  ${checks.join(", ")}`,
  );
}
process.exit(failed ? 1 : 0);
