import { z } from "zod";
import { newApiKey } from "../../auth/api-keys.ts";
import {
  assertMayChangeApiKey,
  assertMayChangeGroups,
  assertMayChangePerson,
  assertMayConfer,
  keepAnAdministrator,
} from "../../auth/confer.ts";
import { batched, groupBy } from "../../db/batch.ts";
import { AppError, badInput } from "../../errors.ts";
import type { ApiKey, SecurityGroup } from "../../generated/prisma/client.ts";
import { EmployeePermission, type PermissionActorType } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { permissionLabel } from "../../shared/permission-labels.ts";
import { parseInput } from "../../validation.ts";
import { fullName, requirePerson } from "./personnel.service.ts";

// Security groups and their members, grants per actor (PERSON, SECURITY_GROUP, API_KEYS), the
// effective permissions of a person with where each comes from, and API keys. Who may call what is
// declared on the schema's fields; what may be given is decided by auth/confer.ts: nobody gives, takes
// away or changes more than they hold, so holding SECURITY_USERS_AND_POLICIES cannot make anyone an
// administrator, nor touch one.

export const ALL_PERMISSIONS = Object.values(EmployeePermission) as EmployeePermission[];

export const securityMessages = {
  groupNotFound: "Security group not found.",
  apiKeyNotFound: "API key not found.",
  groupExists: (n: string) => `A security group named "${n}" already exists.`,
  groupHasMembers: (n: string, count: number) =>
    `Security group "${n}" has ${count} member${count === 1 ? "" : "s"}: confirm to delete it with its members' membership.`,
};

// ───────────── security groups ─────────────

const groupName = z
  .string()
  .trim()
  .min(1, "Group name is required.")
  .max(60, "Group name must be at most 60 characters.");

export async function requireGroup(ctx: Context, groupId: string): Promise<SecurityGroup> {
  const group = await ctx.db.securityGroup.findUnique({ where: { id: groupId } });
  if (!group) throw new AppError("NOT_FOUND", securityMessages.groupNotFound);
  return group;
}

export function securityGroups(ctx: Context) {
  return ctx.db.securityGroup.findMany({ orderBy: { name: "asc" } });
}

export async function securityGroupMembers(ctx: Context, groupId: string) {
  await requireGroup(ctx, groupId);
  return membersOf(ctx, groupId);
}

// A group's members and their count are read per row of the groups list: batched, so the list is a
// fixed number of queries whatever the number of groups (db/batch.ts).

const membersByGroup = batched(async (ctx: Context, groupIds: string[]) => {
  const rows = await ctx.db.securityGroupMember.findMany({
    where: { groupId: { in: groupIds } },
    include: { person: true },
  });
  return groupBy(rows, (r) => r.groupId);
});

/** A group's members (the group already read), by last name then first name. */
export async function membersOf(ctx: Context, groupId: string) {
  return ((await membersByGroup(ctx, groupId)) ?? [])
    .map((r) => r.person)
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
}

const memberCounts = batched(async (ctx: Context, groupIds: string[]) => {
  const rows = await ctx.db.securityGroupMember.groupBy({
    by: ["groupId"],
    where: { groupId: { in: groupIds } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.groupId, r._count._all]));
});

export async function memberCountOf(ctx: Context, groupId: string) {
  return (await memberCounts(ctx, groupId)) ?? 0;
}

async function uniqueName(ctx: Context, name: string, exceptId?: string) {
  const existing = await ctx.db.securityGroup.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (existing) throw new AppError("CONFLICT", securityMessages.groupExists(existing.name));
}

export async function createSecurityGroup(ctx: Context, rawName: string) {
  const name = parseInput(groupName, rawName);
  await uniqueName(ctx, name);
  return ctx.db.securityGroup.create({ data: { branchId: ctx.branch.id, name } });
}

export async function renameSecurityGroup(ctx: Context, groupId: string, rawName: string) {
  const group = await requireGroup(ctx, groupId);
  await assertMayChangeGroups(ctx, [group]);
  const name = parseInput(groupName, rawName);
  await uniqueName(ctx, name, group.id);
  return ctx.db.securityGroup.update({ where: { id: group.id }, data: { name } });
}

/** Deletes a group and its grants; a group with members only when `confirm` is set. */
export async function deleteSecurityGroup(ctx: Context, groupId: string, confirm: boolean) {
  const group = await requireGroup(ctx, groupId);
  await assertMayChangeGroups(ctx, [group]);
  const members = await ctx.db.securityGroupMember.count({ where: { groupId } });
  if (members > 0 && !confirm)
    return { isSuccess: false, message: securityMessages.groupHasMembers(group.name, members) };
  await keepAnAdministrator(ctx, async (tx) => {
    await tx.permissionGrant.deleteMany({ where: { actorType: "SECURITY_GROUP", actorId: groupId } });
    await tx.securityGroupMember.deleteMany({ where: { groupId } });
    await tx.securityGroup.delete({ where: { id: groupId } });
  });
  return { isSuccess: true, message: `Security group "${group.name}" was deleted.` };
}

export async function addSecurityGroupMember(ctx: Context, groupId: string, personId: string) {
  const group = await requireGroup(ctx, groupId);
  const person = await requirePerson(ctx, personId);
  await assertMayChangeGroups(ctx, [group]);
  const existing = await ctx.db.securityGroupMember.findFirst({ where: { groupId, personId } });
  if (!existing) await ctx.db.securityGroupMember.create({ data: { branchId: ctx.branch.id, groupId, personId } });
  return { isSuccess: true, message: `${fullName(person)} is a member of ${group.name}.` };
}

export async function removeSecurityGroupMember(ctx: Context, groupId: string, personId: string) {
  const group = await requireGroup(ctx, groupId);
  const person = await requirePerson(ctx, personId);
  await assertMayChangeGroups(ctx, [group]);
  await keepAnAdministrator(ctx, (tx) => tx.securityGroupMember.deleteMany({ where: { groupId, personId } }));
  return { isSuccess: true, message: `${fullName(person)} is no longer a member of ${group.name}.` };
}

// ───────────── grants ─────────────

/**
 * The actor's display name, once the caller is known to hold everything the actor holds (confer.ts);
 * NOT_FOUND when this branch has no such actor.
 */
async function changeableActor(ctx: Context, actorType: PermissionActorType, actorId: string): Promise<string> {
  switch (actorType) {
    case "PERSON": {
      const person = await requirePerson(ctx, actorId);
      await assertMayChangePerson(ctx, person);
      return fullName(person);
    }
    case "SECURITY_GROUP": {
      const group = await requireGroup(ctx, actorId);
      await assertMayChangeGroups(ctx, [group]);
      return group.name;
    }
    case "API_KEYS": {
      const key = await requireApiKey(ctx, actorId);
      await assertMayChangeApiKey(ctx, key);
      return key.name;
    }
  }
}

// Batched (db/batch.ts): the people, group and key lists read each row's grants.
const grantsByActor = batched(async (ctx: Context, keys: string[]) => {
  const actors = keys.map((k) => JSON.parse(k) as [PermissionActorType, string]);
  const rows = await ctx.db.permissionGrant.findMany({
    where: { OR: actors.map(([actorType, actorId]) => ({ actorType, actorId })) },
    select: { actorType: true, actorId: true, permission: true },
  });
  return groupBy(rows, (r) => JSON.stringify([r.actorType, r.actorId]));
});

/** The actor's own grants, sorted. */
export async function grantsOf(ctx: Context, actorType: PermissionActorType, actorId: string) {
  const rows = (await grantsByActor(ctx, JSON.stringify([actorType, actorId]))) ?? [];
  return rows.map((r) => r.permission).sort();
}

/**
 * Grants (or revokes) one permission to one actor. `granted` says which; without it the grant flips.
 * Answers what holds now.
 */
export async function toggleEmployeePermission(
  ctx: Context,
  input: { actorType: PermissionActorType; actorId: string; permission: EmployeePermission; granted?: boolean | null },
) {
  const name = await changeableActor(ctx, input.actorType, input.actorId);
  await assertMayConfer(ctx, [input.permission]);
  const where = { actorType: input.actorType, actorId: input.actorId, permission: input.permission };
  const existing = await ctx.db.permissionGrant.findFirst({ where });
  const granted = input.granted ?? !existing;
  if (granted && !existing) await ctx.db.permissionGrant.create({ data: { branchId: ctx.branch.id, ...where } });
  if (!granted && existing) await keepAnAdministrator(ctx, (tx) => tx.permissionGrant.deleteMany({ where }));
  const label = permissionLabel(input.permission);
  return {
    isSuccess: true,
    message: granted ? `${name} now holds ${label}.` : `${name} no longer holds ${label}.`,
    granted,
  };
}

export type PermissionAccess = {
  actorType: PermissionActorType;
  actorId: string;
  actorName: string;
  permission: EmployeePermission;
  createdAt: Date;
};

/** Every grant of the branch with its actor's name (what the permission matrix shows). */
export async function tenantPermissionAccesses(ctx: Context): Promise<PermissionAccess[]> {
  const [grants, persons, groups, keys] = await Promise.all([
    ctx.db.permissionGrant.findMany({ orderBy: [{ permission: "asc" }, { createdAt: "asc" }] }),
    ctx.db.person.findMany({ select: { id: true, firstName: true, lastName: true } }),
    ctx.db.securityGroup.findMany({ select: { id: true, name: true } }),
    ctx.db.apiKey.findMany({ select: { id: true, name: true } }),
  ]);
  const names = new Map<string, string>([
    ...persons.map((p) => [`PERSON:${p.id}`, fullName(p)] as const),
    ...groups.map((g) => [`SECURITY_GROUP:${g.id}`, g.name] as const),
    ...keys.map((k) => [`API_KEYS:${k.id}`, k.name] as const),
  ]);
  return grants.flatMap((g) => {
    const actorName = names.get(`${g.actorType}:${g.actorId}`);
    // A grant whose actor is gone (cannot happen through this module) is not shown.
    return actorName
      ? [{ actorType: g.actorType, actorId: g.actorId, actorName, permission: g.permission, createdAt: g.createdAt }]
      : [];
  });
}

export type PermissionSource = { actorType: PermissionActorType; actorId: string; actorName: string };
export type EffectivePermission = {
  permission: EmployeePermission;
  /** Granted directly or through a group, or implied by ADMINISTRATIVE_SETUP. */
  effective: boolean;
  /** The grants that give it (the person's own, or a group's). */
  sources: PermissionSource[];
  /** Held only because the person holds ADMINISTRATIVE_SETUP. */
  impliedByAdministrativeSetup: boolean;
};

/** Every permission with whether the person holds it and where it comes from. */
export async function effectivePermissions(ctx: Context, personId: string): Promise<EffectivePermission[]> {
  const person = await requirePerson(ctx, personId);
  const memberships = await ctx.db.securityGroupMember.findMany({ where: { personId }, include: { group: true } });
  const groups = new Map(memberships.map((m) => [m.groupId, m.group.name]));
  const grants = await ctx.db.permissionGrant.findMany({
    where: {
      OR: [
        { actorType: "PERSON", actorId: personId },
        ...(groups.size ? [{ actorType: "SECURITY_GROUP" as const, actorId: { in: [...groups.keys()] } }] : []),
      ],
    },
  });
  const sources = new Map<EmployeePermission, PermissionSource[]>();
  for (const g of grants) {
    const actorName = g.actorType === "PERSON" ? fullName(person) : (groups.get(g.actorId) ?? "");
    const list = sources.get(g.permission) ?? [];
    list.push({ actorType: g.actorType, actorId: g.actorId, actorName });
    sources.set(g.permission, list);
  }
  const admin = sources.has("ADMINISTRATIVE_SETUP");
  return ALL_PERMISSIONS.map((permission) => {
    const s = (sources.get(permission) ?? []).sort((a, b) => a.actorType.localeCompare(b.actorType));
    return {
      permission,
      effective: admin || s.length > 0,
      sources: s,
      impliedByAdministrativeSetup: admin && s.length === 0,
    };
  });
}

// ───────────── API keys ─────────────

export async function requireApiKey(ctx: Context, apiKeyId: string): Promise<ApiKey> {
  const key = await ctx.db.apiKey.findUnique({ where: { id: apiKeyId } });
  if (!key) throw new AppError("NOT_FOUND", securityMessages.apiKeyNotFound);
  return key;
}

export function apiKeys(ctx: Context) {
  return ctx.db.apiKey.findMany({ orderBy: [{ name: "asc" }, { createdAt: "asc" }] });
}

const apiKeyInput = z.object({
  name: z.string().trim().min(1, "Key name is required.").max(80, "Key name must be at most 80 characters."),
  personId: z.string().min(1, "Choose the person the key acts for."),
  permissions: z.array(z.enum(EmployeePermission)).max(ALL_PERMISSIONS.length).default([]),
});

/** A new key for a person; the key itself is in the answer only this once. */
export async function createApiKey(
  ctx: Context,
  input: { name: string; personId: string; permissions?: readonly EmployeePermission[] | null },
) {
  const v = parseInput(apiKeyInput, { ...input, permissions: input.permissions ?? undefined });
  const person = await requirePerson(ctx, v.personId);
  if (person.inactive) throw badInput("An API key can't act for an inactive person.");
  // A key carries only its own grants, and work it does is recorded in its person's name.
  await assertMayConfer(ctx, v.permissions);
  await assertMayChangePerson(ctx, person);
  const { key, keyHash, keyPrefix } = newApiKey();
  const row = await ctx.db.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: { branchId: ctx.branch.id, name: v.name, keyHash, keyPrefix, personId: person.id },
    });
    const permissions = [...new Set(v.permissions)];
    if (permissions.length)
      await tx.permissionGrant.createMany({
        data: permissions.map((permission) => ({
          branchId: ctx.branch.id,
          actorType: "API_KEYS" as const,
          actorId: created.id,
          permission,
        })),
      });
    return created;
  });
  return {
    isSuccess: true,
    message: `API key "${row.name}" was created. Copy it now: it will not be shown again.`,
    key,
    apiKey: row,
  };
}

/** Deletes a key and its grants; a request with it is refused from then on. */
export async function deleteApiKey(ctx: Context, apiKeyId: string) {
  const key = await requireApiKey(ctx, apiKeyId);
  await assertMayChangeApiKey(ctx, key);
  await ctx.db.$transaction(async (tx) => {
    await tx.permissionGrant.deleteMany({ where: { actorType: "API_KEYS", actorId: key.id } });
    await tx.apiKey.delete({ where: { id: key.id } });
  });
  return { isSuccess: true, message: `API key "${key.name}" was deleted: it no longer works.` };
}
