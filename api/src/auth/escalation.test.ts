import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../test/harness.ts";
import { scopedDb } from "../db/scoped.ts";
import type { EmployeePermission } from "../generated/prisma/enums.ts";
import { conferMessages } from "./confer.ts";
import { loadPermissions } from "./permissions.ts";

// The escalation matrix: no caller can give, directly or indirectly, more than they hold (confer.ts).
// For each permission that the people and security operations need, a caller holding exactly that
// permission tries every path to end up holding more, or to make someone (a new person, a group, an
// API key, the administrator's account) hold more or fall into their hands. None may succeed: what
// holds afterwards is read back from the database, not from the answers.

let server: TestServer;
let branch: { id: string; host: string };
let admin: Awaited<ReturnType<typeof signIn>>;
let adminPersonId = "";
let adminsGroupId = "";
let dispatchGroupId = "";

async function signIn(permissions: EmployeePermission[]) {
  const u = await factories(server.prisma).user(branch.id, { permissions });
  const c = new Client(server.url, branch.host);
  expect((await c.login(u.email, u.password)).isSuccess).toBe(true);
  return Object.assign(c, { personId: u.personId!, userId: u.id, email: u.email });
}

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off" });
  branch = await factories(server.prisma).branch();
  const p = server.prisma;
  // The branch's administrator holds ADMINISTRATIVE_SETUP through the "Admins" group.
  admin = await signIn([]);
  adminPersonId = admin.personId;
  const admins = await p.securityGroup.create({ data: { branchId: branch.id, name: "Admins" } });
  adminsGroupId = admins.id;
  await p.permissionGrant.create({
    data: { branchId: branch.id, actorType: "SECURITY_GROUP", actorId: admins.id, permission: "ADMINISTRATIVE_SETUP" },
  });
  await p.securityGroupMember.create({ data: { branchId: branch.id, groupId: admins.id, personId: adminPersonId } });
  const dispatch = await p.securityGroup.create({ data: { branchId: branch.id, name: "Dispatchers" } });
  dispatchGroupId = dispatch.id;
  await p.permissionGrant.create({
    data: { branchId: branch.id, actorType: "SECURITY_GROUP", actorId: dispatch.id, permission: "DISPATCH" },
  });
}, 120_000);
afterAll(() => server.close(), 30_000);

const TOGGLE = `mutation($i: ToggleEmployeePermissionInput!){ toggleEmployeePermission(input: $i){ isSuccess message granted } }`;
const KEY = `mutation($i: CreateApiKeyInput!){ createApiKey(input: $i){ isSuccess message apiKey { id } } }`;
const TOGGLE_KEY = `mutation($k: ID!, $p: EmployeePermission!){ toggleApiKeyPermission(apiKeyId: $k, permission: $p, granted: true){ granted } }`;
const ADD = `mutation($g: ID!, $p: ID!){ addSecurityGroupMember(groupId: $g, personId: $p){ isSuccess message } }`;
const REMOVE = `mutation($g: ID!, $p: ID!){ removeSecurityGroupMember(groupId: $g, personId: $p){ isSuccess message } }`;
const DELETE = `mutation($g: ID!){ deleteSecurityGroup(groupId: $g, confirm: true){ isSuccess message } }`;
const RENAME = `mutation($g: ID!){ renameSecurityGroup(groupId: $g, name: "Renamed"){ isSuccess message } }`;
const CREATE_PERSON = `mutation($i: CreateEmployeeInput!){ createEmployee(input: $i){ isSuccess message person { id } } }`;
const UPDATE_PERSON = `mutation($id: ID!, $i: PersonDetailsInput!){ updatePerson(personId: $id, input: $i){ isSuccess message } }`;
const INVITE = `mutation($id: ID!){ sendEmployeeInvite(personId: $id){ isSuccess message } }`;
const DEACTIVATE = `mutation($id: ID!){ setPersonInactive(personId: $id, inactive: true){ isSuccess message } }`;

type Try = [query: string, variables: Record<string, unknown>];

/** Every path a caller could take to hold more, or to make someone hold more, than they hold. */
function paths(caller: { personId: string }, others: { newGroupId: string; ownKeyId: string }): Try[] {
  const raise: EmployeePermission[] = ["ADMINISTRATIVE_SETUP", "DISPATCH", "CUSTOMER_CREDIT_CARDS"];
  const tries: Try[] = [];
  for (const permission of raise) {
    for (const [actorType, actorId] of [
      ["PERSON", caller.personId],
      ["PERSON", adminPersonId],
      ["SECURITY_GROUP", others.newGroupId],
      ["SECURITY_GROUP", dispatchGroupId],
      ["API_KEYS", others.ownKeyId],
    ])
      tries.push([TOGGLE, { i: { actorType, actorId, permission, granted: true } }]);
    tries.push([TOGGLE_KEY, { k: others.ownKeyId, p: permission }]);
    tries.push([KEY, { i: { name: `k-${permission}`, personId: caller.personId, permissions: [permission] } }]);
    tries.push([KEY, { i: { name: `a-${permission}`, personId: adminPersonId, permissions: [permission] } }]);
  }
  tries.push([KEY, { i: { name: "acts for the admin", personId: adminPersonId, permissions: [] } }]);
  // taking the administrator's grants away, or their group
  tries.push([
    TOGGLE,
    { i: { actorType: "SECURITY_GROUP", actorId: adminsGroupId, permission: "ADMINISTRATIVE_SETUP", granted: false } },
  ]);
  tries.push([REMOVE, { g: adminsGroupId, p: adminPersonId }]);
  tries.push([RENAME, { g: adminsGroupId }]);
  tries.push([DELETE, { g: adminsGroupId }]);
  // joining a group that holds more
  tries.push([ADD, { g: adminsGroupId, p: caller.personId }]);
  tries.push([ADD, { g: dispatchGroupId, p: caller.personId }]);
  // a new person inside a group that holds more
  for (const g of [adminsGroupId, dispatchGroupId])
    tries.push([
      CREATE_PERSON,
      {
        i: { firstName: "Sock", lastName: "Puppet", email: `sock${g.slice(0, 6)}@evil.example`, securityGroupIds: [g] },
      },
    ]);
  // the administrator's account: sign-in email, invitation (a set-password link), deactivation
  tries.push([
    UPDATE_PERSON,
    { id: adminPersonId, i: { firstName: "Ad", lastName: "Min", email: "taken@evil.example" } },
  ]);
  tries.push([INVITE, { id: adminPersonId }]);
  tries.push([DEACTIVATE, { id: adminPersonId }]);
  return tries;
}

/** Everything that holds a permission in the branch, as rows: actor and permission. */
async function holdings() {
  const p = server.prisma;
  const grants = await p.permissionGrant.findMany({
    where: { branchId: branch.id },
    select: { actorType: true, actorId: true, permission: true },
    orderBy: [{ actorId: "asc" }, { permission: "asc" }],
  });
  const members = await p.securityGroupMember.findMany({
    where: { branchId: branch.id },
    select: { groupId: true, personId: true },
    orderBy: [{ groupId: "asc" }, { personId: "asc" }],
  });
  return { grants, members };
}

describe("no caller can give, directly or indirectly, more than they hold", () => {
  for (const held of ["SECURITY_USERS_AND_POLICIES", "PERSONNEL_MANAGEMENT"] as EmployeePermission[]) {
    test(`a caller holding exactly ${held} ends up, and makes no one, holding more`, async () => {
      const caller = await signIn([held]);
      const p = server.prisma;
      // Its own empty group and its own key (with no grants) are fair game to change.
      const newGroup = await p.securityGroup.create({ data: { branchId: branch.id, name: `Mine ${held}` } });
      const ownKey = await p.apiKey.create({
        data: {
          branchId: branch.id,
          name: `own ${held}`,
          keyHash: `h-${held}`,
          keyPrefix: "rwk_x",
          personId: caller.personId,
        },
      });
      const before = await holdings();
      const adminBefore = await p.user.findUniqueOrThrow({ where: { id: admin.userId } });
      const mailsBefore = await p.outboxMessage.count({
        where: { recipient: { in: [adminBefore.email, "taken@evil.example"] } },
      });

      const allowed: string[] = [];
      for (const [query, variables] of paths(caller, { newGroupId: newGroup.id, ownKeyId: ownKey.id })) {
        const r = await caller.gql<Record<string, { isSuccess?: boolean; granted?: boolean }>>(query, variables);
        const answer = r.data ? Object.values(r.data)[0] : null;
        const refused = !!r.errors?.length || answer?.isSuccess === false || answer?.granted === false;
        if (!refused) allowed.push(`${query.slice(9, 40)} ${JSON.stringify(variables)}`);
      }
      expect(allowed).toEqual([]);

      // Read back: nothing holds more than before, the caller holds exactly what it held.
      const after = await holdings();
      const newGrants = after.grants.filter(
        (g) => !before.grants.some((b) => b.actorId === g.actorId && b.permission === g.permission),
      );
      expect(newGrants.filter((g) => g.permission !== held)).toEqual([]);
      expect(after.members).toEqual(before.members);
      expect([...(await loadPermissions(scopedDb(p, branch.id), caller.personId))]).toEqual([held]);
      // No person was created inside a group, and the administrator is untouched.
      expect(await p.person.count({ where: { branchId: branch.id, email: { contains: "@evil.example" } } })).toBe(0);
      const adminAfter = await p.user.findUniqueOrThrow({ where: { id: admin.userId } });
      expect({ email: adminAfter.email, passwordHash: adminAfter.passwordHash }).toEqual({
        email: adminBefore.email,
        passwordHash: adminBefore.passwordHash,
      });
      expect((await p.person.findUniqueOrThrow({ where: { id: adminPersonId } })).inactive).toBe(false);
      expect(await p.apiKey.count({ where: { personId: adminPersonId } })).toBe(0);
      expect(
        await p.outboxMessage.count({ where: { recipient: { in: [adminBefore.email, "taken@evil.example"] } } }),
      ).toBe(mailsBefore);
      expect(await p.emailToken.count({ where: { userId: admin.userId } })).toBe(0);
    });
  }

  test("a refusal names what the caller lacks, in words", async () => {
    const caller = await signIn(["SECURITY_USERS_AND_POLICIES"]);
    const r = await caller.gql(TOGGLE, {
      i: { actorType: "PERSON", actorId: caller.personId, permission: "DISPATCH", granted: true },
    });
    expect(r.errors?.[0]).toMatchObject({
      message: conferMessages.notHeld(["Dispatch"]),
      extensions: { code: "FORBIDDEN" },
    });
  });

  test("what the caller holds, it may give: the same paths work for a holder of both permissions", async () => {
    const caller = await signIn(["SECURITY_USERS_AND_POLICIES", "DISPATCH"]);
    const target = await signIn([]);
    const r = await caller.gql<{ toggleEmployeePermission: { granted: boolean } }>(TOGGLE, {
      i: { actorType: "PERSON", actorId: target.personId, permission: "DISPATCH", granted: true },
    });
    expect(r.data?.toggleEmployeePermission.granted).toBe(true);
    const join = await caller.gql<{ addSecurityGroupMember: { isSuccess: boolean } }>(ADD, {
      g: dispatchGroupId,
      p: target.personId,
    });
    expect(join.data?.addSecurityGroupMember.isSuccess).toBe(true);
    expect([...(await loadPermissions(scopedDb(server.prisma, branch.id), target.personId))]).toEqual(["DISPATCH"]);
  });
});

describe("a branch always keeps an active administrator", () => {
  test("the last one cannot be removed, revoked, deactivated or have their group deleted, even by themselves", async () => {
    const p = server.prisma;
    const other = await factories(p).branch();
    const solo = await factories(p).user(other.id, { permissions: ["ADMINISTRATIVE_SETUP"] });
    const c = new Client(server.url, other.host);
    expect((await c.login(solo.email, solo.password)).isSuccess).toBe(true);
    const r = await c.gql<{ toggleEmployeePermission: { isSuccess: boolean; message: string } }>(TOGGLE, {
      i: { actorType: "PERSON", actorId: solo.personId, permission: "ADMINISTRATIVE_SETUP", granted: false },
    });
    expect(r.errors?.[0]?.message ?? r.data?.toggleEmployeePermission.message).toBe(conferMessages.lastAdministrator);
    expect(
      await p.permissionGrant.count({ where: { actorId: solo.personId!, permission: "ADMINISTRATIVE_SETUP" } }),
    ).toBe(1);
  });

  test("two administrators removing each other at once: one of them stays", async () => {
    const p = server.prisma;
    const other = await factories(p).branch();
    const [a, b] = await Promise.all([
      factories(p).user(other.id, { permissions: ["ADMINISTRATIVE_SETUP"] }),
      factories(p).user(other.id, { permissions: ["ADMINISTRATIVE_SETUP"] }),
    ]);
    const ca = new Client(server.url, other.host);
    const cb = new Client(server.url, other.host);
    await ca.login(a.email, a.password);
    await cb.login(b.email, b.password);
    await Promise.all([
      ca.gql(TOGGLE, {
        i: { actorType: "PERSON", actorId: b.personId, permission: "ADMINISTRATIVE_SETUP", granted: false },
      }),
      cb.gql(TOGGLE, {
        i: { actorType: "PERSON", actorId: a.personId, permission: "ADMINISTRATIVE_SETUP", granted: false },
      }),
    ]);
    expect(await p.permissionGrant.count({ where: { branchId: other.id, permission: "ADMINISTRATIVE_SETUP" } })).toBe(
      1,
    );
  });
});
