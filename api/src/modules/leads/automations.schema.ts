import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import type { RuleInput } from "./automations.rules.ts";
import {
  createLeadAutomation,
  deleteLeadAutomation,
  type LeadAutomationRow,
  leadAutomations,
  previewLeadAutomation,
  reorderLeadAutomations,
  updateLeadAutomation,
} from "./automations.service.ts";
import { LeadAutomationActionEnum, LeadAutomationComparatorEnum, NativeLeadFieldEnum } from "./lead.types.ts";

// Lead rules through GraphQL (team/lead-automations): LEAD_ADMIN lists, creates, edits, deletes,
// orders and previews them.

const ADMIN = { permission: "LEAD_ADMIN" } as const;

export const LeadAutomationRef = builder.objectRef<LeadAutomationRow>("LeadAutomation").implement({
  description: "A lead rule: arriving leads whose field matches are discarded with the reason. Rules run in order.",
  fields: (t) => ({
    id: t.exposeID("id"),
    order: t.exposeInt("order"),
    position: t.exposeInt("position", { description: "Its number in the order the rules run: 1, 2..." }),
    action: t.field({ type: LeadAutomationActionEnum, resolve: (r) => r.action }),
    nativeFieldName: t.field({ type: NativeLeadFieldEnum, nullable: true, resolve: (r) => r.nativeFieldName }),
    customFieldId: t.exposeString("customFieldId", { nullable: true }),
    customFieldName: t.exposeString("customFieldName", { nullable: true }),
    comparator: t.field({ type: LeadAutomationComparatorEnum, resolve: (r) => r.comparator }),
    value: t.exposeString("value", { description: 'What EQUALS compares with ("" for HAS_VALUE).' }),
    discardReasonId: t.exposeString("discardReasonId", { nullable: true }),
    discardReasonName: t.exposeString("discardReasonName", { nullable: true }),
    description: t.exposeString("description", { description: 'In words: "Postal code equals 00000".' }),
  }),
});

const LeadAutomationInputRef = builder.inputType("LeadAutomationInput", {
  description: "One field (a lead field or a LEAD custom field), how it is compared, and the discard reason.",
  fields: (t) => ({
    nativeFieldName: t.field({ type: NativeLeadFieldEnum }),
    customFieldId: t.string(),
    comparator: t.field({ type: LeadAutomationComparatorEnum, required: true }),
    value: t.string({ description: "Required for EQUALS: compared trimmed, whatever the case." }),
    discardReasonId: t.string(),
  }),
});

type RuleResult = Result & { leadAutomation: LeadAutomationRow | null };
const RuleResultRef = resultType<RuleResult>("LeadAutomationResult", (t) => ({
  leadAutomation: t.field({ type: LeadAutomationRef, nullable: true, resolve: (r) => r.leadAutomation }),
}));
type ListResult = Result & { leadAutomations: LeadAutomationRow[] | null };
const ListResultRef = resultType<ListResult>("LeadAutomationsResult", (t) => ({
  leadAutomations: t.field({ type: [LeadAutomationRef], nullable: true, resolve: (r) => r.leadAutomations }),
}));
type PreviewResult = Result & { count: number | null };
const PreviewRef = resultType<PreviewResult>("LeadAutomationPreview", (t) => ({
  count: t.exposeInt("count", {
    nullable: true,
    description: "Existing leads (visible, not discarded) it would discard; null when the rule is not complete.",
  }),
}));

const ruleAnswer = (message: (r: LeadAutomationRow) => string, run: () => Promise<LeadAutomationRow>) =>
  refusalAsResult<RuleResult>(
    async () => {
      const r = await run();
      return { isSuccess: true, message: message(r), leadAutomation: r };
    },
    (message) => ({ isSuccess: false, message, leadAutomation: null }),
  );

const leads = (n: number) => (n === 1 ? "1 existing lead" : `${n.toLocaleString("en-US")} existing leads`);

builder.queryFields((t) => ({
  leadAutomations: t.field({
    type: [LeadAutomationRef],
    description: "The branch's lead rules in the order they run.",
    authScopes: ADMIN,
    resolve: (_r, _a, ctx) => leadAutomations(ctx),
  }),
  previewLeadAutomation: t.field({
    type: PreviewRef,
    description: "How many existing leads the rule would discard, before it is saved; nothing changes.",
    authScopes: ADMIN,
    args: { input: t.arg({ type: LeadAutomationInputRef, required: true }) },
    resolve: (_r, { input }, ctx) =>
      refusalAsResult<PreviewResult>(
        async () => {
          const count = await previewLeadAutomation(ctx, input as RuleInput);
          return { isSuccess: true, message: `Would discard ${leads(count)}.`, count };
        },
        (message) => ({ isSuccess: false, message, count: null }),
      ),
  }),
}));

builder.mutationFields((t) => ({
  createLeadAutomation: t.field({
    type: RuleResultRef,
    description: "Adds a rule at the end of the order.",
    authScopes: ADMIN,
    args: { input: t.arg({ type: LeadAutomationInputRef, required: true }) },
    resolve: (_r, { input }, ctx) =>
      ruleAnswer(
        (r) => `Added rule ${r.position}: ${r.description}.`,
        () => createLeadAutomation(ctx, input as RuleInput),
      ),
  }),
  updateLeadAutomation: t.field({
    type: RuleResultRef,
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: LeadAutomationInputRef, required: true }) },
    resolve: (_r, { id, input }, ctx) =>
      ruleAnswer(
        (r) => `Saved rule ${r.position}: ${r.description}.`,
        () => updateLeadAutomation(ctx, id, input as RuleInput),
      ),
  }),
  deleteLeadAutomation: t.field({
    type: RuleResultRef,
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      ruleAnswer(
        (r) => `Deleted rule ${r.position}: ${r.description}.`,
        () => deleteLeadAutomation(ctx, a.id),
      ),
  }),
  reorderLeadAutomations: t.field({
    type: ListResultRef,
    description: "Puts the rules in this order (every rule of the branch, once).",
    authScopes: ADMIN,
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_r, a, ctx) =>
      refusalAsResult<ListResult>(
        async () => ({
          isSuccess: true,
          message: "The rules run in the new order.",
          leadAutomations: await reorderLeadAutomations(ctx, a.ids.map(String)),
        }),
        (message) => ({ isSuccess: false, message, leadAutomations: null }),
      ),
  }),
}));
