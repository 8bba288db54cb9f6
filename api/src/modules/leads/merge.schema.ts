import type { Lead, LeadMerge } from "../../generated/prisma/client.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { DUPLICATE_LIMITS, MERGE_FIELD_NAMES } from "./duplicates.rules.ts";
import { LeadRef } from "./lead.types.ts";
import type { MergeBefore } from "./merge.images.ts";
import { leadMerges, leadsOfMerge, mergeLeads, unmergeLeads, unmergeRefusal, unmergeUntil } from "./merge.service.ts";

// Merging duplicate leads through GraphQL: a lead admin merges a group into a survivor chosen field by
// field and may unmerge it for 30 days; whoever enters or administers leads reads the merge history.
// Both name leads, so a person held to zones merges only leads of their zones (the leadAccess scope).

const ADMIN: EmployeePermission[] = ["LEAD_ADMIN"];
const READ = { anyPermission: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"] as EmployeePermission[] };

const MergeFieldEnum = builder.enumType("LeadMergeField", {
  values: MERGE_FIELD_NAMES,
  description:
    "A field a merge takes from one lead: email, phone and phone2 bring their keys, address the whole place (city to zone and geocode), assignment the person with the status and discard reason.",
});

const MergeFieldChoice = builder.inputType("LeadMergeFieldChoice", {
  fields: (t) => ({
    field: t.field({ type: MergeFieldEnum, required: true }),
    fromLeadId: t.id({ required: true, description: "The lead (survivor or merged) whose value the survivor keeps." }),
  }),
});

const MergeInputRef = builder.inputType("MergeLeadsInput", {
  fields: (t) => ({
    survivorId: t.id({ required: true }),
    leadIds: t.idList({ required: true, description: "The leads merged into the survivor (at most 99)." }),
    fields: t.field({ type: [MergeFieldChoice], required: true, description: "Fields not named keep the survivor's." }),
    matchedKey: t.string({ description: 'PHONE, EMAIL or ADDRESS: the key the group was found by ("" by hand).' }),
  }),
});

type MergedLead = { id: string; number: number; name: string };

const MergedLeadRef = builder.objectRef<MergedLead>("LeadMergeMember").implement({
  fields: (t) => ({ id: t.exposeID("id"), number: t.exposeInt("number"), name: t.exposeString("name") }),
});

const personName = async (ctx: Parameters<typeof leadMerges>[0], id: string | null) => {
  if (!id) return null;
  const p = await ctx.db.person.findUnique({ where: { id }, select: { firstName: true, lastName: true } });
  return p ? `${p.firstName} ${p.lastName}`.trim() : null;
};
const leadName = (l: Pick<Lead, "firstName" | "lastName" | "email" | "phone" | "number">) =>
  `${l.firstName} ${l.lastName}`.trim() || l.email || l.phone || `Lead #${l.number}`;

export const LeadMergeRef = builder.objectRef<LeadMerge>("LeadMerge").implement({
  description: "A merge of duplicate leads into a survivor: who, when, by which key, and whether it was undone.",
  fields: (t) => ({
    id: t.exposeID("id"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    personName: t.string({ nullable: true, resolve: (m, _a, ctx) => personName(ctx, m.personId) }),
    matchedKey: t.exposeString("matchedKey", {
      description: 'PHONE, EMAIL, ADDRESS, or "" for a group chosen by hand.',
    }),
    survivorId: t.exposeString("survivorId"),
    survivor: t.field({
      type: LeadRef,
      nullable: true,
      resolve: (m, _a, ctx) => ctx.db.lead.findUnique({ where: { id: m.survivorId } }),
    }),
    mergedLeads: t.field({
      type: [MergedLeadRef],
      description: "The merged leads as they were before the merge.",
      resolve: (m) =>
        (m.before as unknown as MergeBefore).merged.map((l) => ({ id: l.id, number: l.number, name: leadName(l) })),
    }),
    fields: t.stringList({
      description: 'The fields taken from a merged lead ("email from #12").',
      resolve: (m) => {
        const before = m.before as unknown as MergeBefore;
        return before.fields
          .filter((f) => f.fromLeadId !== m.survivorId)
          .map((f) => `${f.field} from #${before.merged.find((l) => l.id === f.fromLeadId)?.number ?? "?"}`);
      },
    }),
    undoneAt: t.expose("undoneAt", { type: "DateTime", nullable: true }),
    undonePersonName: t.string({ nullable: true, resolve: (m, _a, ctx) => personName(ctx, m.undonePersonId) }),
    unmergeUntil: t.field({ type: "DateTime", resolve: (m) => unmergeUntil(m) }),
    unmergeRefusal: t.string({
      nullable: true,
      description: "Why it cannot be unmerged now; null when it can.",
      resolve: (m, _a, ctx) => unmergeRefusal(ctx, m),
    }),
  }),
});

const MergePageRef = builder.objectRef<{ totalCount: number; items: LeadMerge[] }>("LeadMergePage").implement({
  fields: (t) => ({
    totalCount: t.exposeInt("totalCount"),
    items: t.field({ type: [LeadMergeRef], resolve: (p) => p.items }),
  }),
});

type MergeResult = Result & { merge: LeadMerge | null; survivor: Lead | null };
const MergeResultRef = resultType<MergeResult>("LeadMergeResult", (t) => ({
  merge: t.field({ type: LeadMergeRef, nullable: true, resolve: (r) => r.merge }),
  survivor: t.field({ type: LeadRef, nullable: true, resolve: (r) => r.survivor }),
}));
const refused = (message: string): MergeResult => ({ isSuccess: false, message, merge: null, survivor: null });
/** Ids for the scope: none past the cap (the service refuses such a list before any work). */
const capped = (ids: string[]) => (ids.length > DUPLICATE_LIMITS.mergeLeads ? [] : ids);

builder.queryFields((t) => ({
  leadMerges: t.field({
    type: MergePageRef,
    description: "The merges of duplicate leads, newest first: the audit trail, with unmerge for 30 days.",
    authScopes: READ,
    args: { skip: t.arg.int(), take: t.arg.int() },
    resolve: (_r, a, ctx) => leadMerges(ctx, a.skip, a.take),
  }),
}));

builder.mutationFields((t) => ({
  mergeLeads: t.field({
    type: MergeResultRef,
    description:
      "Merges leads into a survivor, field by field; the merged leads are hidden and their notes, threads and field values move to the survivor.",
    args: { input: t.arg({ type: MergeInputRef, required: true }) },
    authScopes: (_p, a) => ({
      leadAccess: { ids: capped([a.input.survivorId, ...a.input.leadIds]), anyPermission: ADMIN },
    }),
    resolve: (_r, { input }, ctx) =>
      refusalAsResult<MergeResult>(async () => {
        const { merge, survivor, mergedCount } = await mergeLeads(ctx, {
          ...input,
          matchedKey: input.matchedKey ?? "",
        });
        const message = `Merged ${mergedCount} ${mergedCount === 1 ? "lead" : "leads"} into #${survivor.number}.`;
        return { isSuccess: true, message, merge, survivor };
      }, refused),
  }),
  unmergeLeads: t.field({
    type: MergeResultRef,
    description:
      "Undoes a merge within 30 days: the merged leads, the survivor and what moved are put back as they were.",
    args: { mergeId: t.arg.id({ required: true }) },
    authScopes: async (_p, a, ctx) => ({
      leadAccess: { ids: await leadsOfMerge(ctx, a.mergeId), anyPermission: ADMIN },
    }),
    resolve: (_r, a, ctx) =>
      refusalAsResult<MergeResult>(async () => {
        const { merge, survivor } = await unmergeLeads(ctx, a.mergeId);
        const n = merge.mergedLeadIds.length;
        return {
          isSuccess: true,
          message: `Unmerged ${n} ${n === 1 ? "lead" : "leads"} from #${survivor.number}: they are as they were.`,
          merge,
          survivor,
        };
      }, refused),
  }),
}));
