import { describe, expect, test } from "bun:test";
import { Client } from "../../test/harness.ts";
import { employee, serveStatementCountedBranch } from "../../test/personnel-helpers.ts";

// A signed-in employee's session, permissions and lead zones are kept in the server for a few seconds
// (session.ts, permissions.ts, lead-access.ts; decision 0920), and every change to them holds on the very
// next request: a revoked permission (the person's own, or through a group left or deleted), zone
// enforcement switched on or narrowed, a deactivated person, a signed-out session. Each case first
// shows that the kept answer is in use (the request ran only its page's statement), then changes it.

const branch = serveStatementCountedBranch();

const TOTAL = "{ filteredLeads(take: 1) { total } }";
type Answer = { refused: boolean; total: number | null; statements: number };

const read = async (c: Client): Promise<Answer> => {
  const r = await c.gql<{ filteredLeads: { total: number } | null }>(TOTAL);
  return {
    refused: !!r.errors?.length,
    total: r.data?.filteredLeads?.total ?? null,
    statements: Number(r.headers.get("x-sql-statements")),
  };
};
/**
 * Reads until a read runs at most the count (the viewer is kept; none when the count itself is kept,
 * leads/views.cache.ts), at most a few times.
 */
const readKept = async (c: Client) => {
  let last = await read(c);
  for (let i = 0; i < 4 && last.statements > 1; i++) last = await read(c);
  expect(last.statements).toBeLessThanOrEqual(1);
  return last;
};
const mutate = async (c: Client, query: string, vars: Record<string, unknown>) => {
  const r = await c.gql<Record<string, { isSuccess: boolean; message: string }>>(query, vars);
  expect(r.errors).toBeUndefined();
  const answer = Object.values(r.data!)[0]!;
  expect(answer.message && answer.isSuccess).toBeTruthy();
};
const TOGGLE = `mutation($i: ToggleEmployeePermissionInput!){ toggleEmployeePermission(input: $i){ isSuccess message } }`;

describe("kept viewers: every change holds on the next request", () => {
  test("a permission revoked, then given back", async () => {
    const admin = await employee(branch, ["ADMINISTRATIVE_SETUP"]);
    const rep = await employee(branch, ["LEAD_REPORTING"]);
    expect((await readKept(rep)).refused).toBe(false);
    const grant = (granted: boolean) => ({
      i: { actorType: "PERSON", actorId: rep.personId, permission: "LEAD_REPORTING", granted },
    });
    await mutate(admin, TOGGLE, grant(false));
    expect((await read(rep)).refused).toBe(true);
    await mutate(admin, TOGGLE, grant(true));
    expect((await read(rep)).refused).toBe(false);
  });

  test("through a group: the member removed, then the group deleted", async () => {
    const admin = await employee(branch, ["ADMINISTRATIVE_SETUP"]);
    const rep = await employee(branch);
    const made = await admin.gql<{ createSecurityGroup: { group: { id: string } } }>(
      `mutation($n: String!){ createSecurityGroup(name: $n){ isSuccess group { id } } }`,
      { n: `Reporters ${crypto.randomUUID().slice(0, 6)}` },
    );
    const groupId = made.data!.createSecurityGroup.group.id;
    await mutate(admin, TOGGLE, {
      i: { actorType: "SECURITY_GROUP", actorId: groupId, permission: "LEAD_REPORTING", granted: true },
    });
    const member = `($g: ID!, $p: ID!){ %s(groupId: $g, personId: $p){ isSuccess message } }`;
    const vars = { g: groupId, p: rep.personId };
    expect((await read(rep)).refused).toBe(true);
    await mutate(admin, `mutation${member.replace("%s", "addSecurityGroupMember")}`, vars);
    expect((await readKept(rep)).refused).toBe(false);
    await mutate(admin, `mutation${member.replace("%s", "removeSecurityGroupMember")}`, vars);
    expect((await read(rep)).refused).toBe(true);
    await mutate(admin, `mutation${member.replace("%s", "addSecurityGroupMember")}`, vars);
    expect((await readKept(rep)).refused).toBe(false);
    await mutate(admin, `mutation($g: ID!){ deleteSecurityGroup(groupId: $g, confirm: true){ isSuccess message } }`, {
      g: groupId,
    });
    expect((await read(rep)).refused).toBe(true);
  });

  test("zone enforcement switched on, narrowed, then off", async () => {
    const p = branch.server.prisma;
    const b = branch.branchId;
    const rep = await employee(branch, ["LEAD_REPORTING"]);
    const tag = crypto.randomUUID().slice(0, 6);
    await p.lead.createMany({
      data: ["a", "a", "b", null].map((z, i) => ({
        branchId: b,
        firstName: `${tag}-${i}`,
        zoneId: z && `zone-${z}-${tag}`,
      })),
    });
    const everything = (await readKept(rep)).total!;
    expect(everything).toBeGreaterThanOrEqual(4);
    const hold = (zones: string[], enforce = true) =>
      p.leadPersonZoneAccess.upsert({
        where: { personId: rep.personId },
        create: { branchId: b, personId: rep.personId, enforceZonePermission: enforce, zoneIds: zones },
        update: { enforceZonePermission: enforce, zoneIds: zones },
      });
    await hold([`zone-a-${tag}`, `zone-b-${tag}`]);
    expect((await read(rep)).total).toBe(3);
    expect((await readKept(rep)).total).toBe(3);
    await hold([`zone-a-${tag}`]);
    expect((await read(rep)).total).toBe(2);
    await hold([]);
    expect((await read(rep)).total).toBe(0);
    await hold([], false);
    expect((await read(rep)).total).toBe(everything);
  });

  test("a deactivated person, and a signed-out session, are refused on the next request", async () => {
    const admin = await employee(branch, ["ADMINISTRATIVE_SETUP"]);
    const rep = await employee(branch, ["LEAD_REPORTING"]);
    expect((await readKept(rep)).refused).toBe(false);
    await mutate(admin, `mutation($p: ID!){ setPersonInactive(personId: $p, inactive: true){ isSuccess message } }`, {
      p: rep.personId,
    });
    expect((await read(rep)).refused).toBe(true);

    const other = await employee(branch, ["LEAD_REPORTING"]);
    expect((await readKept(other)).refused).toBe(false);
    const copy = Object.assign(new Client(branch.server.url, branch.host), { cookie: other.cookie });
    expect((await read(copy)).refused).toBe(false);
    await other.gql("mutation { logout { isSuccess } }");
    expect((await read(copy)).refused).toBe(true);
  });
});
