import { z } from "zod";
import { AppError, badInput } from "../../errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { FunnelPosition } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { lockStep } from "./locks.ts";
import { optionalId, requireActivePerson } from "./refs.ts";

// Workflow configuration: projects (process types) and their ordered steps, milestones that group
// steps, priorities and project types. Every list is the branch's own (the scoped client adds the
// branch), so another branch's id reads as "not found". Writes check every field and every id they
// name before anything is written.

export const stepInclude = {
  milestone: true,
  project: { select: { id: true, description: true } },
} satisfies Prisma.ProjectStepInclude;
export type StepRow = Prisma.ProjectStepGetPayload<{ include: typeof stepInclude }>;

const stepOrder = [{ sortLevel: "asc" }, { description: "asc" }] satisfies Prisma.ProjectStepOrderByWithRelationInput[];

export const projectInclude = {
  type: true,
  steps: { orderBy: stepOrder, include: stepInclude },
} satisfies Prisma.ProjectInclude;
export type ProjectRow = Prisma.ProjectGetPayload<{ include: typeof projectInclude }>;

const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);
const sortNumber = (label: string) =>
  z
    .number()
    .int(`${label} must be a whole number.`)
    .min(-100_000, `${label} must be between -100000 and 100000.`)
    .max(100_000, `${label} must be between -100000 and 100000.`);

/** Refuses a second row of the list with the same name (whatever its case). */
function conflict(what: string, name: string) {
  return new AppError("CONFLICT", `A ${what} named "${name}" already exists.`);
}

/**
 * A write of a named row. The name was checked just before, but two saves of one name at once both
 * pass that check: the unique index (branch, name) then refuses the second, which answers the same
 * "already exists" as the check rather than failing.
 */
async function named<T>(what: string, name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name && (error as { code?: string }).code === "P2002") throw conflict(what, name);
    throw error;
  }
}

// Field schemas carry no defaults (a patch keeps what it leaves out); creates start from these.
const PRIORITY_DEFAULTS = { sortOrder: 0, inactive: false };
const MILESTONE_DEFAULTS = { sortOrder: 0, type: "" };
const PROJECT_DEFAULTS = { allowOrphans: false, marketing: false, inactive: false };
const STEP_DEFAULTS = {
  sortLevel: 0,
  noAutoResolve: false,
  defaultLengthMinutes: 30,
  funnelPosition: "OTHER",
  handledExternally: false,
  comments: "",
  inactive: false,
};

// ───────────── priorities ─────────────

const priorityInput = z.object({
  name: text("Priority name", 60),
  sortOrder: sortNumber("Sort order"),
  inactive: z.boolean(),
});

export function priorities(ctx: Context, includeInactive = false) {
  return ctx.db.workflowPriority.findMany({
    where: includeInactive ? {} : { inactive: false },
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
  });
}

async function uniquePriority(ctx: Context, name: string, exceptId?: string) {
  const clash = await ctx.db.workflowPriority.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw conflict("priority", clash.name);
}

export async function createPriority(ctx: Context, input: { name: string; sortOrder?: number | null }) {
  const v = parseInput(priorityInput, { ...PRIORITY_DEFAULTS, ...withoutNulls(input) });
  await uniquePriority(ctx, v.name);
  return named("priority", v.name, () => ctx.db.workflowPriority.create({ data: { branchId: ctx.branch.id, ...v } }));
}

export async function requirePriority(ctx: Context, id: string) {
  const row = await ctx.db.workflowPriority.findUnique({ where: { id } });
  if (!row) throw new AppError("NOT_FOUND", "Priority not found.");
  return row;
}

export async function updatePriority(
  ctx: Context,
  input: { id: string; name?: string | null; sortOrder?: number | null; inactive?: boolean | null },
) {
  const current = await requirePriority(ctx, input.id);
  const v = parseInput(priorityInput.partial(), withoutNulls({ ...input, id: undefined }));
  if (v.name) await uniquePriority(ctx, v.name, current.id);
  return named("priority", v.name, () => ctx.db.workflowPriority.update({ where: { id: current.id }, data: v }));
}

// ───────────── project types ─────────────

export const projectTypes = (ctx: Context) => ctx.db.projectType.findMany({ orderBy: { name: "asc" } });

export async function createProjectType(ctx: Context, wanted: string) {
  const name = parseInput(text("Project type name", 60), wanted);
  const clash = await ctx.db.projectType.findFirst({ where: { name: { equals: name, mode: "insensitive" } } });
  if (clash) throw conflict("project type", clash.name);
  return named("project type", name, () => ctx.db.projectType.create({ data: { branchId: ctx.branch.id, name } }));
}

// ───────────── milestones ─────────────

const milestoneInput = z.object({
  name: text("Milestone name", 60),
  sortOrder: sortNumber("Sort order"),
  type: z.string().trim().max(40, "Milestone type must be at most 40 characters."),
});

export const projectMilestones = (ctx: Context) =>
  ctx.db.projectMilestone.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }] });

async function uniqueMilestone(ctx: Context, name: string, exceptId?: string) {
  const clash = await ctx.db.projectMilestone.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw conflict("milestone", clash.name);
}

export async function createProjectMilestone(
  ctx: Context,
  input: { name: string; sortOrder?: number | null; type?: string | null },
) {
  const v = parseInput(milestoneInput, { ...MILESTONE_DEFAULTS, ...withoutNulls(input) });
  await uniqueMilestone(ctx, v.name);
  return named("milestone", v.name, () => ctx.db.projectMilestone.create({ data: { branchId: ctx.branch.id, ...v } }));
}

export async function updateProjectMilestone(
  ctx: Context,
  input: { id: string; name?: string | null; sortOrder?: number | null; type?: string | null },
) {
  const current = await ctx.db.projectMilestone.findUnique({ where: { id: input.id } });
  if (!current) throw new AppError("NOT_FOUND", "Milestone not found.");
  const v = parseInput(milestoneInput.partial(), withoutNulls({ ...input, id: undefined }));
  if (v.name) await uniqueMilestone(ctx, v.name, current.id);
  return named("milestone", v.name, () => ctx.db.projectMilestone.update({ where: { id: current.id }, data: v }));
}

// ───────────── projects ─────────────

export type ProjectInput = {
  description?: string | null;
  typeId?: string | null;
  allowOrphans?: boolean | null;
  defaultPersonId?: string | null;
  defaultPriorityId?: string | null;
  marketing?: boolean | null;
  inactive?: boolean | null;
};

const projectFields = z.object({
  description: text("Project description", 100),
  typeId: optionalId,
  allowOrphans: z.boolean(),
  defaultPersonId: optionalId,
  defaultPriorityId: optionalId,
  marketing: z.boolean(),
  inactive: z.boolean(),
});

export function projects(ctx: Context, includeInactive = false): Promise<ProjectRow[]> {
  return ctx.db.project.findMany({
    where: includeInactive ? {} : { inactive: false },
    include: projectInclude,
    orderBy: { description: "asc" },
  });
}

export async function requireProject(ctx: Context, id: string): Promise<ProjectRow> {
  const row = await ctx.db.project.findUnique({ where: { id }, include: projectInclude });
  if (!row) throw new AppError("NOT_FOUND", "Project not found.");
  return row;
}

/** The ids a project or step names (type, person, priority, milestone, zone role) are this branch's. */
async function checkRefs(
  ctx: Context,
  v: { typeId?: string | null; defaultPersonId?: string | null; defaultPriorityId?: string | null } & {
    milestoneId?: string | null;
    defaultZoneRoleId?: string | null;
  },
) {
  if (v.typeId && !(await ctx.db.projectType.findUnique({ where: { id: v.typeId } })))
    throw badInput("Project type not found.");
  if (v.defaultPersonId) await requireActivePerson(ctx, v.defaultPersonId, "The default person");
  if (v.defaultPriorityId && !(await ctx.db.workflowPriority.findUnique({ where: { id: v.defaultPriorityId } })))
    throw badInput("Priority not found.");
  if (v.milestoneId && !(await ctx.db.projectMilestone.findUnique({ where: { id: v.milestoneId } })))
    throw badInput("Milestone not found.");
  if (v.defaultZoneRoleId && !(await ctx.db.personTerritoryRole.findUnique({ where: { id: v.defaultZoneRoleId } })))
    throw badInput("Territory role not found.");
}

async function uniqueProject(ctx: Context, description: string, exceptId?: string) {
  const clash = await ctx.db.project.findFirst({
    where: {
      description: { equals: description, mode: "insensitive" },
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
  });
  if (clash) throw conflict("project", clash.description);
}

export async function createProject(ctx: Context, input: ProjectInput & { description: string }) {
  const v = parseInput(projectFields, { ...PROJECT_DEFAULTS, ...withoutNulls(input) });
  await checkRefs(ctx, v);
  await uniqueProject(ctx, v.description);
  const row = await named("project", v.description, () =>
    ctx.db.project.create({ data: { branchId: ctx.branch.id, ...v } }),
  );
  return requireProject(ctx, row.id);
}

export async function patchProject(ctx: Context, id: string, input: ProjectInput) {
  const current = await requireProject(ctx, id);
  const v = parseInput(projectFields.partial(), withoutNulls(input));
  await checkRefs(ctx, v);
  if (v.description) await uniqueProject(ctx, v.description, current.id);
  await named("project", v.description, () => ctx.db.project.update({ where: { id: current.id }, data: v }));
  return requireProject(ctx, current.id);
}

// ───────────── steps ─────────────

export type StepInput = {
  description?: string | null;
  sortLevel?: number | null;
  defaultPersonId?: string | null;
  defaultZoneRoleId?: string | null;
  defaultPriorityId?: string | null;
  noAutoResolve?: boolean | null;
  defaultLengthMinutes?: number | null;
  funnelPosition?: FunnelPosition | null;
  handledExternally?: boolean | null;
  milestoneId?: string | null;
  comments?: string | null;
  inactive?: boolean | null;
};

export const FUNNEL_POSITIONS = ["TOP", "MIDDLE", "BOTTOM", "SUCCESS", "FAILURE", "OTHER"] as const;

const stepFields = z.object({
  description: text("Step description", 100),
  sortLevel: sortNumber("Sort level"),
  defaultPersonId: optionalId,
  defaultZoneRoleId: optionalId,
  defaultPriorityId: optionalId,
  noAutoResolve: z.boolean(),
  defaultLengthMinutes: z
    .number()
    .int("Default length must be whole minutes.")
    .min(1, "Default length must be between 1 and 1440 minutes.")
    .max(1440, "Default length must be between 1 and 1440 minutes."),
  funnelPosition: z.enum(FUNNEL_POSITIONS),
  handledExternally: z.boolean(),
  milestoneId: optionalId,
  comments: z.string().trim().max(1000, "Comments must be at most 1000 characters."),
  inactive: z.boolean(),
});

export function projectSteps(ctx: Context, projectId?: string | null): Promise<StepRow[]> {
  return ctx.db.projectStep.findMany({
    where: projectId ? { projectId } : {},
    include: stepInclude,
    orderBy: projectId ? stepOrder : [{ project: { description: "asc" } }, ...stepOrder],
  });
}

export async function requireStep(ctx: Context, id: string): Promise<StepRow> {
  const row = await ctx.db.projectStep.findUnique({ where: { id }, include: stepInclude });
  if (!row) throw new AppError("NOT_FOUND", "Project step not found.");
  return row;
}

export async function createProjectStep(ctx: Context, input: StepInput & { projectId: string; description: string }) {
  const project = await requireProject(ctx, input.projectId);
  const v = parseInput(stepFields, { ...STEP_DEFAULTS, ...withoutNulls({ ...input, projectId: undefined }) });
  await checkRefs(ctx, v);
  const row = await ctx.db.projectStep.create({ data: { branchId: ctx.branch.id, projectId: project.id, ...v } });
  return requireStep(ctx, row.id);
}

/** Changes a step (reorder it with sortLevel). */
export async function patchProjectStep(ctx: Context, id: string, input: StepInput) {
  const current = await requireStep(ctx, id);
  const v = parseInput(stepFields.partial(), withoutNulls(input));
  await checkRefs(ctx, v);
  await ctx.db.projectStep.update({ where: { id: current.id }, data: v });
  return requireStep(ctx, current.id);
}

/**
 * Deletes a step that has no activities; one with activities is kept (set it inactive instead). The
 * count and the delete happen under the step's lock (locks.ts), so work added to the step at the
 * same moment either is counted or waits and then finds the step gone.
 */
export async function deleteProjectStep(ctx: Context, id: string) {
  const step = await requireStep(ctx, id);
  await ctx.db.$transaction(async (tx) => {
    if (!(await lockStep(tx, step.id, "delete"))) throw new AppError("NOT_FOUND", "Project step not found.");
    const used = await tx.activity.count({ where: { stepId: step.id } });
    if (used)
      throw badInput(
        `The step "${step.description}" has ${used} ${used === 1 ? "activity" : "activities"}: set it inactive instead of deleting it.`,
      );
    await tx.projectStep.delete({ where: { id: step.id } });
  });
  return { isSuccess: true, message: `Deleted the step "${step.description}".` };
}
