import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder } from "../../pothos/builder.ts";
import { LeadRef } from "./lead.types.ts";
import { FUNNEL_ORDER, RESULT_GROUPS, RESULT_METRICS, RESULT_PERIODS } from "./results.rules.ts";
import {
  type AnalyticsRow,
  type AppointmentRow,
  appointmentSetResults,
  type FunnelRow,
  type LeadPage,
  leadAnalytics,
  leadMilestoneStats,
  leadResultLeads,
  leadResults,
  type MilestoneRow,
  type ResultsRow,
  salesFunnel,
} from "./results.service.ts";

// The lead results through GraphQL: lead reporting (or lead admin) reads them, each over the leads the
// viewer may see. Periods are branch days ("2026-11-26"), first and last included.

const REPORTING = { anyPermission: ["LEAD_ADMIN", "LEAD_REPORTING"] as EmployeePermission[] };

const GroupEnum = builder.enumType("LeadResultGroup", { values: RESULT_GROUPS });
const PeriodEnum = builder.enumType("LeadResultPeriod", {
  values: RESULT_PERIODS,
  description: "The length of a PERIOD bucket (weeks start on Monday).",
});
const MetricEnum = builder.enumType("LeadResultMetric", { values: RESULT_METRICS });
const FunnelBucketEnum = builder.enumType("LeadFunnelBucket", {
  values: FUNNEL_ORDER,
  description: "A funnel position, or NONE: no project thread with work (in the project chosen).",
});

const bucketFields = {
  key: "The group's id (a period's first day), \"\" for leads without one (and for the total).",
  label: "The group's name.",
  isTotal: "The row of all the period's leads.",
};

const AnalyticsRowRef = builder.objectRef<AnalyticsRow>("LeadAnalyticsRow").implement({
  fields: (t) => ({
    key: t.exposeString("key", { description: bucketFields.key }),
    label: t.exposeString("label", { description: bucketFields.label }),
    isTotal: t.exposeBoolean("isTotal", { description: bucketFields.isTotal }),
    leads: t.exposeInt("leads", { description: "Leads that came in." }),
    unassigned: t.exposeInt("unassigned"),
    assigned: t.exposeInt("assigned"),
    discarded: t.exposeInt("discarded"),
    converted: t.exposeInt("converted", { description: "Linked to a customer." }),
    contacted: t.exposeInt("contacted", { description: "Touched by a person (work, a note or a change)." }),
    conversionRate: t.exposeFloat("conversionRate", { description: "converted / leads (0 to 1)." }),
    medianMinutesToFirstContact: t.exposeFloat("medianMinutesToFirstContact", { nullable: true }),
  }),
});

const ResultsRowRef = builder.objectRef<ResultsRow>("LeadResultsRow").implement({
  fields: (t) => ({
    key: t.exposeString("key", { description: bucketFields.key }),
    label: t.exposeString("label", { description: bucketFields.label }),
    isTotal: t.exposeBoolean("isTotal", { description: bucketFields.isTotal }),
    leads: t.exposeInt("leads"),
    sold: t.exposeInt("sold", { description: "Work at a SUCCESS step." }),
    lost: t.exposeInt("lost", { description: "Work at a FAILURE step and none at a SUCCESS one." }),
    open: t.exposeInt("open", { description: "Neither sold nor lost." }),
    soldRate: t.exposeFloat("soldRate", { description: "sold / leads (0 to 1)." }),
  }),
});

const FunnelRowRef = builder.objectRef<FunnelRow>("LeadFunnelRow").implement({
  fields: (t) => ({
    position: t.field({ type: FunnelBucketEnum, resolve: (r) => r.position }),
    leads: t.exposeInt("leads"),
    share: t.exposeFloat("share", { description: "Of the period's leads (0 to 1)." }),
  }),
});

const AppointmentRowRef = builder.objectRef<AppointmentRow>("AppointmentSetRow").implement({
  fields: (t) => ({
    setterId: t.exposeString("setterId", { description: '"" for appointments without a setter.' }),
    setterName: t.exposeString("setterName"),
    sourceId: t.exposeString("sourceId", { description: '"" for leads without a source.' }),
    sourceName: t.exposeString("sourceName"),
    isTotal: t.exposeBoolean("isTotal"),
    appointments: t.exposeInt("appointments"),
    converted: t.exposeInt("converted"),
    sold: t.exposeInt("sold"),
  }),
});

const MilestoneRowRef = builder.objectRef<MilestoneRow>("LeadMilestoneRow").implement({
  fields: (t) => ({
    milestoneId: t.exposeString("milestoneId"),
    name: t.exposeString("name"),
    leads: t.exposeInt("leads", { description: "Leads with work at one of the milestone's steps." }),
    share: t.exposeFloat("share", { description: "Of the period's leads (0 to 1)." }),
  }),
});

const LeadPageRef = builder.objectRef<LeadPage>("LeadResultLeadPage").implement({
  fields: (t) => ({
    totalCount: t.exposeInt("totalCount"),
    leads: t.field({ type: [LeadRef], resolve: (p) => p.leads }),
  }),
});

const CellInputRef = builder.inputType("LeadResultCellInput", {
  description: "One number of a lead report: its period, its bucket and what it counts.",
  fields: (t) => ({
    from: t.field({ type: "Date", required: true }),
    to: t.field({ type: "Date", required: true }),
    metric: t.field({ type: MetricEnum, required: true }),
    groupBy: t.field({ type: GroupEnum }),
    period: t.field({ type: PeriodEnum }),
    key: t.string({ description: 'The bucket\'s key in groupBy ("" = leads without one).' }),
    funnelPosition: t.field({ type: FunnelBucketEnum }),
    projectId: t.string(),
    milestoneId: t.string(),
    setterId: t.string({ description: 'Only appointments set by this person ("" = without a setter).' }),
    appointmentsOnly: t.boolean(),
  }),
});

const period = (t: Parameters<Parameters<typeof builder.queryFields>[0]>[0]) => ({
  from: t.arg({ type: "Date", required: true, description: "The first branch day." }),
  to: t.arg({ type: "Date", required: true, description: "The last branch day (included)." }),
});

const clean = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

builder.queryFields((t) => ({
  leadAnalytics: t.field({
    type: [AnalyticsRowRef],
    description: "The period's leads per group (then the total): by status, converted, contacted, time to contact.",
    authScopes: REPORTING,
    args: { ...period(t), groupBy: t.arg({ type: GroupEnum, required: true }), period: t.arg({ type: PeriodEnum }) },
    resolve: (_r, a, ctx) => leadAnalytics(ctx, a),
  }),
  leadResults: t.field({
    type: [ResultsRowRef],
    description: "What became of the period's leads per group (then the total): sold, lost, open.",
    authScopes: REPORTING,
    args: { ...period(t), groupBy: t.arg({ type: GroupEnum, required: true }), period: t.arg({ type: PeriodEnum }) },
    resolve: (_r, a, ctx) => leadResults(ctx, a),
  }),
  salesFunnel: t.field({
    type: [FunnelRowRef],
    description: "The period's leads by the funnel position their latest thread reached.",
    authScopes: REPORTING,
    args: { ...period(t), projectId: t.arg.string() },
    resolve: (_r, a, ctx) => salesFunnel(ctx, a),
  }),
  appointmentSetResults: t.field({
    type: [AppointmentRowRef],
    description: "The period's leads with an appointment, per setter and source (then the total).",
    authScopes: REPORTING,
    args: period(t),
    resolve: (_r, a, ctx) => appointmentSetResults(ctx, a),
  }),
  leadMilestoneStats: t.field({
    type: [MilestoneRowRef],
    description: "Every project milestone with how many of the period's leads reached it.",
    authScopes: REPORTING,
    args: period(t),
    resolve: (_r, a, ctx) => leadMilestoneStats(ctx, a),
  }),
  leadResultLeads: t.field({
    type: LeadPageRef,
    description: "The leads behind one number of a lead report, newest first.",
    authScopes: REPORTING,
    args: {
      cell: t.arg({ type: CellInputRef, required: true }),
      skip: t.arg.int(),
      take: t.arg.int({ description: "At most 100 (default 50)." }),
    },
    resolve: (_r, a, ctx) => leadResultLeads(ctx, clean(a.cell), a),
  }),
}));
