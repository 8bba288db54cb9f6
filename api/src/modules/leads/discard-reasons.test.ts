import { describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// Discard reasons through GraphQL: listed by name with how many leads each discarded (visible ones);
// created, renamed and deleted by LEAD_ADMIN; names unique per branch whatever their case; a reason in
// use by leads or by a lead rule is not deleted (the refusal says how many); another branch's reason is
// not found; LEAD_DATA_ENTRY and LEAD_REPORTING read, and cannot change.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string };
type Reason = { id: string; name: string; leadCount: number };
type Res = R & { discardReason: Reason | null };
const F = "id name leadCount";
const LIST = `{ discardReasons { ${F} } }`;
const CREATE = `mutation($n: String!){ createDiscardReason(name: $n){ isSuccess message discardReason { ${F} } } }`;
const UPDATE = `mutation($id: ID!, $n: String!){ updateDiscardReason(id: $id, name: $n){ isSuccess message discardReason { ${F} } } }`;
const DELETE = `mutation($id: ID!){ deleteDiscardReason(id: $id){ isSuccess message discardReason { ${F} } } }`;

type C = Awaited<ReturnType<typeof employee>>;
const unique = () => crypto.randomUUID().slice(0, 6);
const create = async (c: C, n: string) =>
  (await c.gql<{ createDiscardReason: Res }>(CREATE, { n })).data!.createDiscardReason;
const list = async (c: C) => (await c.gql<{ discardReasons: Reason[] }>(LIST)).data!.discardReasons;

async function leads(b: Branch, n: number, data: { status?: "DISCARDED" | "UNASSIGNED"; discardReasonId?: string }) {
  await server.prisma.lead.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      branchId: b.branchId,
      firstName: `Lead ${i}`,
      status: data.status ?? "DISCARDED",
      discardReasonId: data.discardReasonId ?? null,
    })),
  });
}

describe("discard reasons", () => {
  test("created, listed with counts, renamed; names unique whatever their case; refusals change nothing", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const u = unique();
    const made = await create(admin, `  Out of area ${u} `);
    expect(made).toMatchObject({
      isSuccess: true,
      message: `Added the discard reason "Out of area ${u}".`,
      discardReason: { name: `Out of area ${u}`, leadCount: 0 },
    });
    const id = made.discardReason!.id;
    const second = (await create(admin, `Bad phone ${u}`)).discardReason!;
    await leads(branch, 3, { discardReasonId: id });
    // not counted: a lead that is no longer discarded, and a merged lead
    await leads(branch, 1, { status: "UNASSIGNED", discardReasonId: id });
    const survivor = await server.prisma.lead.create({ data: { branchId: branch.branchId, firstName: "S" } });
    await server.prisma.lead.create({
      data: { branchId: branch.branchId, status: "DISCARDED", discardReasonId: id, mergedIntoId: survivor.id },
    });

    const before = await list(admin);
    expect(before.find((r) => r.id === id)).toEqual({ id, name: `Out of area ${u}`, leadCount: 3 });
    expect(before.find((r) => r.id === second.id)?.leadCount).toBe(0);
    const names = before.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    for (const [name, message] of [
      ["  ", "Name is required."],
      ["x".repeat(101), "Name must be at most 100 characters."],
      [`OUT OF AREA ${u}`, `Another discard reason is already named "Out of area ${u}".`],
    ] as const)
      expect(await create(admin, name)).toMatchObject({ isSuccess: false, message, discardReason: null });
    const rename = async (rid: string, n: string) =>
      (await admin.gql<{ updateDiscardReason: Res }>(UPDATE, { id: rid, n })).data!.updateDiscardReason;
    expect(await rename(second.id, `out of AREA ${u}`)).toMatchObject({
      isSuccess: false,
      message: `Another discard reason is already named "Out of area ${u}".`,
    });
    expect(await list(admin)).toEqual(before);

    // renaming to itself in another case is fine; the count comes along
    expect(await rename(id, `Out Of Area ${u}`)).toMatchObject({
      isSuccess: true,
      message: `Renamed to "Out Of Area ${u}".`,
      discardReason: { id, name: `Out Of Area ${u}`, leadCount: 3 },
    });
    // the same name is free in another branch
    expect((await create(await employee(other, ["LEAD_ADMIN"]), `Out Of Area ${u}`)).isSuccess).toBe(true);
  });

  test("a reason used by leads or by a lead rule is not deleted; an unused one is", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const u = unique();
    const del = async (id: string) =>
      (await admin.gql<{ deleteDiscardReason: Res }>(DELETE, { id })).data!.deleteDiscardReason;
    const used = (await create(admin, `Used ${u}`)).discardReason!;
    await leads(branch, 2, { discardReasonId: used.id });
    expect(await del(used.id)).toMatchObject({
      isSuccess: false,
      message: `2 leads were discarded as "Used ${u}", so it cannot be deleted. Rename it instead, or discard those leads with another reason first.`,
    });
    const ruled = (await create(admin, `Ruled ${u}`)).discardReason!;
    await server.prisma.leadAutomation.create({
      data: { branchId: branch.branchId, comparator: "HAS_VALUE", nativeFieldName: "EMAIL", discardReasonId: ruled.id },
    });
    expect(await del(ruled.id)).toMatchObject({
      isSuccess: false,
      message: `A lead rule discards leads as "Ruled ${u}": change or delete that rule first.`,
    });
    const free = (await create(admin, `Free ${u}`)).discardReason!;
    expect(await del(free.id)).toMatchObject({ isSuccess: true, message: `Deleted the discard reason "Free ${u}".` });
    const ids = (await list(admin)).map((r) => r.id);
    expect(ids).toContain(used.id);
    expect(ids).toContain(ruled.id);
    expect(ids).not.toContain(free.id);
    await server.prisma.leadAutomation.deleteMany({ where: { discardReasonId: ruled.id } });
  });

  test("another branch's reason is not found; readers cannot change; no lead permission, no list", async () => {
    const u = unique();
    const theirs = (await create(await employee(other, ["LEAD_ADMIN"]), `Theirs ${u}`)).discardReason!;
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    for (const [q, v] of [
      [UPDATE, { id: theirs.id, n: "Mine" }],
      [DELETE, { id: theirs.id }],
    ] as const) {
      const r = await admin.gql(q, v);
      expect(r.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    }
    expect((await list(admin)).some((r) => r.id === theirs.id)).toBe(false);
    for (const p of ["LEAD_DATA_ENTRY", "LEAD_REPORTING"] as const) {
      const reader = await employee(branch, [p]);
      expect(Array.isArray(await list(reader))).toBe(true);
      const r = await reader.gql(CREATE, { n: `Nope ${u}` });
      expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    const none = await employee(branch, []);
    expect((await none.gql(LIST)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await server.prisma.discardReason.count({ where: { name: `Nope ${u}` } })).toBe(0);
  });
});
