import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { createRetailerStandIn, demoFeed } from "../../integrations/retailer/stand-in.ts";
import { runDueRetailerPolls } from "./retailer.poll.ts";

// Retailer referrals against a stand-in feed served over real HTTP on a free port: credentials are
// write-only (stored encrypted, answered as their last characters), a poll stores every referral with
// an outcome (NEW, ALREADY_OPENED, NOT_OFFERED; auto-import: IMPORTED, DUPLICATE, INVALID), import and
// discard go through acceptLead and queue a write-back, and a write-back the feed refuses is retried
// until confirmed. One poller per feed (a lease); permissions: LEAD_ADMIN sets up, LEAD_DATA_ENTRY works.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

const SECRET = "s3cret-feed-key-0042";
const standIn = createRetailerStandIn({ secret: SECRET });
let feedServer: ReturnType<typeof Bun.serve>;
let feedUrl = "";
let referralReads = 0;
beforeAll(() => {
  feedServer = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req) => {
      if (new URL(req.url).pathname.endsWith("/referrals") && req.method === "GET") referralReads++;
      return standIn.fetch(req);
    },
  });
  feedUrl = `http://127.0.0.1:${feedServer.port}`;
  Object.assign(standIn.state, demoFeed("acct-1"));
});
afterAll(() => feedServer.stop(true));

type R = { isSuccess: boolean; message: string };
type Item = {
  retailLeadId: string;
  outcome: string;
  reason: string;
  openedOnRetailer: boolean;
  leadNumber: number | null;
  writeBackState: string;
  writeBackAttempts: number;
};
const SETTINGS =
  "retailer configured baseUrl accountId hasSecret secretHint enabled pollMinutes autoImport lastPollError";
const CREDS = `mutation($r: Retailer!, $i: RetailerCredentialsInput!){ setRetailerCredentials(retailer: $r, input: $i){ isSuccess message settings { ${SETTINGS} } } }`;
const PATCH = `mutation($r: Retailer!, $i: RetailerSettingsPatch!){ patchRetailerSettings(retailer: $r, input: $i){ isSuccess message } }`;
const ITEMS = `query($r: Retailer!){ retailerFeedItems(retailer: $r){ retailLeadId outcome reason openedOnRetailer leadNumber writeBackState writeBackAttempts } }`;
const IMPORT = `mutation($r: Retailer!, $ids: [String!], $all: Boolean){ importRetailerLead(retailer: $r, retailLeadIds: $ids, all: $all){ isSuccess message count } }`;
const DISCARD = `mutation($r: Retailer!, $ids: [String!]!, $why: String){ discardRetailerLead(retailer: $r, retailLeadIds: $ids, reason: $why){ isSuccess message count } }`;
type C = Awaited<ReturnType<typeof employee>>;
const items = async (c: C, r = "COSTCO") =>
  (await c.gql<{ retailerFeedItems: Item[] }>(ITEMS, { r })).data!.retailerFeedItems;
const byId = (list: Item[]) => new Map(list.map((i) => [i.retailLeadId, i]));
const connect = (c: C, i: object, r = "COSTCO") =>
  c.gql<{ setRetailerCredentials: R & { settings: Record<string, unknown> | null } }>(CREDS, { r, i });
/** Lets every pending write-back and poll be due now (as if their time had come). */
const timePasses = async () => {
  await server.prisma.retailerFeedItem.updateMany({
    where: { writeBackState: "PENDING" },
    data: { writeBackNextAt: new Date(0) },
  });
  await server.prisma.retailerSettings.updateMany({ data: { nextPollAt: new Date(0) } });
};

describe("retailer referrals", () => {
  test("without a connection the feed is empty and import says how to connect", async () => {
    const admin = await employee(other, ["LEAD_ADMIN"]);
    const s = await admin.gql<{ retailerSettings: { configured: boolean; hasSecret: boolean } }>(
      `{ retailerSettings(retailer: LOWES){ configured hasSecret } }`,
    );
    expect(s.data!.retailerSettings).toEqual({ configured: false, hasSecret: false });
    expect(await items(admin, "LOWES")).toEqual([]);
    const r = await admin.gql<{ importRetailerLead: R }>(IMPORT, { r: "LOWES", all: true });
    expect(r.data!.importRetailerLead).toMatchObject({
      isSuccess: false,
      message: "Lowe's is not connected yet: enter its credentials on the settings page.",
    });
  });

  test("credentials are write-only and checked; a poll stores every referral with an outcome", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const refusals: [object, string][] = [
      [
        { baseUrl: "ftp://x", accountId: "acct-1", secret: SECRET },
        "The feed's address must be an http:// or https:// URL, or /retailer-stand-in.",
      ],
      [
        { baseUrl: feedUrl, accountId: "has space", secret: SECRET },
        "The account id may hold only letters, digits, dots, dashes and underscores.",
      ],
      [{ baseUrl: feedUrl, accountId: "acct-1", secret: "short" }, "The secret must be at least 8 characters."],
      [{ baseUrl: feedUrl, accountId: "acct-1" }, "Enter the secret the retailer gave you."],
    ];
    for (const [i, message] of refusals)
      expect((await connect(admin, i)).data!.setRetailerCredentials).toMatchObject({ isSuccess: false, message });
    expect(await server.prisma.retailerSettings.count({ where: { branchId: branch.branchId } })).toBe(0);

    const wrong = (await connect(admin, { baseUrl: feedUrl, accountId: "acct-1", secret: "not-the-secret" })).data!
      .setRetailerCredentials;
    expect(wrong.message).toBe(
      "Saved, but Costco's feed could not be read: The retailer refused the credentials: check the account and the secret.",
    );
    const right = (await connect(admin, { baseUrl: feedUrl, accountId: "acct-1", secret: SECRET })).data!
      .setRetailerCredentials;
    expect(right).toMatchObject({ isSuccess: true, message: "Connected to Costco: 10 referrals in the feed." });
    expect(right.settings).toMatchObject({ configured: true, hasSecret: true, secretHint: "0042", lastPollError: "" });
    expect(JSON.stringify(right.settings)).not.toContain(SECRET);
    const row = await server.prisma.retailerSettings.findFirstOrThrow({ where: { branchId: branch.branchId } });
    expect(row.secretEncrypted).not.toContain(SECRET);
    expect(row.secretEncrypted.startsWith("v1:")).toBe(true);
    // The secret is kept when left out.
    expect(
      (await connect(admin, { baseUrl: feedUrl, accountId: "acct-1" })).data!.setRetailerCredentials.isSuccess,
    ).toBe(true);

    // Lists synced; every referral stored with an outcome, the one another dealer opened marked.
    const lists = await admin.gql<{
      retailerStores: unknown[];
      retailerServices: unknown[];
      retailerEmployees: unknown[];
    }>(
      `{ retailerStores(retailer: COSTCO){ storeNumber } retailerServices(retailer: COSTCO){ code offered } retailerEmployees(retailer: COSTCO){ employeeId } }`,
    );
    expect([
      lists.data!.retailerStores.length,
      lists.data!.retailerServices.length,
      lists.data!.retailerEmployees.length,
    ]).toEqual([3, 3, 4]);
    const all = await items(admin);
    expect(all).toHaveLength(10);
    const opened = all.filter((i) => i.openedOnRetailer);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      outcome: "ALREADY_OPENED",
      reason: "Opened on Costco's side before it reached you: shown here, not imported.",
    });
    expect(all.filter((i) => i.outcome === "NEW")).toHaveLength(9);
    const ids = await admin.gql<{ retailerNewLeadIds: string[] }>(`{ retailerNewLeadIds(retailer: COSTCO) }`);
    expect(ids.data!.retailerNewLeadIds).toHaveLength(9);

    // Another branch sees none of it.
    expect(await items(await employee(other, ["LEAD_ADMIN"]))).toEqual([]);
  });

  test("import one, import all, discard: leads through acceptLead, each status written back and confirmed", async () => {
    const clerk = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const newIds = (await clerk.gql<{ retailerNewLeadIds: string[] }>(`{ retailerNewLeadIds(retailer: COSTCO) }`)).data!
      .retailerNewLeadIds;
    const [first, second, ...rest] = newIds as [string, string, ...string[]];
    standIn.state.writeBacks.length = 0;

    const one = await clerk.gql<{ importRetailerLead: R & { count: number } }>(IMPORT, { r: "COSTCO", ids: [first] });
    expect(one.data!.importRetailerLead).toMatchObject({
      isSuccess: true,
      count: 1,
      message: "Imported 1 referral: 1 new lead.",
    });
    const lead = await server.prisma.lead.findFirstOrThrow({
      where: { branchId: branch.branchId, retailLeadId: first },
    });
    const history = await server.prisma.leadChange.findMany({ where: { leadId: lead.id } });
    expect(history.map((h) => [h.kind, h.personId])).toEqual([["CREATED", clerk.personId]]);
    expect(history[0]!.summary).toBe(`Imported from Costco referral ${first}.`);
    const again = await clerk.gql<{ importRetailerLead: R }>(IMPORT, { r: "COSTCO", ids: [first] });
    expect(again.data!.importRetailerLead).toMatchObject({
      isSuccess: false,
      message: "This referral was already decided: it is not new.",
    });

    const discarded = await clerk.gql<{ discardRetailerLead: R & { count: number } }>(DISCARD, {
      r: "COSTCO",
      ids: [second],
      why: "Outside our service area.",
    });
    expect(discarded.data!.discardRetailerLead).toMatchObject({ isSuccess: true, count: 1 });
    const unknown = await clerk.gql<{ discardRetailerLead: R }>(DISCARD, { r: "COSTCO", ids: ["nope"] });
    expect(unknown.errors?.[0]).toMatchObject({
      message: "Referral nope not found.",
      extensions: { code: "NOT_FOUND" },
    });
    const tooMany = await clerk.gql<{ importRetailerLead: R }>(IMPORT, {
      r: "COSTCO",
      ids: Array.from({ length: 1001 }, (_, i) => `x${i}`),
    });
    expect(tooMany.data!.importRetailerLead.message).toBe("Choose at most 1000 referrals at once.");

    const all = await clerk.gql<{ importRetailerLead: R & { count: number } }>(IMPORT, { r: "COSTCO", all: true });
    expect(all.data!.importRetailerLead).toMatchObject({ isSuccess: true, count: rest.length });
    const after = byId(await items(clerk));
    expect(after.get(first)).toMatchObject({ outcome: "IMPORTED", leadNumber: lead.number, writeBackState: "PENDING" });
    expect(after.get(second)).toMatchObject({
      outcome: "DISCARDED",
      reason: "Outside our service area.",
      leadNumber: null,
    });
    for (const id of rest) expect(["IMPORTED", "DUPLICATE"]).toContain(after.get(id)!.outcome);
    expect(await server.prisma.lead.count({ where: { branchId: branch.branchId, retailLeadId: { in: newIds } } })).toBe(
      newIds.length - 1,
    );

    // The sweep sends the write-backs: accepted with the lead number, declined with the reason.
    await runDueRetailerPolls(server.runtime);
    const sent = new Map(standIn.state.writeBacks);
    expect(sent.get(first)).toEqual({ status: "ACCEPTED", dealerLeadId: String(lead.number), reason: "" });
    expect(sent.get(second)).toEqual({ status: "DECLINED", dealerLeadId: null, reason: "Outside our service area." });
    const confirmed = await items(clerk);
    expect(confirmed.filter((i) => i.writeBackState === "PENDING")).toEqual([]);
    expect(confirmed.filter((i) => i.writeBackState === "CONFIRMED")).toHaveLength(9);
    expect(confirmed.find((i) => i.openedOnRetailer)!.writeBackState).toBe("NONE");
  });

  test("a write-back the feed refuses is retried until confirmed; a poll adds new items only once", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const base = standIn.state.referrals[0]!;
    const fresh = [
      {
        ...base,
        referralId: "acct-1-9001",
        status: "NEW" as const,
        customer: {
          ...base.customer,
          firstName: "Nina",
          lastName: "Fresh",
          phone: "(512) 555-7788",
          address: "77 Fresh Water Way",
          email: "",
        },
      },
      { ...base, referralId: "acct-1-9002", status: "NEW" as const, serviceCode: "WATER-TEST" },
      {
        ...base,
        referralId: "acct-1-9003",
        status: "NEW" as const,
        customer: { ...base.customer, firstName: "", lastName: "" },
      },
    ];
    standIn.state.referrals.push(...fresh);
    // The dealer no longer offers water tests; new referrals are imported as they arrive.
    const tests = await server.prisma.retailerService.findFirstOrThrow({
      where: { branchId: branch.branchId, code: "WATER-TEST" },
    });
    const off = await admin.gql<{ patchRetailerService: R }>(
      `mutation($id: ID!){ patchRetailerService(id: $id, offered: false){ isSuccess message } }`,
      { id: tests.id },
    );
    expect(off.data!.patchRetailerService.isSuccess).toBe(true);
    expect(
      (await admin.gql<{ patchRetailerSettings: R }>(PATCH, { r: "COSTCO", i: { autoImport: true, pollMinutes: 2 } }))
        .data!.patchRetailerSettings.isSuccess,
    ).toBe(true);
    const badPoll = await admin.gql<{ patchRetailerSettings: R }>(PATCH, { r: "COSTCO", i: { pollMinutes: 60 } });
    expect(badPoll.data!.patchRetailerSettings.message).toBe("Poll at least every 5 minutes and at most every minute.");

    standIn.state.failWriteBacks = 1;
    standIn.state.writeBacks.length = 0;
    await timePasses();
    const reads = referralReads;
    // Two sweeps at once (two workers): the feed is read once.
    await Promise.all([runDueRetailerPolls(server.runtime), runDueRetailerPolls(server.runtime)]);
    expect(referralReads - reads).toBe(1);

    let got = byId(await items(admin));
    expect(got.get("acct-1-9001")).toMatchObject({ outcome: "IMPORTED" });
    expect(got.get("acct-1-9002")).toMatchObject({
      outcome: "NOT_OFFERED",
      reason: 'You do not offer "In-home water test" through Costco.',
    });
    expect(got.get("acct-1-9003")).toMatchObject({
      outcome: "INVALID",
      reason: "A name is required: a first or a last name.",
    });
    expect(got.size).toBe(13);
    // The first write-back answered 503: tried again later, not lost (the rest waited with it).
    const first = [...got.values()].find((i) => i.writeBackAttempts === 1 && i.writeBackState === "PENDING");
    expect(first).toBeDefined();
    const row = await server.prisma.retailerFeedItem.findFirstOrThrow({
      where: { branchId: branch.branchId, retailLeadId: first!.retailLeadId },
    });
    expect(row.writeBackError).toBe(
      `The retailer's feed answered 503 to /referrals/${encodeURIComponent(first!.retailLeadId)}/status.`,
    );
    expect(row.writeBackNextAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Not due yet: the next sweep leaves it.
    await runDueRetailerPolls(server.runtime);
    expect(byId(await items(admin)).get(first!.retailLeadId)!.writeBackState).toBe("PENDING");
    await timePasses();
    await runDueRetailerPolls(server.runtime);
    got = byId(await items(admin));
    expect(got.get(first!.retailLeadId)).toMatchObject({ writeBackState: "CONFIRMED", writeBackAttempts: 2 });
    expect([...got.values()].filter((i) => i.writeBackState === "PENDING")).toEqual([]);
    expect(standIn.state.writeBacks.filter(([id]) => id === first!.retailLeadId)).toHaveLength(2);

    // A referral another dealer opens while it waits is marked, not imported.
    await admin.gql(PATCH, { r: "COSTCO", i: { autoImport: false } });
    standIn.state.referrals.push({ ...base, referralId: "acct-1-9004", status: "NEW" });
    await timePasses();
    await runDueRetailerPolls(server.runtime);
    expect(byId(await items(admin)).get("acct-1-9004")!.outcome).toBe("NEW");
    standIn.state.referrals.at(-1)!.status = "OPENED";
    await timePasses();
    await runDueRetailerPolls(server.runtime);
    expect(byId(await items(admin)).get("acct-1-9004")).toMatchObject({
      outcome: "ALREADY_OPENED",
      openedOnRetailer: true,
    });

    // The feed down: the error is kept on the connection, nothing is lost.
    standIn.state.failReads = 1;
    await timePasses();
    await runDueRetailerPolls(server.runtime);
    const s = await admin.gql<{ retailerSettings: { lastPollError: string } }>(
      `{ retailerSettings(retailer: COSTCO){ lastPollError } }`,
    );
    expect(s.data!.retailerSettings.lastPollError).toBe("The retailer's feed answered 503 to /referrals.");
    expect((await items(admin)).length).toBe(14);
  });

  test("permissions: LEAD_ADMIN sets up, LEAD_DATA_ENTRY works the feed, others are refused", async () => {
    const clerk = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const none = await employee(branch, []);
    const setup = await clerk.gql(`{ retailerSettings(retailer: COSTCO){ configured } }`);
    expect(setup.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await clerk.gql(ITEMS, { r: "COSTCO" })).errors).toBeUndefined();
    expect((await none.gql(ITEMS, { r: "COSTCO" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await none.gql(DISCARD, { r: "COSTCO", ids: ["x"] })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
