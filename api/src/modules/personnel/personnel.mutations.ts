import type { ApiKey, Person, SecurityGroup } from "../../generated/prisma/client.ts";
import { builder, type InputFieldBuilder, type Result, ResultRef, resultType } from "../../pothos/builder.ts";
import { EmployeePermissionEnum, PermissionActorTypeEnum } from "../../pothos/enums.ts";
import type { Context } from "../../runtime.ts";
import { UploadInput } from "../media/media.schema.ts";
import {
  createEmployee,
  requirePerson,
  sendEmployeeInvite,
  setPersonInactive,
  setPersonPhoto,
  updatePerson,
} from "./personnel.service.ts";
import { ApiKeyRef, asResult, grantScope, PEOPLE, PersonRef, SECURITY, SecurityGroupRef } from "./personnel.types.ts";
import {
  addSecurityGroupMember,
  createApiKey,
  createSecurityGroup,
  deleteApiKey,
  deleteSecurityGroup,
  removeSecurityGroupMember,
  renameSecurityGroup,
  toggleEmployeePermission,
} from "./security.service.ts";

// The personnel, security group, grant and API key mutations (scopes as in personnel.schema.ts).

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

/** A person's own details, as the edit form and the create form both send them. */
const personDetailFields = (t: InputFieldBuilder) => ({
  firstName: t.string({ required: true }),
  lastName: t.string({ required: true }),
  email: t.string(),
  jobTitle: t.string(),
  phone: t.string(),
  etaReminders: t.boolean(),
});

const PersonDetailsFields = builder.inputType("PersonDetailsInput", { fields: personDetailFields });

const CreateEmployeeInput = builder.inputType("CreateEmployeeInput", {
  fields: (t) => ({
    ...personDetailFields(t),
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
