import { leadZoneRestriction } from "../../auth/lead-access.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { refusalAsResult } from "../../validation.ts";
import { LeadRef, LeadStatusEnum } from "./lead.types.ts";
import {
  leadPipeline,
  moveLeadToStep,
  type Pipeline,
  type PipelineCard,
  type PipelineColumn,
} from "./pipeline.service.ts";

// The lead pipeline through GraphQL: any lead permission reads it (through the viewer's zones);
// moving a lead takes LEAD_ADMIN or LEAD_DATA_ENTRY and reaching that lead (the leadAccess scope).

const READ: EmployeePermission[] = ["LEAD_ADMIN", "LEAD_DATA_ENTRY", "LEAD_REPORTING"];
const WORK: EmployeePermission[] = ["LEAD_ADMIN", "LEAD_DATA_ENTRY"];

const CardRef = builder.objectRef<PipelineCard>("LeadPipelineCard").implement({
  fields: (t) => ({
    lead: t.field({ type: LeadRef, resolve: (c) => c.lead }),
    threadId: t.exposeID("threadId"),
    since: t.expose("since", { type: "DateTime", description: "When the lead reached this step." }),
  }),
});
const ColumnRef = builder.objectRef<PipelineColumn>("LeadPipelineColumn").implement({
  fields: (t) => ({
    stepId: t.exposeID("stepId"),
    description: t.exposeString("description"),
    sortLevel: t.exposeInt("sortLevel"),
    inactive: t.exposeBoolean("inactive", { description: "An inactive step shows while leads are still at it." }),
    count: t.exposeInt("count", { description: "Every lead at the step (the cards are the newest of them)." }),
    cards: t.field({ type: [CardRef], resolve: (c) => c.cards }),
  }),
});
const PipelineRef = builder.objectRef<Pipeline>("LeadPipeline").implement({
  fields: (t) => ({
    projectId: t.exposeID("projectId"),
    projectDescription: t.exposeString("projectDescription"),
    total: t.exposeInt("total"),
    columns: t.field({ type: [ColumnRef], resolve: (p) => p.columns }),
  }),
});

const FilterRef = builder.inputType("LeadPipelineFilter", {
  description: "Like a lead view's filters; a list left out filters nothing.",
  fields: (t) => ({
    sourceIds: t.idList(),
    personIds: t.idList({ description: "The people the leads are assigned to." }),
    statuses: t.field({ type: [LeadStatusEnum] }),
    zoneIds: t.idList(),
    from: t.field({ type: "DateTime", description: "Entered at or after." }),
    to: t.field({ type: "DateTime", description: "Entered before." }),
    search: t.string({ description: "Part of the name, email or phone." }),
  }),
});

type Named = { id: string; name: string };
type Options = { projects: (Named & { marketing: boolean })[]; sources: Named[]; persons: Named[]; zones: Named[] };
const NamedRef = builder.objectRef<Named>("LeadPipelineOption").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});
const ProjectOptionRef = builder.objectRef<Named & { marketing: boolean }>("LeadPipelineProject").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name"), marketing: t.exposeBoolean("marketing") }),
});
const OptionsRef = builder.objectRef<Options>("LeadPipelineOptions").implement({
  fields: (t) => ({
    projects: t.field({
      type: [ProjectOptionRef],
      description: "Marketing projects first.",
      resolve: (o) => o.projects,
    }),
    sources: t.field({ type: [NamedRef], resolve: (o) => o.sources }),
    persons: t.field({ type: [NamedRef], resolve: (o) => o.persons }),
    zones: t.field({ type: [NamedRef], description: "The lead map's zones the viewer sees.", resolve: (o) => o.zones }),
  }),
});

async function pipelineOptions(ctx: Context): Promise<Options> {
  const [projects, sources, persons, config, held] = await Promise.all([
    ctx.db.project.findMany({
      where: { inactive: false },
      orderBy: [{ marketing: "desc" }, { description: "asc" }],
      select: { id: true, description: true, marketing: true },
      take: 500,
    }),
    ctx.db.leadSource.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true }, take: 1000 }),
    ctx.db.person.findMany({
      where: { inactive: false },
      orderBy: [{ firstName: "asc" }, { lastName: "asc" }],
      select: { id: true, firstName: true, lastName: true },
      take: 2000,
    }),
    ctx.db.leadConfiguration.findUnique({ where: { branchId: ctx.branch.id } }),
    leadZoneRestriction(ctx),
  ]);
  const mapId = config?.leadSegregationMapId;
  const zones = mapId
    ? await ctx.db.territoryZone.findMany({
        where: { mapId, ...(held ? { id: { in: held } } : {}) },
        orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
        select: { id: true, name: true },
      })
    : [];
  return {
    projects: projects.map((p) => ({ id: p.id, name: p.description, marketing: p.marketing })),
    sources,
    persons: persons.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim() })),
    zones,
  };
}

type MoveResult = Result & { threadId: string | null };
const MoveResultRef = resultType<MoveResult>("MoveLeadToStepResult", (t) => ({
  threadId: t.exposeID("threadId", { nullable: true, description: "The lead's thread of the project." }),
}));

builder.queryFields((t) => ({
  leadPipeline: t.field({
    type: PipelineRef,
    description: "A project's steps with the leads at each (the newest takePerStep of them, and their count).",
    authScopes: { anyPermission: READ },
    args: {
      projectId: t.arg.id({ required: true }),
      where: t.arg({ type: FilterRef, required: false }),
      takePerStep: t.arg.int({ required: false, description: "1 to 100; 50 when left out." }),
    },
    resolve: (_r, a, ctx) =>
      leadPipeline(ctx, {
        projectId: a.projectId,
        where: a.where as Record<string, unknown>,
        takePerStep: a.takePerStep,
      }),
  }),
  leadPipelineOptions: t.field({
    type: OptionsRef,
    description: "What the pipeline's project picker and filters offer.",
    authScopes: { anyPermission: READ },
    resolve: (_r, _a, ctx) => pipelineOptions(ctx),
  }),
}));

builder.mutationFields((t) => ({
  moveLeadToStep: t.field({
    type: MoveResultRef,
    description: "Moves a lead to a step of a project: an activity at that step (its thread started if need be).",
    authScopes: (_r, a) => ({ leadAccess: { ids: a.leadId, anyPermission: WORK } }),
    args: { leadId: t.arg.id({ required: true }), stepId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      refusalAsResult<MoveResult>(
        () => moveLeadToStep(ctx, a.leadId, a.stepId),
        (message) => ({ isSuccess: false, message, threadId: null }),
      ),
  }),
}));
