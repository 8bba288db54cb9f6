import { describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// The lead status operations through GraphQL: assign and unassign, set status, discard with a reason,
// mark duplicates; each writes one history row per changed lead, a repeat (or two calls at once)
// changes and records a lead once, a refusal changes nothing; LEAD_REPORTING may not; a person held
// to one zone is refused a lead of another zone; another branch's leads are not found.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type Bulk = { isSuccess: boolean; message: string; count: number };
const ASSIGN = `mutation($ids: [ID!]!, $p: ID){ assignLeads(leadIds: $ids, personId: $p){ isSuccess message count } }`;
const STATUS = `mutation($ids: [ID!]!, $s: LeadStatus!){ setLeadStatus(leadIds: $ids, status: $s){ isSuccess message count } }`;
const DISCARD = `mutation($ids: [ID!]!, $r: ID!){ discardLeads(leadIds: $ids, discardReasonId: $r){ isSuccess message count } }`;
const DUP = `mutation($ids: [ID!]!, $o: ID!){ markLeadDuplicates(leadIds: $ids, duplicateOfId: $o){ isSuccess message count } }`;

type C = Awaited<ReturnType<typeof employee>>;
const call = async (c: C, q: string, v: object) => {
  const r = await c.gql<Record<string, Bulk>>(q, v as Record<string, unknown>);
  if (r.errors) return { error: r.errors[0]?.extensions?.code as string };
  return Object.values(r.data!)[0]!;
};

let n = 0;
async function leads(b: Branch, count: number, data: Record<string, unknown> = {}) {
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(
      await server.prisma.lead.create({
        data: { branchId: b.branchId, firstName: "Lead", lastName: `L${++n}`, phone: "512-555-0100", ...data },
      }),
    );
  return made.map((l) => l.id);
}
const rows = (ids: string[]) => server.prisma.lead.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
const history = (ids: string[]) =>
  server.prisma.leadChange.findMany({ where: { leadId: { in: ids } }, orderBy: { createdAt: "asc" } });

describe("lead status operations", () => {
  test("assign, unassign, set status: history per changed lead, repeats change nothing", async () => {
    const admin = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const ann = await server.prisma.person.create({
      data: { branchId: branch.branchId, firstName: "Ann", lastName: "Lee" },
    });
    const ids = await leads(branch, 3);
    expect(await call(admin, ASSIGN, { ids, p: ann.id })).toEqual({
      isSuccess: true,
      message: "Assigned 3 leads to Ann Lee.",
      count: 3,
    });
    expect((await rows(ids)).map((l) => [l.personId, l.status])).toEqual(ids.map(() => [ann.id, "ASSIGNED"]));
    let h = await history(ids);
    expect(h).toHaveLength(3);
    expect(h[0]).toMatchObject({
      kind: "ASSIGNED",
      personId: admin.personId,
      summary: "Assigned to Ann Lee.",
      changes: { person: [null, "Ann Lee"], status: ["UNASSIGNED", "ASSIGNED"] },
    });
    // the same again, twice at once: nothing changes, no history
    const again = await Promise.all([call(admin, ASSIGN, { ids, p: ann.id }), call(admin, ASSIGN, { ids, p: ann.id })]);
    expect(again).toEqual([
      { isSuccess: true, message: "The 3 leads were already assigned to Ann Lee.", count: 0 },
      { isSuccess: true, message: "The 3 leads were already assigned to Ann Lee.", count: 0 },
    ]);
    expect(await history(ids)).toHaveLength(3);

    // unassign one; then set the three UNASSIGNED: two change
    expect(await call(admin, ASSIGN, { ids: [ids[0]], p: null })).toEqual({
      isSuccess: true,
      message: "Unassigned 1 lead.",
      count: 1,
    });
    expect(await call(admin, STATUS, { ids, s: "UNASSIGNED" })).toEqual({
      isSuccess: true,
      message: "Set 2 leads to unassigned. 1 lead already was.",
      count: 2,
    });
    expect((await rows(ids)).every((l) => l.personId === null && l.status === "UNASSIGNED")).toBe(true);
    h = await history(ids);
    expect(h).toHaveLength(6);
    expect(h.at(-1)!.changes).toEqual({ status: ["ASSIGNED", "UNASSIGNED"], person: ["Ann Lee", null] });

    // ASSIGNED needs a person; DISCARDED needs a reason: refused, nothing changed
    const before = await rows(ids);
    expect(await call(admin, STATUS, { ids, s: "ASSIGNED" })).toEqual({
      isSuccess: false,
      message: "3 leads have no person: assign them to a person instead.",
      count: 0,
    });
    expect(await call(admin, STATUS, { ids, s: "DISCARDED" })).toMatchObject({
      isSuccess: false,
      message: "Discard leads with a reason: use Discard and choose one.",
    });
    expect(await rows(ids)).toEqual(before);
    expect(await history(ids)).toHaveLength(6);
  });

  test("discard with a reason; a discarded lead stays discarded when assigned; set status leaves it", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const bob = await server.prisma.person.create({
      data: { branchId: branch.branchId, firstName: "Bob", lastName: "Ray" },
    });
    const moved = await server.prisma.discardReason.create({ data: { branchId: branch.branchId, name: `Moved ${n}` } });
    const ids = await leads(branch, 2);
    expect(await call(admin, DISCARD, { ids: [ids[0]], r: moved.id })).toEqual({
      isSuccess: true,
      message: `Discarded 1 lead: ${moved.name}.`,
      count: 1,
    });
    expect(await call(admin, ASSIGN, { ids, p: bob.id })).toEqual({
      isSuccess: true,
      message: "Assigned 2 leads to Bob Ray. 1 of them stays discarded.",
      count: 2,
    });
    const [a, b] = await Promise.all(ids.map((id) => server.prisma.lead.findUniqueOrThrow({ where: { id } })));
    expect([a!.status, a!.personId, a!.discardReasonId]).toEqual(["DISCARDED", bob.id, moved.id]);
    expect([b!.status, b!.personId]).toEqual(["ASSIGNED", bob.id]);
    expect(await call(admin, STATUS, { ids: [ids[0]], s: "ASSIGNED" })).toEqual({
      isSuccess: true,
      message: "Set 1 lead to assigned.",
      count: 1,
    });
    const back = await server.prisma.lead.findUniqueOrThrow({ where: { id: ids[0]! } });
    expect([back.status, back.discardReasonId]).toEqual(["ASSIGNED", null]);
    const h = await history([ids[0]!]);
    expect(h.map((r) => r.kind)).toEqual(["DISCARDED", "ASSIGNED", "STATUS"]);
    expect(h[0]!.changes).toEqual({ status: ["UNASSIGNED", "DISCARDED"], discardReason: [null, moved.name] });
    expect(h[2]!.changes).toEqual({ status: ["DISCARDED", "ASSIGNED"], discardReason: [moved.name, null] });

    // another branch's reason or person: not found, nothing changed
    const otherReason = await server.prisma.discardReason.create({ data: { branchId: other.branchId, name: "Other" } });
    expect(await call(admin, DISCARD, { ids, r: otherReason.id })).toMatchObject({
      isSuccess: false,
      message: "That discard reason was not found.",
    });
    const stranger = await server.prisma.person.create({
      data: { branchId: other.branchId, firstName: "S", lastName: "T" },
    });
    expect(await call(admin, ASSIGN, { ids, p: stranger.id })).toMatchObject({
      isSuccess: false,
      message: "That person was not found.",
    });
    expect(await history(ids)).toHaveLength(4);
  });

  test("mark duplicates: not of itself, not of a duplicate; they are discarded", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const [original, x, y] = await leads(branch, 3);
    const num = (await server.prisma.lead.findUniqueOrThrow({ where: { id: original! } })).number;
    expect(await call(admin, DUP, { ids: [x, original], o: original })).toMatchObject({
      isSuccess: false,
      message: "A lead cannot be a duplicate of itself.",
    });
    expect(await call(admin, DUP, { ids: [x, y], o: original })).toEqual({
      isSuccess: true,
      message: `Marked 2 leads as duplicates of lead #${num}.`,
      count: 2,
    });
    const marked = await rows([x!, y!]);
    expect(marked.map((l) => [l.duplicateOfId, l.status])).toEqual([
      [original!, "DISCARDED"],
      [original!, "DISCARDED"],
    ]);
    expect((await history([x!]))[0]).toMatchObject({
      kind: "DUPLICATE",
      changes: { duplicateOf: [null, `#${num}`], status: ["UNASSIGNED", "DISCARDED"] },
    });
    const xNum = marked.find((l) => l.id === x)!.number;
    expect(await call(admin, DUP, { ids: [original], o: x })).toMatchObject({
      isSuccess: false,
      message: `Lead #${xNum} is itself a duplicate of lead #${num}: mark them duplicates of that one.`,
    });
    // two leads marked duplicates of each other at once: one mark wins, no loop
    const [p, q] = await leads(branch, 2);
    const both = await Promise.all([call(admin, DUP, { ids: [p], o: q }), call(admin, DUP, { ids: [q], o: p })]);
    expect(both.map((r) => (r as Bulk).isSuccess).sort()).toEqual([false, true]);
    const pq = await rows([p!, q!]);
    expect(pq.filter((l) => l.duplicateOfId).length).toBe(1);
  });

  test("bad ids, caps, permissions, zones and branches", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const ids = await leads(branch, 2, { zoneId: "zone-north" });
    const [south] = await leads(branch, 1, { zoneId: "zone-south" });
    const [theirs] = await leads(other, 1);
    const before = await rows([...ids, south!]);
    expect(await call(admin, STATUS, { ids: [...ids, theirs], s: "UNASSIGNED" })).toEqual({
      isSuccess: false,
      message: "1 of these leads was not found: nothing was changed.",
      count: 0,
    });
    expect(await call(admin, ASSIGN, { ids: [theirs], p: null })).toMatchObject({ message: "Lead not found." });
    expect(await call(admin, ASSIGN, { ids: [], p: null })).toMatchObject({ message: "Choose at least one lead." });
    const many = Array.from({ length: 10_001 }, (_, i) => `id-${i}`);
    expect(await call(admin, ASSIGN, { ids: many, p: null })).toMatchObject({
      isSuccess: false,
      message: "At most 10,000 leads at a time.",
    });

    const reporting = await employee(branch, ["LEAD_REPORTING"]);
    expect(await call(reporting, ASSIGN, { ids, p: null })).toEqual({ error: "FORBIDDEN" });
    const nobody = await employee(branch, []);
    expect(await call(nobody, STATUS, { ids, s: "UNASSIGNED" })).toEqual({ error: "FORBIDDEN" });

    // a person held to the north zone works its leads, not the south's
    const rep = await employee(branch, ["LEAD_DATA_ENTRY"]);
    await server.prisma.leadPersonZoneAccess.create({
      data: { branchId: branch.branchId, personId: rep.personId, enforceZonePermission: true, zoneIds: ["zone-north"] },
    });
    expect(await call(rep, ASSIGN, { ids: [...ids, south], p: rep.personId })).toEqual({ error: "FORBIDDEN" });
    const reason = await server.prisma.discardReason.create({ data: { branchId: branch.branchId, name: `Z ${n}` } });
    expect(await call(rep, DISCARD, { ids: [south], r: reason.id })).toEqual({ error: "FORBIDDEN" });
    expect(await call(rep, DUP, { ids, o: south })).toEqual({ error: "FORBIDDEN" });
    expect(await rows([...ids, south!])).toEqual(before);
    expect(await call(rep, ASSIGN, { ids, p: rep.personId })).toMatchObject({ isSuccess: true, count: 2 });
  });
});
