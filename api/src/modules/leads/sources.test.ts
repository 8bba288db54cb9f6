import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// Lead sources through GraphQL: LEAD_ADMIN adds, patches, sets inactive, makes and revokes a source's
// intake key (answered once, stored as its SHA-256); LEAD_DATA_ENTRY lists; names and codes unique per
// branch whatever their case; every refusal a sentence that changes nothing; another branch's source
// is not found; without the permission, refused.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string };
type Source = {
  id: string;
  name: string;
  code: string;
  inactive: boolean;
  retailStoreId: string | null;
  retailStoreType: string | null;
  hasKey: boolean;
  keyPrefix: string | null;
  keyLastUsed: string | null;
};
type SourceResult = R & { leadSource: Source | null };
const FIELDS = "id name code inactive retailStoreId retailStoreType hasKey keyPrefix keyCreatedAt keyLastUsed";
const ADD = `mutation($i: LeadSourceInput!){ addLeadSource(input: $i){ isSuccess message leadSource { ${FIELDS} } } }`;
const PATCH = `mutation($id: ID!, $i: LeadSourceInput!){ patchLeadSource(id: $id, input: $i){ isSuccess message leadSource { ${FIELDS} } } }`;
const INACTIVE = `mutation($id: ID!, $v: Boolean!){ setLeadSourceInactive(id: $id, inactive: $v){ isSuccess message leadSource { ${FIELDS} } } }`;
const KEY = `mutation($id: ID!){ createLeadSourceKey(id: $id){ isSuccess message key leadSource { ${FIELDS} } } }`;
const REVOKE = `mutation($id: ID!){ revokeLeadSourceKey(id: $id){ isSuccess message leadSource { ${FIELDS} } } }`;
const LIST = `{ leadSources { ${FIELDS} } }`;
const ONE = `query($id: ID!){ leadSource(id: $id){ ${FIELDS} } }`;

const unique = () => crypto.randomUUID().slice(0, 6);
type C = Awaited<ReturnType<typeof employee>>;
const add = async (c: C, i: object) => (await c.gql<{ addLeadSource: SourceResult }>(ADD, { i })).data!.addLeadSource;
const rows = (b: Branch) =>
  server.prisma.leadSource.findMany({ where: { branchId: b.branchId }, orderBy: { id: "asc" } });

describe("lead sources", () => {
  test("added, listed, patched; names and codes unique per branch; refusals change nothing", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const u = unique();
    const made = await add(admin, { name: `Web campaign ${u}`, code: `WEB-${u}` });
    expect(made).toMatchObject({ isSuccess: true, message: `Added the lead source "Web campaign ${u}".` });
    expect(made.leadSource).toMatchObject({ inactive: false, hasKey: false, keyPrefix: null, retailStoreId: null });
    const id = made.leadSource!.id;
    const before = await rows(branch);
    const refusals: [object, string][] = [
      [{ name: " ", code: `X${u}` }, "Name is required."],
      [{ name: `N ${u}`, code: "" }, "Code is required."],
      [{ name: `N ${u}`, code: "has space" }, "Code may hold only letters, digits, dashes and underscores."],
      [{ name: "x".repeat(101), code: `X${u}` }, "Name must be at most 100 characters."],
      [{ name: `web CAMPAIGN ${u}`, code: `X${u}` }, `Another lead source is already named "Web campaign ${u}".`],
      [{ name: `N ${u}`, code: `web-${u}` }, `Another lead source already has the code "WEB-${u}".`],
      [
        { name: `N ${u}`, code: `X${u}`, retailStoreType: "COSTCO" },
        "Enter the retail store's id, or clear the retailer.",
      ],
      [{ name: `N ${u}`, code: `X${u}`, retailStoreId: "77" }, "Choose the retailer of the retail store."],
      [
        { name: `N ${u}`, code: `X${u}`, retailStoreId: "77", retailStoreType: "TARGET" },
        "Retailer: Costco, Home Depot or Lowe's.",
      ],
    ];
    for (const [i, message] of refusals)
      expect(await add(admin, i)).toMatchObject({ isSuccess: false, message, leadSource: null });
    // the same name and code are free in another branch
    const there = await add(await employee(other, ["LEAD_ADMIN"]), { name: `Web campaign ${u}`, code: `WEB-${u}` });
    expect(there.isSuccess).toBe(true);

    const patch = async (i: object, sid = id) =>
      (await admin.gql<{ patchLeadSource: SourceResult }>(PATCH, { id: sid, i })).data!.patchLeadSource;
    const second = await add(admin, {
      name: `Costco ${u}`,
      code: `CO-${u}`,
      retailStoreId: "1042",
      retailStoreType: "COSTCO",
    });
    expect(second.leadSource).toMatchObject({ retailStoreId: "1042", retailStoreType: "COSTCO" });
    expect(await patch({ name: `costco ${u}` })).toMatchObject({
      isSuccess: false,
      message: `Another lead source is already named "Costco ${u}".`,
    });
    expect(await patch({ code: `co-${u}` })).toMatchObject({ isSuccess: false });
    // the refused patches left the first source as it was
    expect(await server.prisma.leadSource.findUniqueOrThrow({ where: { id } })).toEqual(
      before.find((r) => r.id === id)!,
    );
    // its own name in another case is its own
    expect(await patch({ name: `WEB CAMPAIGN ${u}` })).toMatchObject({
      isSuccess: true,
      message: `Saved "WEB CAMPAIGN ${u}".`,
    });
    // the store link: cleared as a whole, or refused half
    expect(await patch({ retailStoreId: "" }, second.leadSource!.id)).toMatchObject({
      isSuccess: false,
      message: "Enter the retail store's id, or clear the retailer.",
    });
    const cleared = await patch({ retailStoreId: "", retailStoreType: "" }, second.leadSource!.id);
    expect(cleared.leadSource).toMatchObject({ retailStoreId: null, retailStoreType: null, code: `CO-${u}` });

    const list = (await admin.gql<{ leadSources: Source[] }>(LIST)).data!.leadSources.map((s) => s.name);
    expect(list).toEqual([`Costco ${u}`, `WEB CAMPAIGN ${u}`]);
  });

  test("an intake key: answered once, stored as its SHA-256, replaced by a new one, revoked", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const u = unique();
    const id = (await add(admin, { name: `Vendor ${u}`, code: `V${u}` })).leadSource!.id;
    const key = async () =>
      (await admin.gql<{ createLeadSourceKey: SourceResult & { key: string | null } }>(KEY, { id })).data!
        .createLeadSourceKey;
    const first = await key();
    expect(first.isSuccess).toBe(true);
    expect(first.message).toBe(`A key for "Vendor ${u}". Copy it now: it is shown only once.`);
    expect(first.key).toMatch(/^rwl_[A-Za-z0-9_-]{43}$/);
    expect(first.leadSource).toMatchObject({ hasKey: true, keyPrefix: first.key!.slice(0, 10), keyLastUsed: null });
    const stored = await server.prisma.leadSource.findUniqueOrThrow({ where: { id } });
    expect(stored.apiKeyHash).toBe(createHash("sha256").update(first.key!).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(first.key!);
    // the list never carries the key
    expect(JSON.stringify((await admin.gql(LIST)).data)).not.toContain(first.key!);

    const second = await key();
    expect(second.message).toContain("the old one no longer works");
    expect(second.key).not.toBe(first.key);
    const replaced = await server.prisma.leadSource.findUniqueOrThrow({ where: { id } });
    expect(replaced.apiKeyHash).toBe(createHash("sha256").update(second.key!).digest("hex"));

    const revoke = async () =>
      (await admin.gql<{ revokeLeadSourceKey: SourceResult }>(REVOKE, { id })).data!.revokeLeadSourceKey;
    expect(await revoke()).toMatchObject({
      isSuccess: true,
      message: `The key of "Vendor ${u}" is revoked: its posts are refused.`,
      leadSource: { hasKey: false, keyPrefix: null },
    });
    expect((await server.prisma.leadSource.findUniqueOrThrow({ where: { id } })).apiKeyHash).toBeNull();
    expect(await revoke()).toMatchObject({ isSuccess: false, message: `"Vendor ${u}" has no intake key to revoke.` });

    const inactive = (await admin.gql<{ setLeadSourceInactive: SourceResult }>(INACTIVE, { id, v: true })).data!
      .setLeadSourceInactive;
    expect(inactive).toMatchObject({
      isSuccess: true,
      message: `"Vendor ${u}" is inactive: its key is refused.`,
      leadSource: { inactive: true },
    });
    const active = (await admin.gql<{ setLeadSourceInactive: SourceResult }>(INACTIVE, { id, v: false })).data!
      .setLeadSourceInactive;
    expect(active.leadSource!.inactive).toBe(false);
  });

  test("another branch's source is not found; without the permission, refused and nothing changes", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const theirs = (
      await add(await employee(other, ["LEAD_ADMIN"]), { name: `Theirs ${unique()}`, code: `T${unique()}` })
    ).leadSource!;
    const before = await rows(other);
    for (const [q, v] of [
      [ONE, { id: theirs.id }],
      [PATCH, { id: theirs.id, i: { name: "Mine now" } }],
      [INACTIVE, { id: theirs.id, v: true }],
      [KEY, { id: theirs.id }],
      [REVOKE, { id: theirs.id }],
    ] as const) {
      const r = await admin.gql(q, v);
      expect(r.errors?.[0]?.message).toBe("Lead source not found.");
      expect(r.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    }
    expect(await rows(other)).toEqual(before);

    const entry = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const nobody = await employee(branch, []);
    const mine = (await add(admin, { name: `Mine ${unique()}`, code: `M${unique()}` })).leadSource!;
    expect((await entry.gql<{ leadSources: Source[] }>(LIST)).data!.leadSources.map((s) => s.id)).toContain(mine.id);
    expect((await nobody.gql(LIST)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const mine0 = await rows(branch);
    for (const c of [entry, nobody])
      for (const [q, v] of [
        [ADD, { i: { name: `Sneaky ${unique()}`, code: `S${unique()}` } }],
        [PATCH, { id: mine.id, i: { name: "Renamed" } }],
        [INACTIVE, { id: mine.id, v: true }],
        [KEY, { id: mine.id }],
        [REVOKE, { id: mine.id }],
      ] as const) {
        const r = await c.gql(q, v);
        expect(r.data).toBeNull();
        expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      }
    expect(await rows(branch)).toEqual(mine0);
  });
});
