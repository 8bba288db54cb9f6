import { describe, expect, test } from "bun:test";
import { Client, type TestServer } from "../../../test/harness.ts";
import { serveDemo } from "../../../test/serve-demo.ts";
import { demoClients } from "../../../test/sign-in.ts";

// Branches in the admin console through GraphQL: only super admins, every field, keys write-only,
// a new host reachable at once, features and activation.

let server: TestServer;
let admin: Client;
let employee: Client;
let noAccess: Client;
let customer: Client;
let demoId: string;

const BRANCH = `query($id: ID!){ branchById(branchId: $id){ id branchNumber tenantName company internalName host timeZone
  apiKeyMasked saleApiKeyMasked paymentApiKeyMasked collectJsApiKeyMasked inactive features redirectUrl websyncSlaSeconds
  allowReferenceNumberSignUp allowAnonymousSignUp internalRelayAlertRecipients
  watertightFeatures { featureId startTime endTime } notices { severity message }
  messagingPhones { id phone messagePlatform description } banks { id name paymentApiKeyMasked saleApiKeyMasked } } }`;

serveDemo(async (s) => {
  server = s;
  demoId = (await server.prisma.branch.findUniqueOrThrow({ where: { host: "demo" } })).id;
  ({ admin, employee, noAccess, customer } = await demoClients(server));
});

describe("branches overview and detail", () => {
  test("a super admin sees every branch; employees (even ADMINISTRATIVE_SETUP), customers and visitors are refused", async () => {
    const q =
      "{ branchesOverview { id branchNumber company host tenantName features lastWtdSync lastPaymentProcessTime inactive } }";
    const r = await admin.gql<{ branchesOverview: { host: string }[] }>(q);
    expect(r.errors).toBeUndefined();
    expect(r.data!.branchesOverview.map((b) => b.host)).toEqual(expect.arrayContaining(["demo", "north"]));
    for (const [c, code] of [
      [employee, "FORBIDDEN"],
      [noAccess, "FORBIDDEN"],
      [customer, "FORBIDDEN"],
      [new Client(server.url, "demo"), "UNAUTHENTICATED"],
    ] as const)
      expect((await c.gql(q)).errors?.[0]?.extensions?.code).toBe(code);
    expect((await employee.gql(BRANCH, { id: demoId })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  test("branchById answers every field; keys come back masked only", async () => {
    const key = (await server.prisma.branch.findUniqueOrThrow({ where: { id: demoId } })).apiKey;
    const r = await admin.gql<{ branchById: Record<string, unknown> }>(BRANCH, { id: demoId });
    expect(r.errors).toBeUndefined();
    const b = r.data!.branchById;
    expect(b.host).toBe("demo");
    expect(b.apiKeyMasked).toBe(`••••${key.slice(-4)}`);
    expect(JSON.stringify(b)).not.toContain(key);
    expect((await admin.gql(BRANCH, { id: "nope" })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});

describe("creating and editing a branch", () => {
  test("a new branch with a host is reachable at ?host=<new> at once", async () => {
    const visitor = new Client(server.url, "lakeside");
    // Resolve the unknown host first, so that a stale cache entry would show.
    expect((await visitor.gql("{ branchBranding { name } }")).errors?.[0]?.extensions?.code).toBe("BRANCH_NOT_FOUND");
    const r = await admin.gql<{ createBranch: { id: string; host: string; tenantName: string } }>(
      `mutation($i: CreateBranchInput!){ createBranch(input: $i){ id host tenantName } }`,
      {
        i: {
          branchNumber: 4242,
          newTenantName: "Lakeside Holdings",
          company: "Lakeside Water",
          internalName: "lakeside",
          host: "Lakeside",
          timeZone: "America/Denver",
        },
      },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.createBranch.host).toBe("lakeside");
    expect(r.data!.createBranch.tenantName).toBe("Lakeside Holdings");
    const brand = await visitor.gql<{ branchBranding: { name: string } }>("{ branchBranding { name } }");
    expect(brand.errors).toBeUndefined();
    expect(brand.data!.branchBranding.name).toBe("Lakeside Water");

    // The same host or number again is refused with a clear message.
    const again = await admin.gql(`mutation($i: CreateBranchInput!){ createBranch(input: $i){ id } }`, {
      i: { branchNumber: 4243, newTenantName: "X", company: "X", internalName: "x", host: "lakeside" },
    });
    expect(again.errors?.[0]?.message).toBe('The host "lakeside" is already used by branch 4242.');
    const badHost = await admin.gql(`mutation($i: CreateBranchInput!){ createBranch(input: $i){ id } }`, {
      i: { branchNumber: 4244, newTenantName: "X", company: "X", internalName: "x", host: "no spaces" },
    });
    expect(badHost.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  test("update: fields, notices, sign-up options, write-only keys; bad input changes nothing", async () => {
    const created = await admin.gql<{ createBranch: { id: string } }>(
      `mutation($i: CreateBranchInput!){ createBranch(input: $i){ id } }`,
      { i: { branchNumber: 5151, newTenantName: "T", company: "Edit Me", internalName: "edit", host: "edit-me" } },
    );
    const id = created.data!.createBranch.id;
    const U = `mutation($i: UpdateBranchInput!){ updateBranch(input: $i){ company redirectUrl saleApiKeyMasked
      allowAnonymousSignUp allowReferenceNumberSignUp notices { severity message } } }`;
    const r = await admin.gql<{ updateBranch: Record<string, unknown> }>(U, {
      i: {
        branchId: id,
        company: "Edited Water",
        redirectUrl: "https://edited.example.com",
        saleApiKey: "sk_live_secret_9876",
        allowAnonymousSignUp: true,
        allowReferenceNumberSignUp: true,
        notices: [{ severity: "IMPORTANT", message: "Card payments are down tonight." }],
      },
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.updateBranch).toEqual({
      company: "Edited Water",
      redirectUrl: "https://edited.example.com",
      saleApiKeyMasked: "••••9876",
      allowAnonymousSignUp: true,
      allowReferenceNumberSignUp: true,
      notices: [{ severity: "IMPORTANT", message: "Card payments are down tonight." }],
    });
    // A later edit without the key keeps it.
    await admin.gql(U, { i: { branchId: id, company: "Edited Again" } });
    expect((await server.prisma.branch.findUniqueOrThrow({ where: { id } })).saleApiKey).toBe("sk_live_secret_9876");

    const before = await server.prisma.branch.findUniqueOrThrow({ where: { id } });
    for (const [i, message] of [
      [{ redirectUrl: "javascript:alert(1)" }, "Redirect URL must start with https://."],
      [{ timeZone: "Mars/Olympus" }, "Time zone must be an IANA name like America/Chicago."],
      [{ host: "demo" }, 'The host "demo" is already used by branch 1.'],
      [{ company: "" }, "Company is required."],
    ] as const) {
      const bad = await admin.gql(U, { i: { branchId: id, ...i } });
      expect(bad.errors?.[0]?.message).toBe(message);
    }
    expect(await server.prisma.branch.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });

  test("activation, portal features and watertight features with a window take effect at once", async () => {
    const created = await admin.gql<{ createBranch: { id: string } }>(
      `mutation($i: CreateBranchInput!){ createBranch(input: $i){ id } }`,
      { i: { branchNumber: 6161, newTenantName: "T", company: "Toggle Water", internalName: "t", host: "toggle" } },
    );
    const id = created.data!.createBranch.id;
    const visitor = new Client(server.url, "toggle");
    const brand = () => visitor.gql<{ branchBranding: { enabled: boolean } }>("{ branchBranding { enabled } }");
    expect((await brand()).data!.branchBranding.enabled).toBe(true);
    const off = await admin.gql<{ toggleBranchActivation: { inactive: boolean } }>(
      "mutation($b: ID!){ toggleBranchActivation(branchId: $b){ inactive } }",
      { b: id },
    );
    expect(off.data!.toggleBranchActivation.inactive).toBe(true);
    expect((await brand()).data!.branchBranding.enabled).toBe(false);

    const shop = await admin.gql<{ updatePortalFeature: { features: string[] } }>(
      "mutation($b: ID!){ updatePortalFeature(branchId: $b, feature: E_COMMERCE, enabled: true){ features } }",
      { b: id },
    );
    expect(shop.data!.updatePortalFeature.features).toEqual(["E_COMMERCE", "V2_WEB_PORTAL"]);

    const W = `mutation($b: ID!, $on: Boolean!, $s: DateTime, $e: DateTime){
      toggleWatertightFeature(branchId: $b, featureId: LEADS, enabled: $on, startTime: $s, endTime: $e){ watertightFeatures { featureId startTime endTime } } }`;
    const on = await admin.gql<{ toggleWatertightFeature: { watertightFeatures: unknown[] } }>(W, {
      b: id,
      on: true,
      s: "2026-01-01T00:00:00.000Z",
      e: "2027-01-01T00:00:00.000Z",
    });
    expect(on.data!.toggleWatertightFeature.watertightFeatures).toEqual([
      { featureId: "LEADS", startTime: "2026-01-01T00:00:00.000Z", endTime: "2027-01-01T00:00:00.000Z" },
    ]);
    // A window that has ended is kept on the branch but is not listed as on in the overview.
    await admin.gql(W, { b: id, on: true, s: "2020-01-01T00:00:00Z", e: "2020-02-01T00:00:00Z" });
    const overview = await admin.gql<{ branchesOverview: { id: string; watertightFeatures: string[] }[] }>(
      "{ branchesOverview { id watertightFeatures } }",
    );
    expect(overview.data!.branchesOverview.find((b) => b.id === id)?.watertightFeatures).toEqual([]);
    const backwards = await admin.gql(W, { b: id, on: true, s: "2027-01-01T00:00:00Z", e: "2026-01-01T00:00:00Z" });
    expect(backwards.errors?.[0]?.message).toBe("The feature's end must be after its start.");
    const gone = await admin.gql<{ toggleWatertightFeature: { watertightFeatures: unknown[] } }>(W, {
      b: id,
      on: false,
    });
    expect(gone.data!.toggleWatertightFeature.watertightFeatures).toEqual([]);
  });

  test("reset API key: the new key is shown once, the old one is gone, reads show it masked", async () => {
    const old = (await server.prisma.branch.findUniqueOrThrow({ where: { host: "north" } })).apiKey;
    const northId = (await server.prisma.branch.findUniqueOrThrow({ where: { host: "north" } })).id;
    const r = await admin.gql<{ resetBranchApiKey: { apiKey: string } }>(
      "mutation($b: ID!){ resetBranchApiKey(branchId: $b){ apiKey } }",
      { b: northId },
    );
    const fresh = r.data!.resetBranchApiKey.apiKey;
    expect(fresh).not.toBe(old);
    expect(fresh.length).toBeGreaterThan(30);
    expect((await server.prisma.branch.findUniqueOrThrow({ where: { id: northId } })).apiKey).toBe(fresh);
    const read = await admin.gql<{ branchById: { apiKeyMasked: string } }>(BRANCH, { id: northId });
    expect(read.data!.branchById.apiKeyMasked).toBe(`••••${fresh.slice(-4)}`);
  });

  test("banks and messaging phones: added, changed, removed; keys write-only", async () => {
    const bank = await admin.gql<{ updateBank: { id: string; paymentApiKeyMasked: string } }>(
      "mutation($i: BranchBankInput!){ updateBank(input: $i){ id paymentApiKeyMasked } }",
      {
        i: { branchId: demoId, name: "First Lake Bank", shortDescription: "Deposits", paymentApiKey: "pay_abcdef1234" },
      },
    );
    expect(bank.data!.updateBank.paymentApiKeyMasked).toBe("••••1234");
    const renamed = await admin.gql<{ updateBank: Record<string, unknown> }>(
      "mutation($i: BranchBankInput!){ updateBank(input: $i){ name shortDescription paymentApiKeyMasked } }",
      { i: { branchId: demoId, id: bank.data!.updateBank.id, name: "First Lake" } },
    );
    // What the edit leaves out (the description, the key) keeps its saved value.
    expect(renamed.data!.updateBank).toEqual({
      name: "First Lake",
      shortDescription: "Deposits",
      paymentApiKeyMasked: "••••1234",
    });

    const P = `mutation($b: ID!, $i: MessagingPhoneInput!){ createMessagingPhone(branchId: $b, input: $i){ id phone messagePlatform } }`;
    const phone = await admin.gql<{ createMessagingPhone: { id: string; phone: string } }>(P, {
      b: demoId,
      i: { phone: "(512) 555-0199", messagePlatform: "SMS", description: "Dispatch" },
    });
    expect(phone.data!.createMessagingPhone.phone).toBe("5125550199");
    const dup = await admin.gql(P, { b: demoId, i: { phone: "512-555-0199", messagePlatform: "SMS" } });
    expect(dup.errors?.[0]?.message).toBe("5125550199 is already a SMS phone of this branch.");
    const bad = await admin.gql(P, { b: demoId, i: { phone: "12", messagePlatform: "SMS" } });
    expect(bad.errors?.[0]?.message).toBe("Phone must have 10 to 15 digits, like +15125550100.");
    const edited = await admin.gql<{ editMessagingPhone: { description: string } }>(
      "mutation($p: ID!, $i: MessagingPhoneInput!){ editMessagingPhone(messagingPhoneId: $p, input: $i){ description } }",
      {
        p: phone.data!.createMessagingPhone.id,
        i: { phone: "5125550199", messagePlatform: "SMS", description: "Office" },
      },
    );
    expect(edited.data!.editMessagingPhone.description).toBe("Office");
    const del = await admin.gql<{ deleteMessagingPhone: { isSuccess: boolean } }>(
      "mutation($p: ID!){ deleteMessagingPhone(messagingPhoneId: $p){ isSuccess message } }",
      { p: phone.data!.createMessagingPhone.id },
    );
    expect(del.data!.deleteMessagingPhone.isSuccess).toBe(true);
  });
});
