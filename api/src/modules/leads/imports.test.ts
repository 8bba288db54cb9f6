import { afterEach, describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { COMMIT_BATCH, importHooks } from "./imports.commit.ts";
import { DRY_RUN_BATCH, IMPORT_LIMITS } from "./imports.dry-run.ts";
import { runDueLeadImports } from "./imports.job.ts";

// Importing leads from CSV through GraphQL: the dry run's counts and reasons (duplicates of a lead, of
// a customer, of an earlier row; invalid rows with checkLead's sentence) and that it writes no lead;
// the commit in the background (driven by the sweep, as JOBS are off) with its progress, resumed after
// a worker dies; undo (once, within 30 days); discard by file; bad files' messages; permissions; another
// branch's file is not found.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));
const commitBatchRows = COMMIT_BATCH.rows;
afterEach(() => {
  importHooks.afterBatch = undefined;
  COMMIT_BATCH.rows = commitBatchRows;
  clock.startAt(null);
});

type R = { isSuccess: boolean; message: string };
type File = {
  id: string;
  status: string;
  totalRows: number;
  newRows: number;
  duplicateRows: number;
  invalidRows: number;
  doneRows: number;
  undoRefusal: string | null;
};
const FILE = "id status totalRows newRows duplicateRows invalidRows doneRows undoRefusal";
const DRY = `mutation($i: LeadImportDryRunInput!){ dryRunLeadImport(input: $i){ isSuccess message file { ${FILE} } } }`;
const COMMIT = `mutation($id: ID!){ commitLeadImport(id: $id){ isSuccess message file { ${FILE} } } }`;
const UNDO = `mutation($id: ID!){ undoLeadImport(id: $id){ isSuccess message file { ${FILE} } } }`;
const GET = `query($id: ID!, $o: [LeadImportOutcome!]){ leadImportFile(id: $id){ ${FILE}
  rows(outcomes: $o, limit: 100){ totalCount items { rowNumber outcome reason matchedKey duplicateOfLeadId duplicateOfCustomerId name } }
  rowsCsv(outcomes: $o) } }`;
const LIST = "query { leadImportFiles { totalCount items { id fileName status } } }";
const DISCARD_COUNT = "query($id: ID!){ leadImportDiscardCount(fileId: $id) }";
const DISCARD = "mutation($id: ID!){ discardLeadImportLeads(fileId: $id){ isSuccess message count } }";

const MAPPING = [
  { column: "First Name", field: "FIRST_NAME" },
  { column: "Last Name", field: "LAST_NAME" },
  { column: "E-mail", field: "EMAIL" },
  { column: "Phone Number", field: "PHONE" },
  { column: "Address", field: "ADDRESS" },
  { column: "Zip", field: "POSTAL_CODE" },
];
const HEADER = "First Name,Last Name,E-mail,Phone Number,Address,Zip";
const gz = (text: string | Uint8Array<ArrayBuffer>) => Buffer.from(Bun.gzipSync(text)).toString("base64");
const uid = () => crypto.randomUUID().slice(0, 8);

type Client = Awaited<ReturnType<typeof employee>>;
const dryRun = async (c: Client, text: string | Uint8Array<ArrayBuffer>, mapping = MAPPING) =>
  (
    await c.gql<{ dryRunLeadImport: R & { file: File | null } }>(DRY, {
      i: { fileName: "leads.csv", gzipBase64: gz(text), mapping },
    })
  ).data!.dryRunLeadImport;
const getFile = async (c: Client, id: string, o?: string[]) =>
  (
    await c.gql<{
      leadImportFile: File & {
        rows: { totalCount: number; items: Record<string, string | number | null>[] };
        rowsCsv: string;
      };
    }>(GET, { id, o })
  ).data!.leadImportFile;
const drain = async () => {
  for (let i = 0; i < 10; i++) if ((await runDueLeadImports(server.runtime)).ran === 0) return;
};

describe("dry run", () => {
  test("each row's outcome and why; duplicates of a lead, a customer and an earlier row; nothing written", async () => {
    const c = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const p = server.prisma;
    const tag = uid();
    const lead = await p.lead.create({
      data: { branchId: branch.branchId, firstName: "Old", phone: "512-555-0101", phoneE164: "+15125550101" },
    });
    const customer = await p.customer.create({
      data: { branchId: branch.branchId, accountNumber: `A${tag}`, securityCode: "1111", name: "Cust" },
    });
    await p.contact.create({
      data: {
        branchId: branch.branchId,
        customerId: customer.id,
        firstName: "C",
        lastName: "D",
        role: "ADMINISTRATOR",
        email: `cust-${tag}@example.com`,
      },
    });
    const csv = [
      `\uFEFF${HEADER}`,
      `Ann,New,ann-${tag}@example.com,,"12 Main St`,
      `Apt 4",78701`,
      "Bob,Again,,(512) 555-0101,,",
      `Cy,Cust,CUST-${tag}@example.com,,,`,
      `Di,First,di-${tag}@example.com,,,`,
      `Di,Second,DI-${tag}@example.com,,,`,
      "Ed,,not-an-email,,,",
      ",,,,,",
      ",NoWay,,,,",
    ].join("\r\n");
    const leadsBefore = await p.lead.count({ where: { branchId: branch.branchId } });
    const r = await dryRun(c, csv);
    expect(r.isSuccess).toBe(true);
    expect(r.file).toMatchObject({ status: "DRY_RUN", totalRows: 7, newRows: 2, duplicateRows: 3, invalidRows: 2 });
    expect(await p.lead.count({ where: { branchId: branch.branchId } })).toBe(leadsBefore);
    const f = await getFile(c, r.file!.id);
    const byRow = Object.fromEntries(f.rows.items.map((i) => [i.rowNumber, i]));
    // The quoted line break keeps Ann on one row (lines 2-3); the blank line 9 is skipped.
    expect(byRow[2]).toMatchObject({ outcome: "NEW", name: "Ann New" });
    expect(byRow[4]).toMatchObject({
      outcome: "DUPLICATE",
      matchedKey: "PHONE",
      duplicateOfLeadId: lead.id,
      reason: `Duplicate of lead #${lead.number}: the same phone.`,
    });
    expect(byRow[5]).toMatchObject({
      outcome: "DUPLICATE",
      matchedKey: "EMAIL",
      duplicateOfCustomerId: customer.id,
      reason: `Already a customer: the same email as customer A${tag}.`,
    });
    expect(byRow[6]).toMatchObject({ outcome: "NEW" });
    expect(byRow[7]).toMatchObject({
      outcome: "DUPLICATE",
      matchedKey: "EMAIL",
      reason: "Duplicate of row 6 of this file: the same email.",
    });
    expect(byRow[8]).toMatchObject({ outcome: "INVALID", reason: "Email is not an email address." });
    expect(byRow[10]).toMatchObject({
      outcome: "INVALID",
      reason: "A way to reach the lead is required: a phone, an email or an address.",
    });
    const invalid = await getFile(c, r.file!.id, ["INVALID"]);
    expect(invalid.rows.totalCount).toBe(2);
    expect(invalid.rowsCsv.split("\r\n")[0]).toBe(`Row,Outcome,Reason,${HEADER}`);
    expect(invalid.rowsCsv).toContain("8,INVALID,Email is not an email address.,Ed,,not-an-email");
  });

  test("a row repeats the first row of the file with its key, in an earlier batch or its own; keys dropped at the end", async () => {
    const c = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const tag = uid();
    const n = 1000 + Math.floor(Math.random() * 8000);
    const csv = [
      HEADER,
      `Al,One,al-${tag}@example.com,,"${n} Keyrow Rd",78701`,
      `Bo,Two,bo-${tag}@example.com,,,`,
      `Cy,Three,cy-${tag}@example.com,,"${n} Keyrow Rd",78701`,
      `Di,Four,CY-${tag}@example.com,,,`,
      `Ed,Five,cy-${tag}@example.com,,,`,
      `Fa,Six,bo-${tag}@example.com,,,`,
    ].join("\n");
    const rows = DRY_RUN_BATCH.rows;
    DRY_RUN_BATCH.rows = 2;
    let r: Awaited<ReturnType<typeof dryRun>>;
    try {
      r = await dryRun(c, csv);
    } finally {
      DRY_RUN_BATCH.rows = rows;
    }
    expect(r.file).toMatchObject({ totalRows: 6, newRows: 2, duplicateRows: 4 });
    const f = await getFile(c, r.file!.id);
    const reasons = Object.fromEntries(f.rows.items.map((i) => [i.rowNumber, i.reason]));
    expect(reasons).toMatchObject({
      2: "",
      3: "",
      4: "Duplicate of row 2 of this file: the same address.",
      5: "Duplicate of row 2 of this file: the same email.",
      6: "Duplicate of row 2 of this file: the same email.",
      7: "Duplicate of row 3 of this file: the same email.",
    });
    // The file's keys lived in a table of the dry run's own (imports.keys.ts): none is left behind (on
    // PostgreSQL it ends with the dry run's connection, which the server closes as the answer leaves).
    const keyTables = () =>
      server.prisma.$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE 'lead_import_keys_%'`;
    for (let i = 0; i < 40 && (await keyTables())[0]!.n > 0; i++) await Bun.sleep(50);
    expect((await keyTables())[0]!.n).toBe(0);
  });

  test("bad files get a sentence that says what and where, and leave nothing", async () => {
    const c = await employee(branch, ["LEAD_ADMIN"]);
    const filesBefore = await server.prisma.leadImportFile.count({ where: { branchId: branch.branchId } });
    const latin1 = new Uint8Array([...Buffer.from(`${HEADER}\nJos`), 0xe9, ...Buffer.from(",X,,5125550100,,\n")]);
    const cases: [string | Uint8Array<ArrayBuffer>, string][] = [
      ["", "The file is empty: it has no header row and no rows."],
      [`${HEADER}\r\n`, "The file has a header row but no rows."],
      ["Ann,Lee,ann@example.com,5125550100,,\n", "Row 1 is not a header row"],
      [`${HEADER}\nAnn,Lee,"ann@example.com,5125550100,,\n`, 'Row 2: a quoted field is not closed (a " is missing).'],
      [latin1, 'Row 2: the file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.'],
      ["Name,Phone\nAnn,5125550100\n", 'Row 1: the file has no column named "First Name"'],
    ];
    for (const [text, message] of cases) {
      const r = await dryRun(c, text);
      expect(r.isSuccess).toBe(false);
      expect(r.message).toContain(message);
    }
    const saved = IMPORT_LIMITS.rows;
    IMPORT_LIMITS.rows = 3;
    try {
      const many = [HEADER, ...Array.from({ length: 4 }, (_, i) => `A${i},B,,51255501${10 + i},,`)].join("\n");
      expect((await dryRun(c, many)).message).toBe(
        "Row 5: the file has more than 3 rows; split it into smaller files.",
      );
    } finally {
      IMPORT_LIMITS.rows = saved;
    }
    const savedBytes = IMPORT_LIMITS.bytes;
    IMPORT_LIMITS.bytes = 1024 * 1024;
    try {
      const big = `${HEADER}\n${`Ann,Lee,,5125550100,,${"x".repeat(200)}\n`.repeat(6000)}`;
      expect((await dryRun(c, big)).message).toBe("The file is larger than 1 MB: split it into smaller files.");
    } finally {
      IMPORT_LIMITS.bytes = savedBytes;
    }
    expect(await server.prisma.leadImportFile.count({ where: { branchId: branch.branchId } })).toBe(filesBefore);
  });
});

describe("commit, undo, discard", () => {
  test("commits in the background to the end, resumes after a worker dies, then undo removes the leads", async () => {
    const c = await employee(branch, ["LEAD_ADMIN"]);
    const p = server.prisma;
    const tag = uid();
    // Small batches here: three of them, the first one cut short.
    COMMIT_BATCH.rows = 500;
    const n = COMMIT_BATCH.rows * 2 + 10;
    const rows = Array.from({ length: n }, (_, i) => `Lead${i},${tag},l${i}-${tag}@example.com,,,`);
    rows.push(`Copy,${tag},l0-${tag}@example.com,,,`);
    const r = await dryRun(c, [HEADER, ...rows].join("\n"));
    expect(r.file).toMatchObject({ totalRows: n + 1, newRows: n, duplicateRows: 1 });
    const id = r.file!.id;
    const commit = (await c.gql<{ commitLeadImport: R & { file: File } }>(COMMIT, { id })).data!.commitLeadImport;
    expect(commit.file).toMatchObject({ status: "COMMITTING", doneRows: 0 });
    // The worker dies after its first batch: the progress so far is kept.
    importHooks.afterBatch = () => {
      throw new Error("simulated crash");
    };
    await expect(runDueLeadImports(server.runtime)).rejects.toThrow("simulated crash");
    importHooks.afterBatch = undefined;
    expect(await getFile(c, id)).toMatchObject({ status: "COMMITTING", doneRows: COMMIT_BATCH.rows });
    // Its lease runs out; the sweep takes the file up and goes on from there.
    await p.leadImportFile.update({ where: { id }, data: { leaseUntil: new Date(clock.nowMs() - 1000) } });
    await drain();
    expect(await getFile(c, id)).toMatchObject({ status: "COMMITTED", doneRows: n + 1, undoRefusal: null });
    const leads = await p.lead.findMany({ where: { importFileId: id }, orderBy: { importRowNumber: "asc" } });
    expect(leads.length).toBe(n + 1);
    expect(new Set(leads.map((l) => l.importRowNumber)).size).toBe(n + 1);
    // The repeated row is stored marked a duplicate of the lead its first row became.
    expect(leads.at(-1)!.duplicateOfId).toBe(leads[0]!.id);
    expect((await c.gql<{ commitLeadImport: R }>(COMMIT, { id })).data!.commitLeadImport).toMatchObject({
      isSuccess: false,
      message: "This file was imported already.",
    });
    const list = (await c.gql<{ leadImportFiles: { items: { id: string }[] } }>(LIST)).data!.leadImportFiles;
    expect(list.items.some((f) => f.id === id)).toBe(true);

    const undo = (await c.gql<{ undoLeadImport: R & { file: File } }>(UNDO, { id })).data!.undoLeadImport;
    expect(undo).toMatchObject({ isSuccess: true, message: `The import was undone: ${n + 1} leads removed.` });
    expect(await p.lead.count({ where: { importFileId: id } })).toBe(0);
    expect(await p.leadChange.count({ where: { leadId: { in: leads.map((l) => l.id) } } })).toBe(0);
    const again = (await c.gql<{ undoLeadImport: R }>(UNDO, { id })).data!.undoLeadImport;
    expect(again.isSuccess).toBe(false);
    expect(again.message).toStartWith("This import was undone already, on ");
  });

  test("undo is refused after 30 days; discard count and discard by file", async () => {
    const c = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const tag = uid();
    const r = await dryRun(c, `${HEADER}\nA,${tag},a-${tag}@example.com,,,\nB,${tag},b-${tag}@example.com,,,\n`);
    const id = r.file!.id;
    await c.gql(COMMIT, { id });
    await drain();
    expect((await c.gql<{ leadImportDiscardCount: number }>(DISCARD_COUNT, { id })).data!.leadImportDiscardCount).toBe(
      2,
    );
    const d = (await c.gql<{ discardLeadImportLeads: R & { count: number } }>(DISCARD, { id })).data!
      .discardLeadImportLeads;
    expect(d).toMatchObject({ isSuccess: true, count: 2 });
    expect(await server.prisma.lead.count({ where: { importFileId: id, status: "DISCARDED" } })).toBe(2);
    expect((await c.gql<{ leadImportDiscardCount: number }>(DISCARD_COUNT, { id })).data!.leadImportDiscardCount).toBe(
      0,
    );
    clock.startAt(new Date(clock.nowMs() + 31 * 86_400_000));
    const later = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const late = (await later.gql<{ undoLeadImport: R }>(UNDO, { id })).data!.undoLeadImport;
    expect(late.isSuccess).toBe(false);
    expect(late.message).toStartWith("An import can be undone for 30 days; this one was imported on ");
    expect(await server.prisma.lead.count({ where: { importFileId: id } })).toBe(2);
  });
});

describe("who may import", () => {
  test("lead staff only; another branch's file is not found", async () => {
    const c = await employee(branch, ["LEAD_ADMIN"]);
    const r = await dryRun(c, `${HEADER}\nA,B,x-${uid()}@example.com,,,\n`);
    const nobody = await employee(branch, ["CUSTOMER_ACCESS"]);
    const refused = await nobody.gql(DRY, { i: { fileName: "x.csv", gzipBase64: gz(HEADER), mapping: MAPPING } });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const stranger = await employee(other, ["LEAD_ADMIN"]);
    const read = await stranger.gql(GET, { id: r.file!.id });
    expect(read.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const commit = (await stranger.gql<{ commitLeadImport: R }>(COMMIT, { id: r.file!.id })).errors?.[0];
    expect(commit?.extensions?.code).toBe("NOT_FOUND");
  });
});

describe("lead rules", () => {
  test("a row a rule catches is DISCARDED in the dry run with the rule's sentence, and stored discarded with its history", async () => {
    const c = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const p = server.prisma;
    const tag = uid();
    const reason = await p.discardReason.create({ data: { branchId: branch.branchId, name: `Bad zip ${tag}` } });
    const rule = await p.leadAutomation.create({
      data: {
        branchId: branch.branchId,
        order: 0,
        nativeFieldName: "POSTAL_CODE",
        comparator: "EQUALS",
        value: "00000",
        discardReasonId: reason.id,
      },
    });
    try {
      const csv = [
        HEADER,
        `Ru,Le,rule-${tag}@example.com,,1 Elm St,00000`,
        `Ok,Row,ok-${tag}@example.com,,,78701`,
      ].join("\n");
      const r = await dryRun(c, csv);
      const f = await getFile(c, r.file!.id, ["DISCARDED"]);
      expect(f.rows.items).toHaveLength(1);
      expect(f.rows.items[0]).toMatchObject({ rowNumber: 2, outcome: "DISCARDED" });
      expect(String(f.rows.items[0]!.reason)).toMatch(/^Discarded by rule 1: Postal code equals 00000\.$/);

      expect((await c.gql(COMMIT, { id: r.file!.id })).errors).toBeUndefined();
      await drain();
      const stored = await p.lead.findFirstOrThrow({ where: { email: `rule-${tag}@example.com` } });
      expect(stored).toMatchObject({ status: "DISCARDED", discardReasonId: reason.id, importFileId: r.file!.id });
      const history = await p.leadChange.findMany({ where: { leadId: stored.id }, orderBy: { createdAt: "asc" } });
      expect(history.map((h) => [h.kind, h.summary])).toEqual([
        ["CREATED", "Imported from a CSV file, row 2."],
        ["DISCARDED", "Discarded by rule 1: Postal code equals 00000"],
      ]);
      const ok = await p.lead.findFirstOrThrow({ where: { email: `ok-${tag}@example.com` } });
      expect(ok).toMatchObject({ status: "UNASSIGNED", discardReasonId: null });
    } finally {
      await p.leadAutomation.delete({ where: { id: rule.id } });
    }
  });
});
