import { describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { square } from "../territories/test-shapes.ts";

// A view's page, its total and its counts per group are kept a few seconds (views.cache.ts): through
// GraphQL, every write a user makes to the leads (a new lead posted by a vendor, an assignment, a status
// change, a discard, a merge) shows in the very next page, total and counts; a salesperson held to one
// zone and a manager asking the same question each get their own answer, and a change of zones shows at
// once; a person whose lead permission is taken away is refused at once, kept answer or not.

let server: TestServer, branch: Branch;
serveTwoBranches((made) => ([server, branch] = made));

type C = Awaited<ReturnType<typeof employee>>;
type Lead = { id: string; firstName: string; status: string; personName: string | null };
type Answer = { leads: Lead[]; total: number; groups: Record<string, number> };

const LIST = `query($where: LeadWhereInput){
  filteredLeads(take: 50, where: $where){ leads { id firstName status personName } total }
  leadGroupCounts(where: $where, groupBy: STATUS){ label count } }`;

/** The page, the total and the counts by status of one question, as the view screen asks them. */
async function list(c: C, where: object): Promise<Answer> {
  const r = await c.gql<{
    filteredLeads: { leads: Lead[]; total: number };
    leadGroupCounts: { label: string; count: number }[];
  }>(LIST, { where });
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  const { leads, total } = r.data!.filteredLeads;
  return { leads, total, groups: Object.fromEntries(r.data!.leadGroupCounts.map((g) => [g.label, g.count])) };
}

const names = (a: Answer) => a.leads.map((l) => l.firstName).sort();

/** `n` unassigned leads named `${tag}-i`, every other one in zone A (else zone B). */
async function seed(tag: string, n: number, zones = [`zone-a-${tag}`, `zone-b-${tag}`]) {
  const source = await server.prisma.leadSource.create({
    data: { branchId: branch.branchId, name: `Web ${tag}`, code: `W${tag}` },
  });
  await server.prisma.lead.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      branchId: branch.branchId,
      firstName: `${tag}-${i}`,
      lastName: "Kept",
      enteredTime: new Date(Date.UTC(2026, 5, 1, 12, i)),
      leadSourceId: source.id,
      zoneId: zones[i % 2],
    })),
  });
  const leads = await server.prisma.lead.findMany({
    where: { branchId: branch.branchId, firstName: { startsWith: `${tag}-` } },
    orderBy: { enteredTime: "asc" },
  });
  return { source, ids: leads.map((l) => l.id) };
}

describe("kept lead view answers", () => {
  test("every write to the leads shows in the next page, total and counts", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const { ids, source } = await seed(tag, 4);
    const mine = { search: tag };
    const first = await list(admin, mine);
    expect(first.total).toBe(4);
    expect(first.groups).toEqual({ Unassigned: 4 });
    expect(await list(admin, mine)).toEqual(first); // asked again: the same (kept) answer

    // A new lead, posted by a vendor with the source's key.
    const key = await admin.gql<{ createLeadSourceKey: { key: string } }>(
      `mutation($id: ID!){ createLeadSourceKey(id: $id){ key } }`,
      { id: source.id },
    );
    const posted = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key.data!.createLeadSourceKey.key}` },
      body: JSON.stringify({ firstName: `${tag}-new`, lastName: "Kept", email: `${tag}@example.com` }),
    });
    expect(posted.status).toBe(201);
    const added = await list(admin, mine);
    expect(added.total).toBe(5);
    expect(names(added)).toContain(`${tag}-new`);
    expect(added.groups).toEqual({ Unassigned: 5 });

    // Assigned: its person's name and status, and the counts move.
    const ops = (m: string, args: string, vars: Record<string, unknown>) =>
      admin.gql<Record<string, { isSuccess: boolean; message: string }>>(
        `mutation(${args}){ ${m}(${args.replace(/\$(\w+): [^,]+/g, "$1: $$$1")}){ isSuccess message } }`,
        vars,
      );
    const assigned = await ops("assignLeads", "$leadIds: [ID!]!, $personId: ID", {
      leadIds: [ids[0]],
      personId: admin.personId,
    });
    expect(assigned.data!.assignLeads!.isSuccess).toBe(true);
    const afterAssign = await list(admin, mine);
    expect(afterAssign.leads.find((l) => l.id === ids[0])).toMatchObject({
      status: "ASSIGNED",
      personName: "Emp Loyee",
    });
    expect(afterAssign.groups).toEqual({ Assigned: 1, Unassigned: 4 });
    const assignedOnly = await list(admin, { ...mine, statuses: ["ASSIGNED"] });
    expect(assignedOnly.leads.map((l) => l.id)).toEqual([ids[0]!]);

    // Back to unassigned (a status change).
    const status = await ops("setLeadStatus", "$leadIds: [ID!]!, $status: LeadStatus!", {
      leadIds: [ids[0]],
      status: "UNASSIGNED",
    });
    expect(status.data!.setLeadStatus!.isSuccess).toBe(true);
    expect((await list(admin, mine)).groups).toEqual({ Unassigned: 5 });
    expect((await list(admin, { ...mine, statuses: ["ASSIGNED"] })).total).toBe(0);

    // Discarded, with a reason made through GraphQL.
    const reason = await admin.gql<{ createDiscardReason: { discardReason: { id: string } } }>(
      `mutation($name: String!){ createDiscardReason(name: $name){ discardReason { id } } }`,
      { name: `Bad phone ${tag}` },
    );
    const discarded = await ops("discardLeads", "$leadIds: [ID!]!, $discardReasonId: ID!", {
      leadIds: [ids[1]],
      discardReasonId: reason.data!.createDiscardReason.discardReason.id,
    });
    expect(discarded.data!.discardLeads!.isSuccess).toBe(true);
    const afterDiscard = await list(admin, mine);
    expect(afterDiscard.groups).toEqual({ Discarded: 1, Unassigned: 4 });
    expect(afterDiscard.leads.find((l) => l.id === ids[1])!.status).toBe("DISCARDED");

    // Merged: the merged lead leaves every list.
    const merged = await admin.gql<{ mergeLeads: { isSuccess: boolean; message: string } }>(
      `mutation($i: MergeLeadsInput!){ mergeLeads(input: $i){ isSuccess message } }`,
      { i: { survivorId: ids[2], leadIds: [ids[3]], fields: [] } },
    );
    expect(merged.data!.mergeLeads).toMatchObject({ isSuccess: true });
    const afterMerge = await list(admin, mine);
    expect(afterMerge.total).toBe(4);
    expect(afterMerge.leads.map((l) => l.id)).not.toContain(ids[3]);
    expect(afterMerge.groups).toEqual({ Discarded: 1, Unassigned: 3 });
  });

  test("a salesperson held to one zone and a manager get their own answers; a change of zones shows at once", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const manager = await employee(branch, ["LEAD_ADMIN"]);
    const sales = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const other = await employee(branch, ["LEAD_DATA_ENTRY"]);
    // The lead map and its two zones (drawn on the territory screens), chosen as the lead map.
    const branchId = branch.branchId;
    const map = await server.prisma.territoryMap.create({ data: { branchId, name: `Leads ${tag}` } });
    const zone = async (name: string, i: number) =>
      (await server.prisma.territoryZone.create({ data: { branchId, mapId: map.id, name, data: square(i * 2, 0) } }))
        .id;
    const [zoneA, zoneB] = [await zone("North", 0), await zone("South", 1)];
    const chosen = await manager.gql<{ updateLeadTerritoryMap: { isSuccess: boolean } }>(
      `mutation($m: ID){ updateLeadTerritoryMap(mapId: $m){ isSuccess } }`,
      { m: map.id },
    );
    expect(chosen.data?.updateLeadTerritoryMap.isSuccess).toBe(true);
    await seed(tag, 6, [zoneA, zoneB]);
    const zoneOf = (l: Lead) => (Number(l.firstName.split("-").at(-1)) % 2 === 0 ? zoneA : zoneB);
    const hold = async (personId: string, zoneIds: string[]) => {
      const r = await manager.gql<{ enforceLeadTerritory: { isSuccess: boolean; message: string } }>(
        `mutation($p: ID!, $z: [ID!]!){ enforceLeadTerritory(personId: $p, enforce: true, zoneIds: $z){ isSuccess message } }`,
        { p: personId, z: zoneIds },
      );
      expect(r.data?.enforceLeadTerritory).toMatchObject({ isSuccess: true });
    };
    await hold(sales.personId, [zoneA]);
    await hold(other.personId, [zoneB]);
    const mine = { search: tag };

    // The manager asks first (kept for every lead), then each salesperson the very same question.
    const all = await list(manager, mine);
    expect(all.total).toBe(6);
    const a = await list(sales, mine);
    expect(a.total).toBe(3);
    expect(a.groups).toEqual({ Unassigned: 3 });
    expect(a.leads.every((l) => zoneOf(l) === zoneA)).toBe(true);
    const b = await list(other, mine);
    expect(b.total).toBe(3);
    expect(b.leads.every((l) => zoneOf(l) === zoneB)).toBe(true);
    // And the other way round: a salesperson first, then the manager.
    const byZone = { ...mine, zoneIds: [zoneA, zoneB] };
    expect((await list(sales, byZone)).total).toBe(3);
    expect((await list(manager, byZone)).total).toBe(6);

    // Given zone B instead: the salesperson's next answer is zone B's.
    await hold(sales.personId, [zoneB]);
    const moved = await list(sales, mine);
    expect(names(moved)).toEqual(names(b));
    expect(moved.leads.every((l) => zoneOf(l) === zoneB)).toBe(true);
  });

  test("a person whose lead permission is taken away is refused at once", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const reporter = await employee(branch, ["LEAD_REPORTING"]);
    const security = await employee(branch, ["SECURITY_USERS_AND_POLICIES", "LEAD_REPORTING"]);
    await seed(tag, 2);
    expect((await list(reporter, { search: tag })).total).toBe(2);
    const off = await security.gql<{ toggleEmployeePermission: { granted: boolean } }>(
      `mutation($i: ToggleEmployeePermissionInput!){ toggleEmployeePermission(input: $i){ granted } }`,
      { i: { actorType: "PERSON", actorId: reporter.personId, permission: "LEAD_REPORTING", granted: false } },
    );
    expect(off.data?.toggleEmployeePermission.granted).toBe(false);
    const refused = await reporter.gql(LIST, { where: { search: tag } });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(refused.data?.filteredLeads ?? null).toBeNull();
  });
});
