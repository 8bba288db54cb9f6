import type { LeadView } from "../../generated/prisma/client.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { LEAD_SORT_FIELDS } from "../../shared/lead-sort-fields.ts";
import { refusalAsResult } from "../../validation.ts";
import { LeadRef, LeadStatusEnum } from "./lead.types.ts";
import { groupLabel } from "./views.labels.ts";
import { LEAD_GROUP_BY, type LeadFilter, LIMITS } from "./views.rules.ts";
import {
  canChangeView,
  createLeadView,
  deleteLeadView,
  type FilteredLeads,
  filteredLeads,
  type GroupCount,
  leadGroupCounts,
  leadViewOptions,
  leadViews,
  renameLeadView,
  requireLeadView,
  setLeadViewPublic,
  updateLeadView,
  type ViewInput,
} from "./views.service.ts";

// Filtered leads and lead views through GraphQL: whoever holds a lead permission (LEAD_ADMIN,
// LEAD_DATA_ENTRY or LEAD_REPORTING) lists leads, counts them by group and keeps views; the service
// decides who changes which view.

const READ = { anyPermission: ["LEAD_ADMIN", "LEAD_DATA_ENTRY", "LEAD_REPORTING"] as EmployeePermission[] };

const LeadSortFieldEnum = builder.enumType("LeadSortField", { values: LEAD_SORT_FIELDS });
const LeadGroupByEnum = builder.enumType("LeadGroupBy", {
  values: LEAD_GROUP_BY,
  description: "A lead field, or the day, week or month it arrived (in the branch's time zone).",
});

const CustomFieldFilterInput = builder.inputType("LeadCustomFieldFilterInput", {
  fields: (t) => ({
    fieldId: t.id({ required: true }),
    value: t.string({ required: true, description: 'The value as text ("" for any value).' }),
  }),
});

const LeadWhereInput = builder.inputType("LeadWhereInput", {
  description: `Every list given narrows the leads (at most ${LIMITS.ids} ids each); a list left out or empty filters nothing.`,
  fields: (t) => ({
    formIds: t.idList(),
    personIds: t.idList({ description: "The persons the leads are assigned to." }),
    sourceIds: t.idList(),
    statuses: t.field({ type: [LeadStatusEnum] }),
    zoneIds: t.idList(),
    from: t.field({ type: "DateTime", description: "Entered at or after." }),
    to: t.field({ type: "DateTime", description: "Entered before." }),
    lastDays: t.int({ description: "Entered in the last N days (when from is not given)." }),
    search: t.string({ description: "Name, email, phone, address, city or lead number." }),
    customFields: t.field({ type: [CustomFieldFilterInput] }),
  }),
});

const LeadOrderInput = builder.inputType("LeadOrderInput", {
  fields: (t) => ({
    field: t.field({ type: LeadSortFieldEnum, required: true }),
    ascending: t.boolean({ defaultValue: false }),
  }),
});

const FilteredLeadsRef = builder.objectRef<FilteredLeads>("FilteredLeads").implement({
  fields: (t) => ({
    leads: t.field({ type: [LeadRef], resolve: (r) => r.leads() }),
    total: t.int({
      description: `How many leads match, counted up to ${LIMITS.totalCap.toLocaleString("en-US")} (see totalIsCapped).`,
      resolve: async (r) => (await r.count()).total,
    }),
    totalIsCapped: t.boolean({
      description: `More than ${LIMITS.totalCap.toLocaleString("en-US")} leads match: say "10,000+".`,
      resolve: async (r) => (await r.count()).capped,
    }),
  }),
});

const GroupCountRef = builder.objectRef<GroupCount>("LeadGroupCount").implement({
  fields: (t) => ({
    key: t.exposeString("key", {
      nullable: true,
      description: "The status, the id, or the period's first day; null for none.",
    }),
    label: t.string({ resolve: (g, _a, ctx) => groupLabel(ctx, g) }),
    count: t.exposeInt("count"),
  }),
});

const CustomFieldFilterRef = builder
  .objectRef<{ fieldId: string; value: string }>("LeadCustomFieldFilter")
  .implement({ fields: (t) => ({ fieldId: t.exposeID("fieldId"), value: t.exposeString("value") }) });

type SavedFilter = LeadFilter & { from?: Date | string; to?: Date | string };
const LeadViewFilterRef = builder.objectRef<SavedFilter>("LeadViewFilter").implement({
  fields: (t) => ({
    formIds: t.stringList({ resolve: (f) => f.formIds ?? [] }),
    personIds: t.stringList({ resolve: (f) => f.personIds ?? [] }),
    sourceIds: t.stringList({ resolve: (f) => f.sourceIds ?? [] }),
    statuses: t.field({ type: [LeadStatusEnum], resolve: (f) => f.statuses ?? [] }),
    zoneIds: t.stringList({ resolve: (f) => f.zoneIds ?? [] }),
    from: t.field({ type: "DateTime", nullable: true, resolve: (f) => f.from ?? null }),
    to: t.field({ type: "DateTime", nullable: true, resolve: (f) => f.to ?? null }),
    lastDays: t.int({ nullable: true, resolve: (f) => f.lastDays ?? null }),
    search: t.string({ resolve: (f) => f.search ?? "" }),
    customFields: t.field({ type: [CustomFieldFilterRef], resolve: (f) => f.customFields ?? [] }),
  }),
});

const personName = async (ctx: Parameters<typeof groupLabel>[0], id: string | null) =>
  id ? groupLabel(ctx, { groupBy: "PERSON", key: id }) : null;

export const LeadViewRef = builder.objectRef<LeadView>("LeadView").implement({
  description: "A saved list of leads: its filter, grouping, columns and sort; public or its creator's own.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    isPublic: t.exposeBoolean("isPublic"),
    creatorPersonId: t.exposeString("creatorPersonId", { nullable: true }),
    creatorName: t.string({ nullable: true, resolve: (v, _a, ctx) => personName(ctx, v.creatorPersonId) }),
    canChange: t.boolean({
      description: "Whether the viewer may change it (its creator, or a lead administrator).",
      resolve: (v, _a, ctx) => canChangeView(ctx, v),
    }),
    filter: t.field({ type: LeadViewFilterRef, resolve: (v) => (v.filter ?? {}) as SavedFilter }),
    groupBy: t.exposeString("groupBy", { description: 'A LeadGroupBy value, or "" for none.' }),
    columns: t.exposeStringList("columns"),
    sortBy: t.exposeString("sortBy"),
    sortAscending: t.exposeBoolean("sortAscending"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    lastModified: t.expose("lastModified", { type: "DateTime" }),
  }),
});

const LeadViewInput = builder.inputType("LeadViewInput", {
  description: "On an update, what is left out is kept; a filter, when given, replaces the saved one.",
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    isPublic: t.boolean(),
    filter: t.field({ type: LeadWhereInput }),
    groupBy: t.string({ description: 'A LeadGroupBy value, or "" for none.' }),
    columns: t.stringList(),
    sortBy: t.field({ type: LeadSortFieldEnum }),
    sortAscending: t.boolean(),
  }),
});

type ViewResult = Result & { leadView: LeadView | null };
const LeadViewResultRef = resultType<ViewResult>("LeadViewResult", (t) => ({
  leadView: t.field({ type: LeadViewRef, nullable: true, resolve: (r) => r.leadView }),
}));

const viewAnswer = (message: (v: LeadView) => string, run: () => Promise<LeadView>) =>
  refusalAsResult<ViewResult>(
    async () => {
      const leadView = await run();
      return { isSuccess: true, message: message(leadView), leadView };
    },
    (message) => ({ isSuccess: false, message, leadView: null }),
  );

const OptionRef = builder
  .objectRef<{ id: string; name: string }>("LeadViewOption")
  .implement({ fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }) });
type Options = Awaited<ReturnType<typeof leadViewOptions>>;
const OptionsRef = builder.objectRef<Options>("LeadViewOptions").implement({
  fields: (t) => ({
    sources: t.field({ type: [OptionRef], resolve: (o) => o.sources }),
    forms: t.field({ type: [OptionRef], resolve: (o) => o.forms }),
    zones: t.field({ type: [OptionRef], resolve: (o) => o.zones }),
    persons: t.field({ type: [OptionRef], resolve: (o) => o.persons }),
    discardReasons: t.field({ type: [OptionRef], resolve: (o) => o.discardReasons }),
  }),
});

builder.queryFields((t) => ({
  leadViewOptions: t.field({
    type: OptionsRef,
    description: "What a lead view's filters and bulk actions offer (at most 500 of each, by name).",
    authScopes: READ,
    resolve: (_r, _a, ctx) => leadViewOptions(ctx),
  }),
  filteredLeads: t.field({
    type: FilteredLeadsRef,
    description: `A page of the leads the viewer may see that match \`where\` (take at most ${LIMITS.take}; newest first unless ordered).`,
    authScopes: READ,
    args: {
      skip: t.arg.int({ defaultValue: 0 }),
      take: t.arg.int({ required: true }),
      order: t.arg({ type: [LeadOrderInput] }),
      where: t.arg({ type: LeadWhereInput }),
    },
    resolve: (_r, a, ctx) => filteredLeads(ctx, a),
  }),
  leadGroupCounts: t.field({
    type: [GroupCountRef],
    description: `How many of the leads matching \`where\` fall in each group (at most ${LIMITS.groups} groups).`,
    authScopes: READ,
    args: { where: t.arg({ type: LeadWhereInput }), groupBy: t.arg({ type: LeadGroupByEnum, required: true }) },
    resolve: (_r, a, ctx) => leadGroupCounts(ctx, a.where, a.groupBy),
  }),
  leadViews: t.field({
    type: [LeadViewRef],
    description: "The public lead views and the viewer's own, by name.",
    authScopes: READ,
    resolve: (_r, _a, ctx) => leadViews(ctx),
  }),
  leadView: t.field({
    type: LeadViewRef,
    authScopes: READ,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => requireLeadView(ctx, a.id),
  }),
}));

builder.mutationFields((t) => ({
  createLeadView: t.field({
    type: LeadViewResultRef,
    authScopes: READ,
    args: { input: t.arg({ type: LeadViewInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      viewAnswer(
        (v) => `Created the lead view "${v.name}".`,
        () => createLeadView(ctx, input as ViewInput),
      ),
  }),
  updateLeadView: t.field({
    type: LeadViewResultRef,
    authScopes: READ,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: LeadViewInput, required: true }) },
    resolve: (_r, { id, input }, ctx) =>
      viewAnswer(
        (v) => `Saved the lead view "${v.name}".`,
        () => updateLeadView(ctx, id, input as ViewInput),
      ),
  }),
  renameLeadView: t.field({
    type: LeadViewResultRef,
    authScopes: READ,
    args: { id: t.arg.id({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      viewAnswer(
        (v) => `Renamed the lead view to "${v.name}".`,
        () => renameLeadView(ctx, a.id, a.name),
      ),
  }),
  setLeadViewPublic: t.field({
    type: LeadViewResultRef,
    authScopes: READ,
    args: { id: t.arg.id({ required: true }), isPublic: t.arg.boolean({ required: true }) },
    resolve: (_r, a, ctx) =>
      viewAnswer(
        (v) => (v.isPublic ? `"${v.name}" is public: the team sees it.` : `"${v.name}" is private: only you see it.`),
        () => setLeadViewPublic(ctx, a.id, a.isPublic),
      ),
  }),
  deleteLeadView: t.field({
    type: LeadViewResultRef,
    authScopes: READ,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      refusalAsResult<ViewResult>(
        async () => {
          const v = await deleteLeadView(ctx, a.id);
          return { isSuccess: true, message: `Deleted the lead view "${v.name}".`, leadView: null };
        },
        (message) => ({ isSuccess: false, message, leadView: null }),
      ),
  }),
}));
