import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { square } from "../territories/test-shapes.ts";
import { runDueLeadImports } from "./imports.job.ts";

// A committed file's leads are stored as a lead arriving any other way is (acceptLead): geocoded and
// placed in their zone of the lead map, each with its CREATED history line, and looked for again at
// the commit, so that a lead entered between the dry run and the commit makes the row a duplicate of
// it rather than a second lead. Driven through GraphQL (dry run, commit, the file's rows, the leads and
// their history); the background commit is run by the sweep (JOBS off).

let server: TestServer;
let branch: Branch;
let north: string;
beforeAll(async () => {
  server = await createTestServer({ JOBS: "off" });
  const p = server.prisma;
  const made = await factories(p).branch();
  branch = { server, branchId: made.id, host: made.host };
  const b = made.id;
  // The lead map: North is longitude 0..1 (latitude 0..1); the embedded geocoder knows Elm St in 78701.
  const map = await p.territoryMap.create({ data: { branchId: b, name: "Lead map" } });
  north = (await p.territoryZone.create({ data: { branchId: b, mapId: map.id, name: "North", data: square(0, 0) } }))
    .id;
  await p.leadConfiguration.create({ data: { branchId: b, leadSegregationMapId: map.id } });
  const customer = await factories(p).customer(b, `A${uid()}`);
  for (const [n, at] of [
    ["10", 0.4],
    ["30", 0.6],
  ] as const)
    await p.serviceAddress.create({
      data: {
        branchId: b,
        customerId: customer.id,
        streetNumber: n,
        streetName: "Elm St",
        city: "Austin",
        state: "TX",
        postalCode: "78701",
        latitude: 0.5,
        longitude: at,
      },
    });
}, 180_000);
afterAll(() => server?.close(), 30_000);

const uid = () => crypto.randomUUID().slice(0, 8);
const gz = (text: string) => Buffer.from(Bun.gzipSync(text)).toString("base64");
const MAPPING = [
  { column: "First", field: "FIRST_NAME" },
  { column: "Last", field: "LAST_NAME" },
  { column: "Email", field: "EMAIL" },
  { column: "Address", field: "ADDRESS" },
  { column: "Zip", field: "POSTAL_CODE" },
];
type Row = { rowNumber: number; outcome: string; reason: string; matchedKey: string; duplicateOfLeadId: string | null };
type Lead = {
  id: string;
  importRowNumber: number;
  duplicateOfId: string | null;
  geocodeConfidence: string;
  latitude: number | null;
  zoneId: string | null;
};

describe("committing a file stores its leads as any arriving lead", () => {
  test("geocoded and zoned, a CREATED line each, duplicates looked for again at the commit", async () => {
    const c = await employee(branch, ["LEAD_ADMIN"]);
    const tag = uid();
    const csv = [
      "First,Last,Email,Address,Zip",
      `Geo,${tag},geo-${tag}@example.com,25 Elm St Apt 2,78701`,
      `Zip,${tag},zip-${tag}@example.com,,78701`,
      `Late,${tag},late-${tag}@example.com,,`,
      `Again,${tag},LATE-${tag}@example.com,,`,
      `Lost,${tag},lost-${tag}@example.com,1 Nowhere Rd,99999`,
    ].join("\n");
    const dry = await c.gql<{ dryRunLeadImport: { file: { id: string; newRows: number; duplicateRows: number } } }>(
      "mutation($i: LeadImportDryRunInput!){ dryRunLeadImport(input: $i){ file { id newRows duplicateRows } } }",
      { i: { fileName: "leads.csv", gzipBase64: gz(csv), mapping: MAPPING } },
    );
    const file = dry.data!.dryRunLeadImport.file;
    expect(file).toMatchObject({ newRows: 4, duplicateRows: 1 });

    // Entered between the dry run and the commit: row 4 (and row 5, its repeat) must become its duplicates.
    const late = await server.prisma.lead.create({
      data: { branchId: branch.branchId, firstName: "Entered", emailKey: `late-${tag}@example.com` },
    });
    expect((await c.gql("mutation($id: ID!){ commitLeadImport(id: $id){ isSuccess } }", { id: file.id })).errors).toBe(
      undefined,
    );
    for (let i = 0; i < 5; i++) if ((await runDueLeadImports(server.runtime)).ran === 0) break;

    const read = await c.gql<{
      leadImportFile: { status: string; newRows: number; duplicateRows: number; rows: { items: Row[] } };
    }>(
      `query($id: ID!){ leadImportFile(id: $id){ status newRows duplicateRows
        rows(limit: 100){ items { rowNumber outcome reason matchedKey duplicateOfLeadId } } } }`,
      { id: file.id },
    );
    const f = read.data!.leadImportFile;
    expect(f).toMatchObject({ status: "COMMITTED", newRows: 3, duplicateRows: 2 });
    const row = Object.fromEntries(f.rows.items.map((r) => [r.rowNumber, r]));
    expect(row[4]).toMatchObject({
      outcome: "DUPLICATE",
      matchedKey: "EMAIL",
      duplicateOfLeadId: late.id,
      reason: `Duplicate of lead #${late.number}: the same email.`,
    });

    const ids = (await server.prisma.lead.findMany({ where: { importFileId: file.id }, select: { id: true } })).map(
      (l) => l.id,
    );
    const got = await c.gql<{ leadsByIds: Lead[] }>(
      "query($ids: [ID!]!){ leadsByIds(ids: $ids){ id importRowNumber duplicateOfId geocodeConfidence latitude zoneId } }",
      { ids },
    );
    expect(got.errors).toBeUndefined();
    const lead = Object.fromEntries(got.data!.leadsByIds.map((l) => [l.importRowNumber, l]));
    expect(Object.keys(lead)).toHaveLength(5);
    expect(lead[2]).toMatchObject({ geocodeConfidence: "HIGH", latitude: 0.5, zoneId: north, duplicateOfId: null });
    expect(lead[3]).toMatchObject({ geocodeConfidence: "LOW", zoneId: north });
    expect(lead[6]).toMatchObject({ geocodeConfidence: "UNKNOWN", latitude: null, zoneId: null });
    // Not a second lead: the row and its repeat are both marked duplicates of the lead entered meanwhile.
    expect(lead[4]!.duplicateOfId).toBe(late.id);
    expect(lead[5]!.duplicateOfId).toBe(late.id);

    // Stamped from the business clock, not the database's (a test run may pin the clock elsewhere).
    const stamped = await server.prisma.lead.findUniqueOrThrow({ where: { id: lead[2]!.id } });
    expect(Math.abs(stamped.enteredTime.getTime() - clock.nowMs())).toBeLessThan(10 * 60_000);

    for (const [n, summary] of [
      [2, "Imported from a CSV file, row 2."],
      [4, `Imported from a CSV file, row 4. Duplicate of lead #${late.number}: the same email.`],
    ] as const) {
      const h = await c.gql<{ leadHistory: { kind: string; summary: string; personId: string | null }[] }>(
        "query($id: ID!){ leadHistory(leadId: $id){ kind summary personId } }",
        { id: lead[n]!.id },
      );
      expect(h.data!.leadHistory).toEqual([{ kind: "CREATED", summary, personId: c.personId }]);
    }
  });

  test("a customer entered between the dry run and the commit makes its rows duplicates of it, by email, phone or address", async () => {
    const c = await employee(branch, ["LEAD_ADMIN"]);
    const p = server.prisma;
    const b = branch.branchId;
    const tag = uid();
    const csv = [
      "First,Last,Email,Phone,Address,Zip",
      `Mail,${tag},mail-${tag}@example.com,,,`,
      `Call,${tag},call-${tag}@example.com,(512) 555-${1000 + Math.floor(Math.random() * 9000)},,`,
      `Home,${tag},home-${tag}@example.com,,${tag.length + 70} Cedar ${tag} Ln Apt 3,78702`,
      `Again,${tag},MAIL-${tag}@example.com,,,`,
      `Else,${tag},else-${tag}@example.com,,,`,
    ].join("\n");
    const mapping = [...MAPPING, { column: "Phone", field: "PHONE" }];
    const dry = await c.gql<{ dryRunLeadImport: { file: { id: string; newRows: number; duplicateRows: number } } }>(
      "mutation($i: LeadImportDryRunInput!){ dryRunLeadImport(input: $i){ file { id newRows duplicateRows } } }",
      { i: { fileName: "customers.csv", gzipBase64: gz(csv), mapping } },
    );
    expect(dry.errors).toBeUndefined();
    const file = dry.data!.dryRunLeadImport.file;
    expect(file).toMatchObject({ newRows: 4, duplicateRows: 1 });

    // Entered after the dry run: a contact with the first row's email, another (of another customer)
    // with the second row's phone as typed elsewhere, a service address at the third row's street.
    const phoneDigits = csv.split("\n")[2]!.split(",")[3]!.replace(/\D/g, "");
    const byMail = await factories(p).customer(b, `M${tag}`);
    const byPhone = await factories(p).customer(b, `P${tag}`);
    const byHome = await factories(p).customer(b, `H${tag}`);
    await p.contact.create({
      data: { branchId: b, customerId: byMail.id, firstName: "M", lastName: tag, email: `Mail-${tag}@Example.com` },
    });
    await p.contact.create({
      data: {
        branchId: b,
        customerId: byPhone.id,
        firstName: "P",
        lastName: tag,
        phones: {
          create: {
            branchId: b,
            phoneNumber: `+1 ${phoneDigits.slice(0, 3)}.${phoneDigits.slice(3, 6)}.${phoneDigits.slice(6)}`,
          },
        },
      },
    });
    await p.serviceAddress.create({
      data: {
        branchId: b,
        customerId: byHome.id,
        streetNumber: String(tag.length + 70),
        streetName: `Cedar ${tag} Lane`,
        address2: "Apt 3",
        city: "Austin",
        state: "TX",
        postalCode: "78702",
      },
    });
    expect((await c.gql("mutation($id: ID!){ commitLeadImport(id: $id){ isSuccess } }", { id: file.id })).errors).toBe(
      undefined,
    );
    for (let i = 0; i < 5; i++) if ((await runDueLeadImports(server.runtime)).ran === 0) break;

    const read = await c.gql<{
      leadImportFile: {
        status: string;
        newRows: number;
        duplicateRows: number;
        rows: { items: (Row & { duplicateOfCustomerId: string | null })[] };
      };
    }>(
      `query($id: ID!){ leadImportFile(id: $id){ status newRows duplicateRows
        rows(limit: 100){ items { rowNumber outcome reason matchedKey duplicateOfLeadId duplicateOfCustomerId } } } }`,
      { id: file.id },
    );
    const f = read.data!.leadImportFile;
    expect(f).toMatchObject({ status: "COMMITTED", newRows: 1, duplicateRows: 4 });
    const row = Object.fromEntries(f.rows.items.map((r) => [r.rowNumber, r]));
    const customerRow = (id: string, key: string, word: string, account: string) => ({
      outcome: "DUPLICATE",
      matchedKey: key,
      duplicateOfCustomerId: id,
      duplicateOfLeadId: null,
      reason: `Already a customer: the same ${word} as customer ${account}.`,
    });
    expect(row[2]).toMatchObject(customerRow(byMail.id, "EMAIL", "email", `M${tag}`));
    expect(row[3]).toMatchObject(customerRow(byPhone.id, "PHONE", "phone", `P${tag}`));
    expect(row[4]).toMatchObject(customerRow(byHome.id, "ADDRESS", "address", `H${tag}`));
    // The repeat of row 2 within the file repeats the customer now, as the dry run would have said.
    expect(row[5]).toMatchObject(customerRow(byMail.id, "EMAIL", "email", `M${tag}`));
    expect(row[6]).toMatchObject({ outcome: "NEW", duplicateOfCustomerId: null });

    const leads = await p.lead.findMany({ where: { importFileId: file.id }, orderBy: { importRowNumber: "asc" } });
    expect(leads.map((l) => [l.importRowNumber, l.customerId, l.duplicateOfId])).toEqual([
      [2, byMail.id, null],
      [3, byPhone.id, null],
      [4, byHome.id, null],
      [5, byMail.id, null],
      [6, null, null],
    ]);
  });
});
