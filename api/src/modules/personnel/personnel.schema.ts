import { builder, orKey } from "../../pothos/builder.ts";
import { EmployeePermissionEnum, SortDirectionEnum } from "../../pothos/enums.ts";
import { activePersonnel, personnel, requirePerson, teamPersonnel } from "./personnel.service.ts";
import {
  ApiKeyRef,
  EffectivePermissionRef,
  PEOPLE,
  PermissionAccessRef,
  PersonnelPageRef,
  PersonnelSortEnum,
  PersonRef,
  SECURITY,
  SecurityGroupRef,
} from "./personnel.types.ts";
import {
  ALL_PERMISSIONS,
  apiKeys,
  effectivePermissions,
  grantsOf,
  requireApiKey,
  securityGroupMembers,
  securityGroups,
  tenantPermissionAccesses,
} from "./security.service.ts";
import "./personnel.mutations.ts";

export { ApiKeyRef, PersonRef, SecurityGroupRef } from "./personnel.types.ts";

// Team personnel, security and API keys: the people list and one person, team and active personnel,
// security groups and members, every grant of the branch, toggling a grant, a person's and one's own
// effective permissions, API keys and their grants. People: PERSONNEL_MANAGEMENT. Groups, grants and
// keys: SECURITY_USERS_AND_POLICIES, and only for what the caller holds (auth/confer.ts). Pickers of colleagues (active and
// team personnel) and one's own permissions: any employee.
// The types and shared scopes: personnel.types.ts; the mutations: personnel.mutations.ts.

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
