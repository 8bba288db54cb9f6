import type { ProjectMilestone, ProjectType, WorkflowPriority } from "../../generated/prisma/client.ts";
import * as E from "../../generated/prisma/enums.ts";
import { builder } from "../../pothos/builder.ts";
import type { ProjectRow, StepRow } from "./config.service.ts";
import { type CustomerWork, type CustomerWorkThread, SUMMARY_GROUPS, type SummaryRow } from "./my-work.service.ts";
import { activityCountOf, allActivities, openCountOf, type ThreadNode } from "./thread-heads.ts";
import type { ActivityView } from "./views.ts";

// The workflow's GraphQL objects. Rows arrive with what they show already loaded (see views.ts and
// the services' includes): no field here reads the database.

export const FunnelPositionEnum = builder.enumType(E.FunnelPosition, {
  name: "FunnelPosition",
  description: "Where a step stands in the sales funnel (reports count threads by it).",
});
export const RecordStatusEnum = builder.enumType(E.RecordStatus, {
  name: "RecordStatus",
  description: "ACTIVE is open work; RESOLVED is done; CANCELLED and DELETED are not shown as work.",
});
export const ActivityStatusChangeEnum = builder.enumType("ActivityStatusChange", {
  values: ["ACTIVE", "RESOLVED", "CANCELLED"] as const,
  description: "What an activity can be set to: reopened, resolved (done) or cancelled.",
});
export const ActivitySummaryGroupEnum = builder.enumType("ActivitySummaryGroup", { values: SUMMARY_GROUPS });

export const PriorityRef = builder.objectRef<WorkflowPriority>("WorkflowPriority").implement({
  description: "How urgent an activity is.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    sortOrder: t.exposeInt("sortOrder"),
    inactive: t.exposeBoolean("inactive"),
  }),
});

export const ProjectTypeRef = builder.objectRef<ProjectType>("ProjectType").implement({
  description: "A kind of project, to group projects.",
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});

export const MilestoneRef = builder.objectRef<ProjectMilestone>("ProjectMilestone").implement({
  description: "A stage that groups steps for reports.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    sortOrder: t.exposeInt("sortOrder"),
    type: t.exposeString("type"),
  }),
});

export const StepRef = builder.objectRef<StepRow>("ProjectStep").implement({
  description: "A step of a project, in sort level order.",
  fields: (t) => ({
    id: t.exposeID("id"),
    projectId: t.exposeID("projectId"),
    projectDescription: t.string({ resolve: (s) => s.project.description }),
    description: t.exposeString("description"),
    sortLevel: t.exposeInt("sortLevel"),
    defaultPersonId: t.exposeID("defaultPersonId", { nullable: true }),
    defaultZoneRoleId: t.exposeID("defaultZoneRoleId", {
      nullable: true,
      description: "The territory role whose holder in the customer's zone gets the work.",
    }),
    defaultPriorityId: t.exposeID("defaultPriorityId", { nullable: true }),
    noAutoResolve: t.exposeBoolean("noAutoResolve", {
      description: "Adding an activity at a later step leaves this step's open activities open.",
    }),
    defaultLengthMinutes: t.exposeInt("defaultLengthMinutes"),
    funnelPosition: t.expose("funnelPosition", { type: FunnelPositionEnum }),
    handledExternally: t.exposeBoolean("handledExternally"),
    milestone: t.field({ type: MilestoneRef, nullable: true, resolve: (s) => s.milestone }),
    comments: t.exposeString("comments"),
    inactive: t.exposeBoolean("inactive"),
  }),
});

export const ProjectRef = builder.objectRef<ProjectRow>("Project").implement({
  description: "A process (a sale, an install, a service call) with ordered steps.",
  fields: (t) => ({
    id: t.exposeID("id"),
    description: t.exposeString("description"),
    type: t.field({ type: ProjectTypeRef, nullable: true, resolve: (p) => p.type }),
    allowOrphans: t.exposeBoolean("allowOrphans", { description: "Threads may have no customer and no lead." }),
    defaultPersonId: t.exposeID("defaultPersonId", { nullable: true }),
    defaultPriorityId: t.exposeID("defaultPriorityId", { nullable: true }),
    marketing: t.exposeBoolean("marketing"),
    inactive: t.exposeBoolean("inactive"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    steps: t.field({ type: [StepRef], resolve: (p) => p.steps }),
  }),
});

export const ActivityRef = builder.objectRef<ActivityView>("Activity").implement({
  description: "Work at a step of a project thread.",
  fields: (t) => ({
    id: t.exposeID("id"),
    threadId: t.exposeID("threadId"),
    stepId: t.exposeID("stepId"),
    stepDescription: t.exposeString("stepDescription"),
    stepSortLevel: t.exposeInt("stepSortLevel"),
    projectId: t.exposeID("projectId"),
    projectDescription: t.exposeString("projectDescription"),
    customerId: t.exposeID("customerId", { nullable: true }),
    customerName: t.exposeString("customerName", { nullable: true }),
    leadId: t.exposeString("leadId", { nullable: true }),
    leadName: t.exposeString("leadName", { nullable: true, description: "The lead's name (or email, or Lead #N)." }),
    threadClosed: t.boolean({ resolve: (a) => !!a.threadClosedAt }),
    subject: t.exposeString("subject"),
    details: t.exposeString("details"),
    scheduledTime: t.expose("scheduledTime", { type: "DateTime" }),
    lengthMinutes: t.exposeInt("lengthMinutes"),
    status: t.expose("status", { type: RecordStatusEnum }),
    priorityId: t.exposeID("priorityId", { nullable: true }),
    priorityName: t.exposeString("priorityName", { nullable: true }),
    assignedPersonId: t.exposeID("assignedPersonId", { nullable: true }),
    assignedPersonName: t.exposeString("assignedPersonName", { nullable: true }),
    enteredByPersonId: t.exposeID("enteredByPersonId", { nullable: true }),
    enteredByPersonName: t.exposeString("enteredByPersonName", { nullable: true }),
    enteredTime: t.expose("enteredTime", { type: "DateTime" }),
    resolvedTime: t.expose("resolvedTime", { type: "DateTime", nullable: true }),
    resolvedByPersonName: t.exposeString("resolvedByPersonName", { nullable: true }),
    contactPersonIds: t.exposeStringList("contactPersonIds"),
  }),
});

export const ThreadRef = builder.objectRef<ThreadNode>("ProjectThread").implement({
  description:
    "One run of a project for a customer or a lead, with its activities in time order (all of them, or " +
    "its timeline a page at a time), and its activities counted per step.",
  fields: (t) => ({
    id: t.exposeID("id"),
    projectId: t.exposeID("projectId"),
    projectDescription: t.exposeString("projectDescription"),
    customerId: t.exposeID("customerId", { nullable: true }),
    customerName: t.exposeString("customerName", { nullable: true }),
    leadId: t.exposeString("leadId", { nullable: true }),
    leadName: t.exposeString("leadName", { nullable: true, description: "The lead's name (or email, or Lead #N)." }),
    closedAt: t.expose("closedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    activities: t.field({
      type: [ActivityRef],
      description:
        "Every activity in time order (read for every thread of the answer at once); a screen asks for " +
        "`timeline` (a page) instead.",
      resolve: (th, _a, ctx) => allActivities(ctx, th),
    }),
    openActivityCount: t.int({ resolve: (th) => openCountOf(th) }),
    activityCount: t.int({
      description: "Its activities (deleted ones not counted).",
      resolve: (th) => activityCountOf(th),
    }),
  }),
});

export const SummaryRowRef = builder.objectRef<SummaryRow>("ActivitySummaryRow").implement({
  description: "Activities of one step, person or status over the period, by status.",
  fields: (t) => ({
    key: t.exposeString("key", { description: "The step's or person's id, or the status; empty: unassigned." }),
    label: t.exposeString("label"),
    active: t.exposeInt("active"),
    resolved: t.exposeInt("resolved"),
    cancelled: t.exposeInt("cancelled"),
    total: t.exposeInt("total"),
  }),
});

export const CustomerWorkThreadRef = builder.objectRef<CustomerWorkThread>("CustomerWorkThread").implement({
  description: "One of a customer's threads at a glance: its project, current step and open work.",
  fields: (t) => ({
    id: t.exposeID("id"),
    projectId: t.exposeID("projectId"),
    projectDescription: t.exposeString("projectDescription"),
    currentStepDescription: t.exposeString("currentStepDescription", {
      nullable: true,
      description: "The furthest step with open work (else with done work); none for a closed thread.",
    }),
    closedAt: t.expose("closedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    openActivityCount: t.exposeInt("openActivityCount"),
    activityCount: t.exposeInt("activityCount", { description: "Its activities (deleted ones not counted)." }),
  }),
});

export const CustomerWorkRef = builder.objectRef<CustomerWork>("CustomerWork").implement({
  description: "A customer's threads and open activities, as staff see them beside one of its records.",
  fields: (t) => ({
    customerId: t.exposeID("customerId"),
    customerName: t.exposeString("customerName"),
    threads: t.field({ type: [CustomerWorkThreadRef], resolve: (w) => w.threads }),
    openActivities: t.field({
      type: [ActivityRef],
      description:
        "Each thread's first 10 open activities (by scheduled time), all in scheduled time order: the first " +
        "ones of the customer, whichever one thread a page leaves out. openActivityCount counts them all.",
      resolve: (w) => w.openActivities,
    }),
    openActivityCount: t.exposeInt("openActivityCount", { description: "All the open activities of its threads." }),
  }),
});
