import { describe, expect, test } from "bun:test";
import { Client, factories, type TestServer } from "../../../test/harness.ts";
import {
  apiKeyClient as apiKeyOf,
  BearerClient,
  employee as employeeOf,
  serveBranch,
} from "../../../test/personnel-helpers.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";

// Security groups and members, grants per actor, effective permissions with their sources, and API
// keys: created once (only a hash stored), acting with exactly their grants, dead once deleted.
// Every operation: SECURITY_USERS_AND_POLICIES, proven through a person grant, a group grant and a key.

let server: TestServer;
let branchId = "";
let host = "";
const b = () => ({ server, branchId, host });
const employee = (permissions: EmployeePermission[] = []) => employeeOf(b(), permissions);
const apiKeyClient = (permissions: EmployeePermission[], personId?: string) => apiKeyOf(b(), permissions, personId);

serveBranch((made) => ({ server, branchId, host } = made));

const GROUPS = "{ securityGroups { id name memberCount permissions members { fullName } } }";
type Groups = {
  securityGroups: {
    id: string;
    name: string;
    memberCount: number;
    permissions: string[];
    members: { fullName: string }[];
  }[];
};
const TOGGLE = `mutation($i: ToggleEmployeePermissionInput!){ toggleEmployeePermission(input: $i){ isSuccess message granted } }`;

describe("security groups and members", () => {
  test("create, rename, add and remove members, delete (confirmed when it has members)", async () => {
    const c = await employee(["SECURITY_USERS_AND_POLICIES", "DISPATCH"]);
    const created = await c.gql<{ createSecurityGroup: { isSuccess: boolean; group: { id: string } } }>(
      'mutation { createSecurityGroup(name: " Warehouse "){ isSuccess message group { id name } } }',
    );
    const groupId = created.data!.createSecurityGroup.group.id;
    const dup = await c.gql<{ createSecurityGroup: { isSuccess: boolean; message: string } }>(
      'mutation { createSecurityGroup(name: "warehouse"){ isSuccess message } }',
    );
    expect(dup.data?.createSecurityGroup).toEqual({
      isSuccess: false,
      message: 'A security group named "Warehouse" already exists.',
    });
    const empty = await c.gql<{ createSecurityGroup: { message: string } }>(
      'mutation { createSecurityGroup(name: "  "){ isSuccess message } }',
    );
    expect(empty.data?.createSecurityGroup.message).toBe("Group name is required.");

    const renamed = await c.gql<{ renameSecurityGroup: { group: { name: string } } }>(
      'mutation($g: ID!){ renameSecurityGroup(groupId: $g, name: "Yard crew"){ isSuccess group { name } } }',
      { g: groupId },
    );
    expect(renamed.data?.renameSecurityGroup.group.name).toBe("Yard crew");

    const person = await server.prisma.person.create({ data: { branchId, firstName: "Mo", lastName: "Member" } });
    const add = await c.gql<{ addSecurityGroupMember: { message: string } }>(
      "mutation($g: ID!, $p: ID!){ addSecurityGroupMember(groupId: $g, personId: $p){ isSuccess message } }",
      { g: groupId, p: person.id },
    );
    expect(add.data?.addSecurityGroupMember.message).toBe("Mo Member is a member of Yard crew.");
    await c.gql(TOGGLE, { i: { actorType: "SECURITY_GROUP", actorId: groupId, permission: "DISPATCH" } });
    const groups = await c.gql<Groups>(GROUPS);
    expect(groups.data?.securityGroups.find((g) => g.id === groupId)).toMatchObject({
      name: "Yard crew",
      memberCount: 1,
      permissions: ["DISPATCH"],
      members: [{ fullName: "Mo Member" }],
    });

    const DELETE =
      "mutation($g: ID!, $c: Boolean){ deleteSecurityGroup(groupId: $g, confirm: $c){ isSuccess message } }";
    const refused = await c.gql<{ deleteSecurityGroup: { isSuccess: boolean; message: string } }>(DELETE, {
      g: groupId,
    });
    expect(refused.data?.deleteSecurityGroup).toEqual({
      isSuccess: false,
      message: 'Security group "Yard crew" has 1 member: confirm to delete it with its members\' membership.',
    });
    const deleted = await c.gql<{ deleteSecurityGroup: { isSuccess: boolean } }>(DELETE, { g: groupId, c: true });
    expect(deleted.data?.deleteSecurityGroup.isSuccess).toBe(true);
    expect(await server.prisma.permissionGrant.count({ where: { actorId: groupId } })).toBe(0);
    expect(await server.prisma.securityGroupMember.count({ where: { groupId } })).toBe(0);
    expect(await server.prisma.person.count({ where: { id: person.id } })).toBe(1);

    await c.gql("mutation($g: ID!, $p: ID!){ removeSecurityGroupMember(groupId: $g, personId: $p){ isSuccess } }", {
      g: groupId,
      p: person.id,
    });
  });

  test("SECURITY_USERS_AND_POLICIES is needed: via a person grant or a group grant, never through an API key", async () => {
    expect((await (await employee(["PERSONNEL_MANAGEMENT"])).gql(GROUPS)).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    const viaGroup = await employee([]);
    const group = await server.prisma.securityGroup.create({ data: { branchId, name: "Security admins" } });
    await server.prisma.permissionGrant.create({
      data: { branchId, actorType: "SECURITY_GROUP", actorId: group.id, permission: "SECURITY_USERS_AND_POLICIES" },
    });
    await server.prisma.securityGroupMember.create({
      data: { branchId, groupId: group.id, personId: viaGroup.personId },
    });
    expect((await viaGroup.gql<Groups>(GROUPS)).data?.securityGroups.length).toBeGreaterThan(0);
    // Security is administered by people: a key holding the permission is still refused (an integration
    // that could edit grants could give itself, or its person, more than it holds).
    const byKey = await (await apiKeyClient(["SECURITY_USERS_AND_POLICIES"])).gql<Groups>(GROUPS);
    expect(byKey.errors?.[0]).toMatchObject({
      message: "API keys cannot call this operation: it needs a signed-in person.",
      extensions: { code: "FORBIDDEN" },
    });
  });
});

describe("grants and effective permissions", () => {
  test("a toggle grants and revokes for a person; effective permissions name each source", async () => {
    const c = await employee(["SECURITY_USERS_AND_POLICIES", "ROUTE_MANAGEMENT"]);
    const target = await employee([]);
    const group = await server.prisma.securityGroup.create({ data: { branchId, name: "Drivers" } });
    await server.prisma.securityGroupMember.create({
      data: { branchId, groupId: group.id, personId: target.personId },
    });
    await c.gql(TOGGLE, { i: { actorType: "SECURITY_GROUP", actorId: group.id, permission: "ROUTE_MANAGEMENT" } });
    const on = await c.gql<{ toggleEmployeePermission: { granted: boolean; message: string } }>(TOGGLE, {
      i: { actorType: "PERSON", actorId: target.personId, permission: "ROUTE_MANAGEMENT" },
    });
    expect(on.data?.toggleEmployeePermission).toMatchObject({
      granted: true,
      message: "Emp Loyee now holds Routes.",
    });

    const EFFECTIVE = `query($p: ID!){ employeePermissions(personId: $p){ permission effective impliedByAdministrativeSetup
      sources { actorType actorName } } }`;
    type Eff = {
      employeePermissions: {
        permission: string;
        effective: boolean;
        impliedByAdministrativeSetup: boolean;
        sources: { actorType: string; actorName: string }[];
      }[];
    };
    const eff = await c.gql<Eff>(EFFECTIVE, { p: target.personId });
    const route = eff.data?.employeePermissions.find((e) => e.permission === "ROUTE_MANAGEMENT");
    expect(route).toEqual({
      permission: "ROUTE_MANAGEMENT",
      effective: true,
      impliedByAdministrativeSetup: false,
      sources: [
        { actorType: "PERSON", actorName: "Emp Loyee" },
        { actorType: "SECURITY_GROUP", actorName: "Drivers" },
      ],
    });
    expect(eff.data?.employeePermissions.filter((e) => e.effective).map((e) => e.permission)).toEqual([
      "ROUTE_MANAGEMENT",
    ]);
    // What the employee themselves sees, and what the server now lets them do.
    const own = await target.gql<{ userPermissions: Eff["employeePermissions"] }>(
      "{ userPermissions { permission effective sources { actorName } } }",
    );
    expect(own.data?.userPermissions.filter((e) => e.effective).map((e) => e.permission)).toEqual(["ROUTE_MANAGEMENT"]);

    const off = await c.gql<{ toggleEmployeePermission: { granted: boolean } }>(TOGGLE, {
      i: { actorType: "PERSON", actorId: target.personId, permission: "ROUTE_MANAGEMENT", granted: false },
    });
    expect(off.data?.toggleEmployeePermission.granted).toBe(false);
    const after = await c.gql<Eff>(EFFECTIVE, { p: target.personId });
    expect(after.data?.employeePermissions.find((e) => e.permission === "ROUTE_MANAGEMENT")?.sources).toEqual([
      { actorType: "SECURITY_GROUP", actorName: "Drivers" },
    ]);

    const accesses = await c.gql<{
      tenantPermissionAccesses: { actorType: string; actorName: string; permission: string }[];
    }>("{ tenantPermissionAccesses { actorType actorId actorName permission } }");
    expect(accesses.data?.tenantPermissionAccesses).toContainEqual(
      expect.objectContaining({ actorType: "SECURITY_GROUP", actorName: "Drivers", permission: "ROUTE_MANAGEMENT" }),
    );
  });

  test("ADMINISTRATIVE_SETUP is granted only by an administrator; it implies every permission", async () => {
    const security = await employee(["SECURITY_USERS_AND_POLICIES"]);
    const target = await employee([]);
    const i = { actorType: "PERSON", actorId: target.personId, permission: "ADMINISTRATIVE_SETUP" };
    expect((await security.gql(TOGGLE, { i })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await server.prisma.permissionGrant.count({ where: { actorId: target.personId } })).toBe(0);
    const admin = await employee(["ADMINISTRATIVE_SETUP"]);
    expect((await admin.gql(TOGGLE, { i })).errors).toBeUndefined();
    const eff = await admin.gql<{
      employeePermissions: { permission: string; effective: boolean; impliedByAdministrativeSetup: boolean }[];
    }>("query($p: ID!){ employeePermissions(personId: $p){ permission effective impliedByAdministrativeSetup } }", {
      p: target.personId,
    });
    expect(eff.data?.employeePermissions.every((e) => e.effective)).toBe(true);
    expect(eff.data?.employeePermissions.find((e) => e.permission === "DISPATCH")?.impliedByAdministrativeSetup).toBe(
      true,
    );
  });

  test("an unknown or another branch's actor is not found and nothing is granted", async () => {
    const c = await employee(["SECURITY_USERS_AND_POLICIES"]);
    const other = await factories(server.prisma).branch();
    const stranger = await server.prisma.person.create({
      data: { branchId: other.id, firstName: "Far", lastName: "Away" },
    });
    const r = await c.gql(TOGGLE, { i: { actorType: "PERSON", actorId: stranger.id, permission: "DISPATCH" } });
    expect(r.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(await server.prisma.permissionGrant.count({ where: { actorId: stranger.id } })).toBe(0);
  });
});

describe("API keys", () => {
  test("created once (only a hash stored); acts for its person with exactly its grants; deleted, it stops at once", async () => {
    const admin = await employee(["SECURITY_USERS_AND_POLICIES", "PERSONNEL_MANAGEMENT", "INVENTORY_VIEW"]);
    const CREATE =
      "mutation($i: CreateApiKeyInput!){ createApiKey(input: $i){ isSuccess message key apiKey { id name keyPrefix permissions person { id } } } }";
    const r = await admin.gql<{
      createApiKey: {
        isSuccess: boolean;
        message: string;
        key: string;
        apiKey: { id: string; keyPrefix: string; permissions: string[] };
      };
    }>(CREATE, { i: { name: "Accounting sync", personId: admin.personId, permissions: ["PERSONNEL_MANAGEMENT"] } });
    const { key, apiKey } = r.data!.createApiKey;
    expect(r.data?.createApiKey.message).toBe(
      'API key "Accounting sync" was created. Copy it now: it will not be shown again.',
    );
    expect(key).toStartWith(apiKey.keyPrefix);
    expect(apiKey.permissions).toEqual(["PERSONNEL_MANAGEMENT"]);
    const row = await server.prisma.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(JSON.stringify(row)).not.toContain(key);

    const client = new BearerClient(server.url, host, key);
    const mine = await client.gql<{ userPermissions: { permission: string; effective: boolean }[] }>(
      "{ userPermissions { permission effective } }",
    );
    expect(mine.data?.userPermissions.filter((p) => p.effective).map((p) => p.permission)).toEqual([
      "PERSONNEL_MANAGEMENT",
    ]);
    expect((await client.gql("{ personnel { totalCount } }")).errors).toBeUndefined();
    // The person holds INVENTORY_VIEW; the key does not.
    expect((await client.gql("{ warehouses { id } }")).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    // A grant toggled on the key counts from the next request.
    await admin.gql(
      "mutation($k: ID!){ toggleApiKeyPermission(apiKeyId: $k, permission: INVENTORY_VIEW){ granted } }",
      {
        k: apiKey.id,
      },
    );
    expect((await client.gql("{ warehouses { id } }")).errors).toBeUndefined();
    const keys = await admin.gql<{ apiKeys: { id: string; lastUsedAt: string | null; person: { id: string } }[] }>(
      "{ apiKeys { id name keyPrefix lastUsedAt person { id fullName } permissions } }",
    );
    expect(keys.data?.apiKeys.find((k) => k.id === apiKey.id)?.lastUsedAt).not.toBeNull();
    const perms = await admin.gql<{ apiKeyPermissions: string[] }>(
      "query($k: ID!){ apiKeyPermissions(apiKeyId: $k) }",
      {
        k: apiKey.id,
      },
    );
    expect(perms.data?.apiKeyPermissions).toEqual(["INVENTORY_VIEW", "PERSONNEL_MANAGEMENT"]);

    const del = await admin.gql<{ deleteApiKey: { isSuccess: boolean } }>(
      "mutation($k: ID!){ deleteApiKey(apiKeyId: $k){ isSuccess message } }",
      { k: apiKey.id },
    );
    expect(del.data?.deleteApiKey.isSuccess).toBe(true);
    const after = await client.gql("{ personnel { totalCount } }");
    expect(after.status).toBe(401);
    expect(after.errors?.[0]).toMatchObject({
      message: "This API key is not valid: it does not exist, was deleted, or belongs to another branch.",
      extensions: { code: "UNAUTHENTICATED" },
    });
    expect(await server.prisma.permissionGrant.count({ where: { actorId: apiKey.id } })).toBe(0);
  });

  test("a key is an integration, not its person's account: no self-service, no sign-in details, only declared fields", async () => {
    const person = await employee(["PERSONNEL_MANAGEMENT"]);
    const before = await server.prisma.user.findUniqueOrThrow({ where: { id: person.userId } });
    for (const grants of [[], ["ADMINISTRATIVE_SETUP"]] as EmployeePermission[][]) {
      const key = await apiKeyClient(grants, person.personId);
      const refused = [
        [
          'mutation { updateAccount(input: { email: "thief@evil.example", firstName: "A", lastName: "B" }) { isSuccess } }',
          {},
        ],
        [
          'mutation { updatePassword(input: { currentPassword: "x", newPassword: "whatever-pass-1" }) { isSuccess } }',
          {},
        ],
        ["{ currentUser { userId employeePersonId } }", {}],
        ["{ activePersonnel { id } }", {}],
        ["{ securityGroups { id } }", {}],
      ] as const;
      for (const [query] of refused) {
        const r = await key.gql(query);
        expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      }
      // A mail that would give the account away is never sent, and the sign-in is untouched.
      const forgot = await key.gql("mutation { logout { isSuccess } }");
      expect(forgot.errors).toBeUndefined();
    }
    const after = await server.prisma.user.findUniqueOrThrow({ where: { id: person.userId } });
    expect(after.email).toBe(before.email);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(await server.prisma.session.count({ where: { userId: person.userId } })).toBeGreaterThan(0);
    // The person's own session still works: the key's logout ended nothing of the person's.
    expect((await person.gql("{ currentUser { userId } }")).errors).toBeUndefined();
    // Declared integration fields answer with the key's grants.
    const reader = await apiKeyClient(["PERSONNEL_MANAGEMENT"], person.personId);
    expect((await reader.gql("{ personnel { totalCount } }")).errors).toBeUndefined();
    const lacking = await reader.gql("{ warehouses { id } }");
    expect(lacking.errors?.[0]?.message).toContain("This API key lacks the permission this operation needs");
  });

  test("an unknown key, another branch's key, or a key of a deactivated person is a 401 with a clear message", async () => {
    const unknown = await new BearerClient(server.url, host, "rwk_not-a-real-key").gql("{ currentUser { userId } }");
    expect(unknown.status).toBe(401);
    expect(unknown.errors?.[0]?.message).toContain("This API key is not valid");

    const key = await apiKeyClient(["PERSONNEL_MANAGEMENT"]);
    const other = await factories(server.prisma).branch();
    const elsewhere = await new BearerClient(server.url, other.host, key.key).gql("{ currentUser { userId } }");
    expect(elsewhere.status).toBe(401);

    const person = await employee([]);
    const personal = await apiKeyClient(["PERSONNEL_MANAGEMENT"], person.personId);
    await server.prisma.person.update({ where: { id: person.personId }, data: { inactive: true } });
    const dead = await personal.gql("{ currentUser { userId } }");
    expect(dead.status).toBe(401);
    expect(dead.errors?.[0]?.message).toBe("This API key acts for a person who is inactive: it no longer works.");
  });

  test("creating needs SECURITY_USERS_AND_POLICIES (and ADMINISTRATIVE_SETUP to hand out ADMINISTRATIVE_SETUP); bad input changes nothing", async () => {
    const security = await employee(["SECURITY_USERS_AND_POLICIES"]);
    const CREATE = "mutation($i: CreateApiKeyInput!){ createApiKey(input: $i){ isSuccess message key } }";
    const admin = await security.gql(CREATE, {
      i: { name: "Root", personId: security.personId, permissions: ["ADMINISTRATIVE_SETUP"] },
    });
    expect(admin.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const noName = await security.gql<{ createApiKey: { isSuccess: boolean; message: string } }>(CREATE, {
      i: { name: " ", personId: security.personId },
    });
    expect(noName.data?.createApiKey).toMatchObject({ isSuccess: false, message: "Key name is required." });
    const none = await employee(["PERSONNEL_MANAGEMENT"]);
    expect((await none.gql(CREATE, { i: { name: "X", personId: none.personId } })).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    expect(await server.prisma.apiKey.count({ where: { branchId, name: { in: ["Root", "X"] } } })).toBe(0);
    // A signed-out client without a key is still just signed out.
    expect((await new Client(server.url, host).gql("{ apiKeys { id } }")).status).toBe(401);
  });
});
