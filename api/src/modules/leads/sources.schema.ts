import type { LeadSource } from "../../generated/prisma/client.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import {
  addLeadSource,
  createLeadSourceKey,
  type LeadSourceInput,
  leadSources,
  patchLeadSource,
  requireLeadSource,
  revokeLeadSourceKey,
  setLeadSourceInactive,
} from "./sources.service.ts";

// Lead sources through GraphQL: LEAD_ADMIN configures them (and their intake keys); whoever enters or
// administers leads lists them (to pick a lead's source).

const ADMIN = { permission: "LEAD_ADMIN" } as const;
const READ = { anyPermission: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"] as EmployeePermission[] };

export const LeadSourceRef = builder.objectRef<LeadSource>("LeadSource").implement({
  description: "Where leads come from; it may post leads to the intake endpoint with its own key.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    code: t.exposeString("code"),
    inactive: t.exposeBoolean("inactive", { description: "An inactive source's intake key is refused." }),
    retailStoreId: t.exposeString("retailStoreId", { nullable: true }),
    retailStoreType: t.exposeString("retailStoreType", {
      nullable: true,
      description: "The retailer of the linked store: COSTCO, HOME_DEPOT or LOWES.",
    }),
    hasKey: t.boolean({ description: "Whether it has an intake key now.", resolve: (s) => !!s.apiKeyHash }),
    keyPrefix: t.exposeString("apiKeyPrefix", {
      nullable: true,
      description: "The intake key's first characters, to recognise it (the key is shown only when created).",
    }),
    keyCreatedAt: t.expose("apiKeyCreatedAt", { type: "DateTime", nullable: true }),
    keyLastUsed: t.expose("apiKeyLastUsed", {
      type: "DateTime",
      nullable: true,
      description: "When the key last posted (updated at most once a minute).",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const LeadSourceInputRef = builder.inputType("LeadSourceInput", {
  description: "On a patch, what is left out is kept.",
  fields: (t) => ({
    name: t.string(),
    code: t.string({ description: "Letters, digits, dashes and underscores; unique in the branch." }),
    inactive: t.boolean(),
    retailStoreId: t.string({ description: 'The linked retail store\'s id ("" to clear the link).' }),
    retailStoreType: t.string({ description: 'COSTCO, HOME_DEPOT or LOWES ("" to clear the link).' }),
  }),
});

type SourceResult = Result & { leadSource: LeadSource | null };
const LeadSourceResultRef = resultType<SourceResult>("LeadSourceResult", (t) => ({
  leadSource: t.field({ type: LeadSourceRef, nullable: true, resolve: (r) => r.leadSource }),
}));
type KeyResult = SourceResult & { key: string | null };
const LeadSourceKeyResultRef = resultType<KeyResult>("LeadSourceKeyResult", (t) => ({
  key: t.exposeString("key", { nullable: true, description: "The key, shown this once: only its hash is stored." }),
  leadSource: t.field({ type: LeadSourceRef, nullable: true, resolve: (r) => r.leadSource }),
}));

const answer = <T extends SourceResult>(run: () => Promise<T>, none: Omit<T, "isSuccess" | "message">) =>
  refusalAsResult<T>(run, (message) => ({ isSuccess: false, message, ...none }) as T);
const sourceAnswer = (message: (s: LeadSource) => string, run: () => Promise<LeadSource>) =>
  answer<SourceResult>(
    async () => {
      const s = await run();
      return { isSuccess: true, message: message(s), leadSource: s };
    },
    { leadSource: null },
  );

builder.queryFields((t) => ({
  leadSources: t.field({
    type: [LeadSourceRef],
    description: "The branch's lead sources, by name.",
    authScopes: READ,
    resolve: (_r, _a, ctx) => leadSources(ctx),
  }),
  leadSource: t.field({
    type: LeadSourceRef,
    authScopes: READ,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => requireLeadSource(ctx, a.id),
  }),
}));

builder.mutationFields((t) => ({
  addLeadSource: t.field({
    type: LeadSourceResultRef,
    authScopes: ADMIN,
    args: { input: t.arg({ type: LeadSourceInputRef, required: true }) },
    resolve: (_r, { input }, ctx) =>
      sourceAnswer(
        (s) => `Added the lead source "${s.name}".`,
        () => addLeadSource(ctx, input as LeadSourceInput),
      ),
  }),
  patchLeadSource: t.field({
    type: LeadSourceResultRef,
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: LeadSourceInputRef, required: true }) },
    resolve: (_r, { id, input }, ctx) =>
      sourceAnswer(
        (s) => `Saved "${s.name}".`,
        () => patchLeadSource(ctx, id, input as LeadSourceInput),
      ),
  }),
  setLeadSourceInactive: t.field({
    type: LeadSourceResultRef,
    description: "Sets the source inactive (its intake key is refused) or active again.",
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }), inactive: t.arg.boolean({ required: true }) },
    resolve: (_r, a, ctx) =>
      sourceAnswer(
        (s) => (s.inactive ? `"${s.name}" is inactive: its key is refused.` : `"${s.name}" is active.`),
        () => setLeadSourceInactive(ctx, a.id, a.inactive),
      ),
  }),
  createLeadSourceKey: t.field({
    type: LeadSourceKeyResultRef,
    description: "A new intake key for the source, answered this once; an older key stops working.",
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      answer<KeyResult>(
        async () => {
          const had = !!(await requireLeadSource(ctx, a.id)).apiKeyHash;
          const { key, source } = await createLeadSourceKey(ctx, a.id);
          const message = had
            ? `A new key for "${source.name}": the old one no longer works. Copy it now: it is shown only once.`
            : `A key for "${source.name}". Copy it now: it is shown only once.`;
          return { isSuccess: true, message, key, leadSource: source };
        },
        { key: null, leadSource: null },
      ),
  }),
  revokeLeadSourceKey: t.field({
    type: LeadSourceResultRef,
    description: "Removes the source's intake key: posts with it are refused from now on.",
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      sourceAnswer(
        (s) => `The key of "${s.name}" is revoked: its posts are refused.`,
        () => revokeLeadSourceKey(ctx, a.id),
      ),
  }),
}));
