import type { ApiKey, Person, SecurityGroup } from "../../generated/prisma/client.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder } from "../../pothos/builder.ts";
import { EmployeePermissionEnum, PermissionActorTypeEnum } from "../../pothos/enums.ts";
import { refusalAsResult } from "../../validation.ts";
import { fullName, groupsOf, invitePending, PERSONNEL_SORTS, personOf, photoUrl, userOf } from "./personnel.service.ts";
import {
  type EffectivePermission,
  grantsOf,
  memberCountOf,
  membersOf,
  type PermissionAccess,
  type PermissionSource,
} from "./security.service.ts";

// The GraphQL types of personnel, security groups, grants and API keys, and the permission scopes and
// result helpers the personnel queries (personnel.schema.ts) and mutations (personnel.mutations.ts) share.

export const PEOPLE = { permission: "PERSONNEL_MANAGEMENT" } as const;
export const SECURITY = { permission: "SECURITY_USERS_AND_POLICIES" } as const;
/** Changing who holds ADMINISTRATIVE_SETUP (which grants everything) takes an administrator. */
export const grantScope = (permission: EmployeePermission) =>
  permission === "ADMINISTRATIVE_SETUP" ? ({ permission: "ADMINISTRATIVE_SETUP" } as const) : SECURITY;

export const orNull = <T>(v: T | null | undefined) => v ?? null;
export const asResult = <T extends object>(run: () => Promise<T>, empty: Record<string, null>) =>
  refusalAsResult<T>(run, (message) => ({ isSuccess: false, message, ...empty }) as unknown as T);

export const SecurityGroupRef = builder.objectRef<SecurityGroup>("SecurityGroup");

/**
 * A colleague's contact details, sign-in, groups and grants are for personnel and security staff (and
 * keys holding those permissions); every other employee, who may see a person in a picker, gets empty
 * values for them rather than an error, so one query serves both.
 */
export const STAFF_DETAILS: EmployeePermission[] = ["PERSONNEL_MANAGEMENT", "SECURITY_USERS_AND_POLICIES"];
export const staffOnly = { authScopes: { anyPermission: STAFF_DETAILS, apiKey: STAFF_DETAILS } };

export const PersonRef = builder.objectRef<Person>("Person").implement({
  description: "An employee of the branch.",
  fields: (t) => ({
    id: t.exposeID("id"),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    fullName: t.string({ resolve: (p) => fullName(p) }),
    email: t.exposeString("email", { ...staffOnly, unauthorizedResolver: () => "" }),
    phone: t.exposeString("phone", { ...staffOnly, unauthorizedResolver: () => "" }),
    jobTitle: t.exposeString("jobTitle"),
    photoId: t.exposeString("photoId", { nullable: true }),
    photoUrl: t.string({ nullable: true, description: "Where the person's photo is served.", resolve: photoUrl }),
    inactive: t.exposeBoolean("inactive"),
    etaReminders: t.exposeBoolean("etaReminders", { description: "Receives delivery ETA reminders." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    securityGroups: t.field({
      type: [SecurityGroupRef],
      description: "The security groups (teams) the person belongs to.",
      ...staffOnly,
      unauthorizedResolver: () => [],
      resolve: (p, _a, ctx) => groupsOf(ctx, p.id),
    }),
    permissions: t.field({
      type: [EmployeePermissionEnum],
      description: "The person's own grants (not those of their groups: see employeePermissions).",
      ...staffOnly,
      unauthorizedResolver: () => [],
      resolve: (p, _a, ctx) => grantsOf(ctx, "PERSON", p.id),
    }),
    canSignIn: t.boolean({
      description: "The person has a sign-in (a user).",
      ...staffOnly,
      unauthorizedResolver: () => false,
      resolve: async (p, _a, ctx) => !!(await userOf(ctx, p.id)),
    }),
    lastLoginAt: t.field({
      type: "DateTime",
      nullable: true,
      ...staffOnly,
      unauthorizedResolver: () => null,
      resolve: async (p, _a, ctx) => orNull((await userOf(ctx, p.id))?.lastLoginAt),
    }),
    invitePending: t.boolean({
      description: "Invited and not signed in yet (the invitation link is still valid).",
      ...staffOnly,
      unauthorizedResolver: () => false,
      resolve: (p, _a, ctx) => invitePending(ctx, p.id),
    }),
  }),
});

SecurityGroupRef.implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    memberCount: t.int({ resolve: (g, _a, ctx) => memberCountOf(ctx, g.id) }),
    members: t.field({ type: [PersonRef], resolve: (g, _a, ctx) => membersOf(ctx, g.id) }),
    permissions: t.field({
      type: [EmployeePermissionEnum],
      resolve: (g, _a, ctx) => grantsOf(ctx, "SECURITY_GROUP", g.id),
    }),
  }),
});

export const PersonnelPageRef = builder
  .objectRef<{ items: Person[]; totalCount: number; skip: number; take: number }>("PersonnelPage")
  .implement({
    fields: (t) => ({
      items: t.field({ type: [PersonRef], resolve: (p) => p.items }),
      totalCount: t.exposeInt("totalCount"),
      skip: t.exposeInt("skip"),
      take: t.exposeInt("take"),
    }),
  });

export const PermissionSourceRef = builder.objectRef<PermissionSource>("PermissionSource").implement({
  fields: (t) => ({
    actorType: t.expose("actorType", { type: PermissionActorTypeEnum }),
    actorId: t.exposeID("actorId"),
    actorName: t.exposeString("actorName"),
  }),
});

export const EffectivePermissionRef = builder.objectRef<EffectivePermission>("EffectivePermission").implement({
  description: "One permission: whether the person holds it, and the grants it comes from.",
  fields: (t) => ({
    permission: t.expose("permission", { type: EmployeePermissionEnum }),
    effective: t.exposeBoolean("effective"),
    sources: t.field({ type: [PermissionSourceRef], resolve: (e) => e.sources }),
    impliedByAdministrativeSetup: t.exposeBoolean("impliedByAdministrativeSetup"),
  }),
});

export const PermissionAccessRef = builder.objectRef<PermissionAccess>("PermissionAccess").implement({
  description: "One grant: an actor (person, security group or API key) holds a permission.",
  fields: (t) => ({
    actorType: t.expose("actorType", { type: PermissionActorTypeEnum }),
    actorId: t.exposeID("actorId"),
    actorName: t.exposeString("actorName"),
    permission: t.expose("permission", { type: EmployeePermissionEnum }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

export const ApiKeyRef = builder.objectRef<ApiKey>("ApiKey").implement({
  description: "A key for another system. The key itself is shown only once, when created.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    keyPrefix: t.exposeString("keyPrefix", { description: "The key's first characters, to recognise it." }),
    person: t.field({
      type: PersonRef,
      nullable: true,
      description: "The person the key acts for.",
      resolve: (k, _a, ctx) => personOf(ctx, k.personId),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    lastUsedAt: t.expose("lastUsedAt", { type: "DateTime", nullable: true }),
    permissions: t.field({ type: [EmployeePermissionEnum], resolve: (k, _a, ctx) => grantsOf(ctx, "API_KEYS", k.id) }),
  }),
});

export const PersonnelSortEnum = builder.enumType("PersonnelSort", { values: PERSONNEL_SORTS });
