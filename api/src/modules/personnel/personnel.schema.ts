import type { ApiKey, Person, SecurityGroup } from "../../generated/prisma/client.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder, orKey, type Result, ResultRef, resultType } from "../../pothos/builder.ts";
import { EmployeePermissionEnum, PermissionActorTypeEnum, SortDirectionEnum } from "../../pothos/enums.ts";
import type { Context } from "../../runtime.ts";
import { refusalAsResult } from "../../validation.ts";
import { UploadInput } from "../media/media.schema.ts";
import {
  activePersonnel,
  createEmployee,
  fullName,
  groupsOf,
  invitePending,
  PERSONNEL_SORTS,
  personnel,
  photoUrl,
  requirePerson,
  sendEmployeeInvite,
  setPersonInactive,
  setPersonPhoto,
  teamPersonnel,
  updatePerson,
  userOf,
} from "./personnel.service.ts";
import {
  ALL_PERMISSIONS,
  addSecurityGroupMember,
  apiKeys,
  createApiKey,
  createSecurityGroup,
  deleteApiKey,
  deleteSecurityGroup,
  type EffectivePermission,
  effectivePermissions,
  grantsOf,
  type PermissionAccess,
  type PermissionSource,
  removeSecurityGroupMember,
  renameSecurityGroup,
  requireApiKey,
  securityGroupMembers,
  securityGroups,
  tenantPermissionAccesses,
  toggleEmployeePermission,
} from "./security.service.ts";

// Team personnel, security and API keys: the people list and one person, team and active personnel,
// security groups and members, every grant of the branch, toggling a grant, a person's and one's own
// effective permissions, API keys and their grants. People: PERSONNEL_MANAGEMENT. Groups, grants and
// keys: SECURITY_USERS_AND_POLICIES, and only for what the caller holds (auth/confer.ts). Pickers of colleagues (active and
// team personnel) and one's own permissions: any employee.

const PEOPLE = { permission: "PERSONNEL_MANAGEMENT" } as const;
const SECURITY = { permission: "SECURITY_USERS_AND_POLICIES" } as const;
/** Changing who holds ADMINISTRATIVE_SETUP (which grants everything) takes an administrator. */
const grantScope = (permission: EmployeePermission) =>
  permission === "ADMINISTRATIVE_SETUP" ? ({ permission: "ADMINISTRATIVE_SETUP" } as const) : SECURITY;

const orNull = <T>(v: T | null | undefined) => v ?? null;
const asResult = <T extends object>(run: () => Promise<T>, empty: Record<string, null>) =>
  refusalAsResult<T>(run, (message) => ({ isSuccess: false, message, ...empty }) as unknown as T);

export const SecurityGroupRef = builder.objectRef<SecurityGroup>("SecurityGroup");

/**
 * A colleague's contact details, sign-in, groups and grants are for personnel and security staff (and
 * keys holding those permissions); every other employee, who may see a person in a picker, gets empty
 * values for them rather than an error, so one query serves both.
 */
const STAFF_DETAILS: EmployeePermission[] = ["PERSONNEL_MANAGEMENT", "SECURITY_USERS_AND_POLICIES"];
const staffOnly = { authScopes: { anyPermission: STAFF_DETAILS, apiKey: STAFF_DETAILS } };

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
    memberCount: t.int({ resolve: (g, _a, ctx) => ctx.db.securityGroupMember.count({ where: { groupId: g.id } }) }),
    members: t.field({ type: [PersonRef], resolve: (g, _a, ctx) => securityGroupMembers(ctx, g.id) }),
    permissions: t.field({
      type: [EmployeePermissionEnum],
      resolve: (g, _a, ctx) => grantsOf(ctx, "SECURITY_GROUP", g.id),
    }),
  }),
});

const PersonnelPageRef = builder
  .objectRef<{ items: Person[]; totalCount: number; skip: number; take: number }>("PersonnelPage")
  .implement({
    fields: (t) => ({
      items: t.field({ type: [PersonRef], resolve: (p) => p.items }),
      totalCount: t.exposeInt("totalCount"),
      skip: t.exposeInt("skip"),
      take: t.exposeInt("take"),
    }),
  });

const PermissionSourceRef = builder.objectRef<PermissionSource>("PermissionSource").implement({
  fields: (t) => ({
    actorType: t.expose("actorType", { type: PermissionActorTypeEnum }),
    actorId: t.exposeID("actorId"),
    actorName: t.exposeString("actorName"),
  }),
});

const EffectivePermissionRef = builder.objectRef<EffectivePermission>("EffectivePermission").implement({
  description: "One permission: whether the person holds it, and the grants it comes from.",
  fields: (t) => ({
    permission: t.expose("permission", { type: EmployeePermissionEnum }),
    effective: t.exposeBoolean("effective"),
    sources: t.field({ type: [PermissionSourceRef], resolve: (e) => e.sources }),
    impliedByAdministrativeSetup: t.exposeBoolean("impliedByAdministrativeSetup"),
  }),
});

const PermissionAccessRef = builder.objectRef<PermissionAccess>("PermissionAccess").implement({
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
      resolve: (k, _a, ctx) => (k.personId ? ctx.db.person.findUnique({ where: { id: k.personId } }) : null),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    lastUsedAt: t.expose("lastUsedAt", { type: "DateTime", nullable: true }),
    permissions: t.field({ type: [EmployeePermissionEnum], resolve: (k, _a, ctx) => grantsOf(ctx, "API_KEYS", k.id) }),
  }),
});

const PersonnelSortEnum = builder.enumType("PersonnelSort", { values: PERSONNEL_SORTS });

builder.queryFields((t) => ({
  personnel: t.field({
    type: PersonnelPageRef,
    description: "Employees, paged (take at most 100), searchable by name, email or job title.",
    authScopes: orKey(PEOPLE),
    args: {
      skip: t.arg.int({ required: false }),
      take: t.arg.int({ required: false }),
      search: t.arg.string({ required: false }),
      sortBy: t.arg({ type: PersonnelSortEnum, required: false }),
      sortDirection: t.arg({ type: SortDirectionEnum, required: false }),
      includeInactive: t.arg.boolean({ required: false }),
    },
    resolve: (_r, a, ctx) => personnel(ctx, a),
  }),
  personById: t.field({
    type: PersonRef,
    authScopes: orKey(PEOPLE),
    args: { personId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => requirePerson(ctx, a.personId),
  }),
  activePersonnel: t.field({
    type: [PersonRef],
    description: "Active employees, for choosing a colleague; only a security group's members when one is given.",
    authScopes: { employee: true },
    args: { securityGroupId: t.arg.id({ required: false }) },
    resolve: (_r, a, ctx) => activePersonnel(ctx, a.securityGroupId || null),
  }),
  teamPersonnel: t.field({
    type: [PersonRef],
    description: "Active employees who can sign in to the team area.",
    authScopes: { employee: true },
    resolve: (_r, _a, ctx) => teamPersonnel(ctx),
  }),
  securityGroups: t.field({
    type: [SecurityGroupRef],
    authScopes: SECURITY,
    resolve: (_r, _a, ctx) => securityGroups(ctx),
  }),
  securityGroupMembers: t.field({
    type: [PersonRef],
    authScopes: SECURITY,
    args: { groupId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => securityGroupMembers(ctx, a.groupId),
  }),
  tenantPermissionAccesses: t.field({
    type: [PermissionAccessRef],
    description: "Every grant of the branch: which person, security group or API key holds which permission.",
    authScopes: SECURITY,
    resolve: (_r, _a, ctx) => tenantPermissionAccesses(ctx),
  }),
  employeePermissions: t.field({
    type: [EffectivePermissionRef],
    description: "Every permission with whether the person holds it and where it comes from.",
    authScopes: SECURITY,
    args: { personId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => effectivePermissions(ctx, a.personId),
  }),
  userPermissions: t.field({
    type: [EffectivePermissionRef],
    description: "The signed-in employee's own permissions and where each comes from (an API key: the key's grants).",
    authScopes: { employee: true, anyApiKey: true },
    resolve: async (_r, _a, ctx) => {
      if (!ctx.apiKey) return effectivePermissions(ctx, ctx.viewer!.personId!);
      const held = await ctx.permissions();
      const key = await requireApiKey(ctx, ctx.apiKey.id);
      const admin = held.has("ADMINISTRATIVE_SETUP");
      return ALL_PERMISSIONS.map((permission) => ({
        permission,
        effective: admin || held.has(permission),
        sources: held.has(permission) ? [{ actorType: "API_KEYS" as const, actorId: key.id, actorName: key.name }] : [],
        impliedByAdministrativeSetup: admin && !held.has(permission),
      }));
    },
  }),
  apiKeys: t.field({ type: [ApiKeyRef], authScopes: SECURITY, resolve: (_r, _a, ctx) => apiKeys(ctx) }),
  apiKeyPermissions: t.field({
    type: [EmployeePermissionEnum],
    authScopes: SECURITY,
    args: { apiKeyId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => grantsOf(ctx, "API_KEYS", (await requireApiKey(ctx, a.apiKeyId)).id),
  }),
}));

// ───────────── mutations ─────────────

const PersonResultRef = resultType<Result & { person: Person | null }>("PersonResult", (t) => ({
  person: t.field({ type: PersonRef, nullable: true, resolve: (r) => r.person }),
}));

const SecurityGroupResultRef = resultType<Result & { group: SecurityGroup | null }>("SecurityGroupResult", (t) => ({
  group: t.field({ type: SecurityGroupRef, nullable: true, resolve: (r) => r.group }),
}));

const ToggleResultRef = resultType<Result & { granted: boolean }>("TogglePermissionResult", (t) => ({
  granted: t.exposeBoolean("granted", { description: "Whether the actor holds the permission now." }),
}));

const CreateApiKeyResultRef = resultType<Result & { key: string | null; apiKey: ApiKey | null }>(
  "CreateApiKeyResult",
  (t) => ({
    key: t.exposeString("key", {
      nullable: true,
      description: "The key, shown this once: only its hash is stored.",
    }),
    apiKey: t.field({ type: ApiKeyRef, nullable: true, resolve: (r) => r.apiKey }),
  }),
);

const PersonDetailsFields = builder.inputType("PersonDetailsInput", {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string(),
    jobTitle: t.string(),
    phone: t.string(),
    etaReminders: t.boolean(),
  }),
});

const CreateEmployeeInput = builder.inputType("CreateEmployeeInput", {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string(),
    jobTitle: t.string(),
    phone: t.string(),
    etaReminders: t.boolean(),
    securityGroupIds: t.idList(),
    invite: t.boolean({ description: "Mail a set-password link (default true; needs an email)." }),
  }),
});

const ToggleEmployeePermissionInput = builder.inputType("ToggleEmployeePermissionInput", {
  fields: (t) => ({
    actorType: t.field({ type: PermissionActorTypeEnum, required: true }),
    actorId: t.id({ required: true }),
    permission: t.field({ type: EmployeePermissionEnum, required: true }),
    granted: t.boolean({ description: "Grant (true) or revoke (false); left out, the grant flips." }),
  }),
});

const CreateApiKeyInput = builder.inputType("CreateApiKeyInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    personId: t.id({ required: true, description: "The person the key acts for." }),
    permissions: t.field({ type: [EmployeePermissionEnum], description: "The key's own grants." }),
  }),
});

const personOf = (ctx: Context, id: string) => requirePerson(ctx, id);

builder.mutationFields((t) => ({
  createEmployee: t.field({
    type: PersonResultRef,
    description: "Adds an employee and (by default) mails them a link to set their password.",
    authScopes: PEOPLE,
    args: { input: t.arg({ type: CreateEmployeeInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      asResult(() => createEmployee(ctx, { ...input, securityGroupIds: input.securityGroupIds ?? null }), {
        person: null,
      }),
  }),
  updatePerson: t.field({
    type: PersonResultRef,
    authScopes: PEOPLE,
    args: { personId: t.arg.id({ required: true }), input: t.arg({ type: PersonDetailsFields, required: true }) },
    resolve: (_r, a, ctx) =>
      asResult(async () => ({ isSuccess: true, ...(await updatePerson(ctx, { ...a.input, personId: a.personId })) }), {
        person: null,
      }),
  }),
  setPersonPhoto: t.field({
    type: PersonResultRef,
    description: "Sets the person's photo from an uploaded image, or removes it when `input` is left out.",
    authScopes: PEOPLE,
    args: { personId: t.arg.id({ required: true }), input: t.arg({ type: UploadInput }) },
    resolve: (_r, a, ctx) =>
      asResult(
        async () => {
          const person = await setPersonPhoto(ctx, a.personId, a.input ?? null);
          return { isSuccess: true, message: person.photoId ? "Photo saved." : "Photo removed.", person };
        },
        { person: null },
      ),
  }),
  sendEmployeeInvite: t.field({
    type: ResultRef,
    description: "Mails the person a new link to set their password (a week long).",
    authScopes: PEOPLE,
    args: { personId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => asResult(() => sendEmployeeInvite(ctx, a.personId), {}),
  }),
  setPersonInactive: t.field({
    type: PersonResultRef,
    description: "Deactivating ends the person's sessions at once; they cannot sign in until reactivated.",
    authScopes: PEOPLE,
    args: { personId: t.arg.id({ required: true }), inactive: t.arg.boolean({ required: true }) },
    resolve: (_r, a, ctx) =>
      asResult(
        async () => {
          const r = await setPersonInactive(ctx, a.personId, a.inactive);
          return { ...r, person: await personOf(ctx, a.personId) };
        },
        { person: null },
      ),
  }),
  createSecurityGroup: t.field({
    type: SecurityGroupResultRef,
    authScopes: SECURITY,
    args: { name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      asResult(
        async () => {
          const group = await createSecurityGroup(ctx, a.name);
          return { isSuccess: true, message: `Security group "${group.name}" was created.`, group };
        },
        { group: null },
      ),
  }),
  renameSecurityGroup: t.field({
    type: SecurityGroupResultRef,
    authScopes: SECURITY,
    args: { groupId: t.arg.id({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      asResult(
        async () => {
          const group = await renameSecurityGroup(ctx, a.groupId, a.name);
          return { isSuccess: true, message: `Renamed to "${group.name}".`, group };
        },
        { group: null },
      ),
  }),
  deleteSecurityGroup: t.field({
    type: ResultRef,
    description: "A group with members is deleted only with confirm: true (the answer says how many).",
    authScopes: SECURITY,
    args: { groupId: t.arg.id({ required: true }), confirm: t.arg.boolean({ required: false }) },
    resolve: (_r, a, ctx) => deleteSecurityGroup(ctx, a.groupId, a.confirm ?? false),
  }),
  addSecurityGroupMember: t.field({
    type: ResultRef,
    authScopes: SECURITY,
    args: { groupId: t.arg.id({ required: true }), personId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => addSecurityGroupMember(ctx, a.groupId, a.personId),
  }),
  removeSecurityGroupMember: t.field({
    type: ResultRef,
    authScopes: SECURITY,
    args: { groupId: t.arg.id({ required: true }), personId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => removeSecurityGroupMember(ctx, a.groupId, a.personId),
  }),
  toggleEmployeePermission: t.field({
    type: ToggleResultRef,
    description: "Grants or revokes one permission for a person, a security group or an API key.",
    authScopes: (_r, a) => grantScope(a.input.permission),
    args: { input: t.arg({ type: ToggleEmployeePermissionInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      toggleEmployeePermission(ctx, { ...input, actorId: input.actorId, granted: input.granted }),
  }),
  createApiKey: t.field({
    type: CreateApiKeyResultRef,
    authScopes: (_r, a) =>
      a.input.permissions?.includes("ADMINISTRATIVE_SETUP") ? { permission: "ADMINISTRATIVE_SETUP" } : SECURITY,
    args: { input: t.arg({ type: CreateApiKeyInput, required: true }) },
    resolve: (_r, { input }, ctx) => asResult(() => createApiKey(ctx, input), { key: null, apiKey: null }),
  }),
  deleteApiKey: t.field({
    type: ResultRef,
    authScopes: SECURITY,
    args: { apiKeyId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => deleteApiKey(ctx, a.apiKeyId),
  }),
  toggleApiKeyPermission: t.field({
    type: ToggleResultRef,
    authScopes: (_r, a) => grantScope(a.permission),
    args: {
      apiKeyId: t.arg.id({ required: true }),
      permission: t.arg({ type: EmployeePermissionEnum, required: true }),
      granted: t.arg.boolean({ required: false }),
    },
    resolve: (_r, a, ctx) =>
      toggleEmployeePermission(ctx, {
        actorType: "API_KEYS",
        actorId: a.apiKeyId,
        permission: a.permission,
        granted: a.granted,
      }),
  }),
}));
