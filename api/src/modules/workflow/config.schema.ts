import type { ProjectMilestone, ProjectType, WorkflowPriority } from "../../generated/prisma/client.ts";
import { builder, type Result, ResultRef, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import {
  createPriority,
  createProject,
  createProjectMilestone,
  createProjectStep,
  createProjectType,
  deleteProjectStep,
  type ProjectRow,
  patchProject,
  patchProjectStep,
  priorities,
  projectMilestones,
  projectSteps,
  projects,
  projectTypes,
  requireProject,
  type StepRow,
  updatePriority,
  updateProjectMilestone,
} from "./config.service.ts";
import {
  FunnelPositionEnum,
  MilestoneRef,
  PriorityRef,
  ProjectRef,
  ProjectTypeRef,
  StepRef,
} from "./workflow.types.ts";

// Workflow configuration: projects, their steps, milestones, priorities and project types. Any
// employee reads it (to pick a project or a step); changing it takes WORKFLOW_CONFIGURATION.

const ANY_EMPLOYEE = { employee: true } as const;
const CONFIGURE = { permission: "WORKFLOW_CONFIGURATION" } as const;

const asResult = <T extends Result>(run: () => Promise<T>, empty: Omit<T, keyof Result>) =>
  refusalAsResult<T>(run, (message) => ({ isSuccess: false, message, ...empty }) as T);

builder.queryFields((t) => ({
  projects: t.field({
    type: [ProjectRef],
    description: "The branch's projects with their steps (active ones unless includeInactive).",
    authScopes: ANY_EMPLOYEE,
    args: { includeInactive: t.arg.boolean({ required: false }) },
    resolve: (_r, a, ctx) => projects(ctx, !!a.includeInactive),
  }),
  project: t.field({
    type: ProjectRef,
    authScopes: ANY_EMPLOYEE,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => requireProject(ctx, a.id),
  }),
  projectSteps: t.field({
    type: [StepRef],
    description: "A project's steps in sort level order (inactive ones included).",
    authScopes: ANY_EMPLOYEE,
    args: { projectId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await requireProject(ctx, a.projectId);
      return projectSteps(ctx, a.projectId);
    },
  }),
  allSteps: t.field({
    type: [StepRef],
    description: "Every project's steps, by project and sort level.",
    authScopes: ANY_EMPLOYEE,
    resolve: (_r, _a, ctx) => projectSteps(ctx),
  }),
  projectMilestones: t.field({
    type: [MilestoneRef],
    authScopes: ANY_EMPLOYEE,
    resolve: (_r, _a, ctx) => projectMilestones(ctx),
  }),
  priorities: t.field({
    type: [PriorityRef],
    authScopes: ANY_EMPLOYEE,
    args: { includeInactive: t.arg.boolean({ required: false }) },
    resolve: (_r, a, ctx) => priorities(ctx, !!a.includeInactive),
  }),
  projectTypes: t.field({
    type: [ProjectTypeRef],
    authScopes: ANY_EMPLOYEE,
    resolve: (_r, _a, ctx) => projectTypes(ctx),
  }),
}));

const ProjectInput = builder.inputType("ProjectInput", {
  description: "A project's fields; on a patch, a field left out is kept and an empty id clears it.",
  fields: (t) => ({
    description: t.string(),
    typeId: t.id(),
    allowOrphans: t.boolean(),
    defaultPersonId: t.id(),
    defaultPriorityId: t.id(),
    marketing: t.boolean(),
    inactive: t.boolean(),
  }),
});

const StepInput = builder.inputType("ProjectStepInput", {
  description: "A step's fields; on a patch, a field left out is kept and an empty id clears it.",
  fields: (t) => ({
    description: t.string(),
    sortLevel: t.int(),
    defaultPersonId: t.id(),
    defaultZoneRoleId: t.id(),
    defaultPriorityId: t.id(),
    noAutoResolve: t.boolean(),
    defaultLengthMinutes: t.int(),
    funnelPosition: t.field({ type: FunnelPositionEnum }),
    handledExternally: t.boolean(),
    milestoneId: t.id(),
    comments: t.string(),
    inactive: t.boolean(),
  }),
});

const MilestoneInput = builder.inputType("ProjectMilestoneInput", {
  fields: (t) => ({ name: t.string(), sortOrder: t.int(), type: t.string() }),
});

const PriorityInput = builder.inputType("WorkflowPriorityInput", {
  fields: (t) => ({ name: t.string(), sortOrder: t.int(), inactive: t.boolean() }),
});

type ProjectResult = Result & { project: ProjectRow | null };
const ProjectResultRef = resultType<ProjectResult>("ProjectResult", (t) => ({
  project: t.field({ type: ProjectRef, nullable: true, resolve: (r) => r.project }),
}));
type StepResult = Result & { step: StepRow | null };
const StepResultRef = resultType<StepResult>("ProjectStepResult", (t) => ({
  step: t.field({ type: StepRef, nullable: true, resolve: (r) => r.step }),
}));
type MilestoneResult = Result & { milestone: ProjectMilestone | null };
const MilestoneResultRef = resultType<MilestoneResult>("ProjectMilestoneResult", (t) => ({
  milestone: t.field({ type: MilestoneRef, nullable: true, resolve: (r) => r.milestone }),
}));
type PriorityResult = Result & { priority: WorkflowPriority | null };
const PriorityResultRef = resultType<PriorityResult>("WorkflowPriorityResult", (t) => ({
  priority: t.field({ type: PriorityRef, nullable: true, resolve: (r) => r.priority }),
}));
type TypeResult = Result & { projectType: ProjectType | null };
const TypeResultRef = resultType<TypeResult>("ProjectTypeResult", (t) => ({
  projectType: t.field({ type: ProjectTypeRef, nullable: true, resolve: (r) => r.projectType }),
}));

const saved = (what: string, name: string) => `Saved the ${what} "${name}".`;

builder.mutationFields((t) => ({
  createProject: t.field({
    type: ProjectResultRef,
    authScopes: CONFIGURE,
    args: { input: t.arg({ type: ProjectInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      asResult<ProjectResult>(
        async () => {
          const project = await createProject(ctx, { ...input, description: input.description ?? "" });
          return { isSuccess: true, message: saved("project", project.description), project };
        },
        { project: null },
      ),
  }),
  patchProject: t.field({
    type: ProjectResultRef,
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProjectInput, required: true }) },
    resolve: (_r, { id, input }, ctx) =>
      asResult<ProjectResult>(
        async () => {
          const project = await patchProject(ctx, id, input);
          return { isSuccess: true, message: saved("project", project.description), project };
        },
        { project: null },
      ),
  }),
  createProjectStep: t.field({
    type: StepResultRef,
    authScopes: CONFIGURE,
    args: { projectId: t.arg.id({ required: true }), input: t.arg({ type: StepInput, required: true }) },
    resolve: (_r, { projectId, input }, ctx) =>
      asResult<StepResult>(
        async () => {
          const step = await createProjectStep(ctx, { ...input, projectId, description: input.description ?? "" });
          return { isSuccess: true, message: saved("step", step.description), step };
        },
        { step: null },
      ),
  }),
  patchProjectStep: t.field({
    type: StepResultRef,
    description: "Changes a step; reorder steps with sortLevel.",
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: StepInput, required: true }) },
    resolve: (_r, { id, input }, ctx) =>
      asResult<StepResult>(
        async () => {
          const step = await patchProjectStep(ctx, id, input);
          return { isSuccess: true, message: saved("step", step.description), step };
        },
        { step: null },
      ),
  }),
  deleteProjectStep: t.field({
    type: ResultRef,
    description: "Deletes a step without activities (one with activities is refused: set it inactive).",
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => asResult<Result>(() => deleteProjectStep(ctx, id), {}),
  }),
  createProjectMilestone: t.field({
    type: MilestoneResultRef,
    authScopes: CONFIGURE,
    args: { input: t.arg({ type: MilestoneInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      asResult<MilestoneResult>(
        async () => {
          const milestone = await createProjectMilestone(ctx, { ...input, name: input.name ?? "" });
          return { isSuccess: true, message: saved("milestone", milestone.name), milestone };
        },
        { milestone: null },
      ),
  }),
  updateProjectMilestone: t.field({
    type: MilestoneResultRef,
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: MilestoneInput, required: true }) },
    resolve: (_r, { id, input }, ctx) =>
      asResult<MilestoneResult>(
        async () => {
          const milestone = await updateProjectMilestone(ctx, { ...input, id });
          return { isSuccess: true, message: saved("milestone", milestone.name), milestone };
        },
        { milestone: null },
      ),
  }),
  createPriority: t.field({
    type: PriorityResultRef,
    authScopes: CONFIGURE,
    args: { input: t.arg({ type: PriorityInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      asResult<PriorityResult>(
        async () => {
          const priority = await createPriority(ctx, { ...input, name: input.name ?? "" });
          return { isSuccess: true, message: saved("priority", priority.name), priority };
        },
        { priority: null },
      ),
  }),
  updatePriority: t.field({
    type: PriorityResultRef,
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: PriorityInput, required: true }) },
    resolve: (_r, { id, input }, ctx) =>
      asResult<PriorityResult>(
        async () => {
          const priority = await updatePriority(ctx, { ...input, id });
          return { isSuccess: true, message: saved("priority", priority.name), priority };
        },
        { priority: null },
      ),
  }),
  createProjectType: t.field({
    type: TypeResultRef,
    authScopes: CONFIGURE,
    args: { name: t.arg.string({ required: true }) },
    resolve: (_r, { name }, ctx) =>
      asResult<TypeResult>(
        async () => {
          const projectType = await createProjectType(ctx, name);
          return { isSuccess: true, message: saved("project type", projectType.name), projectType };
        },
        { projectType: null },
      ),
  }),
}));
