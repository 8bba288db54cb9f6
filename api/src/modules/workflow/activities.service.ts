import { z } from "zod";
import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { AppError, badInput } from "../../errors.ts";
import { deliver, raise } from "../../events/bus.ts";
import type { Project, ProjectThread } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { defaultAssignee } from "./assignment.ts";
import { lockProject, lockStep, lockThread } from "./locks.ts";
import { requireActivePerson, requireCustomer } from "./refs.ts";
import { readThreadHeads, type ThreadNode } from "./thread-heads.ts";
import { type ActivityView, loadActivities } from "./views.ts";

// Doing the work: starting a project thread for a customer or a lead, adding activities at its steps
// and changing them (resolve, cancel, reopen, reschedule, reassign). The rules:
// - A thread belongs to a customer or a lead; one with neither (an orphan) only when its project
//   allows orphans.
// - A closed thread takes no new activities and reopens none.
// - Adding with `resolvePrevious` resolves the thread's open activities at steps with a lower sort
//   level, except at steps marked "no auto-resolve".
// - Resolving an activity at the project's last active step (the highest sort level) closes the thread.
// - Who gets new work when nobody is named: see assignment.ts.
// - Concurrent calls: see locks.ts (what is checked before a transaction is checked again inside it,
//   under the thread's, project's or step's row lock).

const subject = z.string().trim().min(1, "Subject is required.").max(200, "Subject must be at most 200 characters.");
const details = z.string().trim().max(4000, "Details must be at most 4000 characters.");
const lengthMinutes = z
  .number()
  .int("Length must be whole minutes.")
  .min(1, "Length must be between 1 and 1440 minutes.")
  .max(1440, "Length must be between 1 and 1440 minutes.");
const scheduledTime = z
  .date()
  .refine((d) => !Number.isNaN(d.getTime()), "Scheduled time is not a valid date and time.")
  .refine(
    (d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2099,
    "Scheduled time must be between the years 2000 and 2099.",
  );
const id = z.string().trim().min(1).max(100, "That id is not valid.");

async function requireThread(ctx: Context, threadId: string) {
  const thread = await ctx.db.projectThread.findUnique({ where: { id: threadId }, include: { project: true } });
  if (!thread) throw new AppError("NOT_FOUND", "Project thread not found.");
  return thread;
}

async function requireProjectForThread(ctx: Context, projectId: string) {
  const project = await ctx.db.project.findUnique({ where: { id: projectId } });
  if (!project) throw badInput("Project not found.");
  if (project.inactive) throw badInput(`The project "${project.description}" is inactive.`);
  return project;
}

/** A thread needs a customer or a lead unless its project allows orphans. */
function refuseOrphan(project: Project, customerId?: string | null, leadId?: string | null) {
  if (!customerId && !leadId && !project.allowOrphans)
    throw badInput(`The project "${project.description}" needs a customer or a lead for each of its threads.`);
}

const threadInput = z.object({
  projectId: id,
  customerId: id.optional(),
  leadId: z.string().trim().max(100, "Lead id must be at most 100 characters.").optional(),
});

export async function startProjectThread(
  ctx: Context,
  input: { projectId: string; customerId?: string | null; leadId?: string | null },
): Promise<ThreadNode> {
  const v = parseInput(threadInput, withoutNulls(input));
  const project = await requireProjectForThread(ctx, v.projectId);
  if (v.customerId) await requireCustomer(ctx, v.customerId);
  refuseOrphan(project, v.customerId, v.leadId);
  const thread = await ctx.db.projectThread.create({
    data: {
      branchId: ctx.branch.id,
      projectId: project.id,
      customerId: v.customerId ?? null,
      leadId: v.leadId || null,
    },
  });
  return (await readThreadHeads(ctx, { ids: [thread.id] }))[0]!;
}

/** The project's last active step: the highest sort level (none when every step is inactive). */
async function lastStepId(tx: ScopedTx | Context["db"], projectId: string) {
  const last = await tx.projectStep.findFirst({
    where: { projectId, inactive: false },
    orderBy: [{ sortLevel: "desc" }, { description: "desc" }],
    select: { id: true },
  });
  return last?.id ?? null;
}

/**
 * Closes the thread when an activity at the project's last active step is resolved. Only an open
 * thread is closed (checked and written in one statement): a thread closes once, at its first close.
 */
async function closeWhenDone(tx: ScopedTx, thread: Pick<ProjectThread, "id" | "projectId" | "closedAt">) {
  if (thread.closedAt) return;
  const last = await lastStepId(tx, thread.projectId);
  if (!last) return;
  const done = await tx.activity.count({ where: { threadId: thread.id, stepId: last, status: "RESOLVED" } });
  if (done)
    await tx.projectThread.updateMany({ where: { id: thread.id, closedAt: null }, data: { closedAt: clock.now() } });
}

const closedThread = (project: Pick<Project, "description">) =>
  badInput(`This thread of "${project.description}" is closed: start a new thread to add work to it.`);

/** The customer's (or lead's) open thread of the project, the newest; null when there is none. */
function openThreadOf(tx: ScopedTx | Context["db"], projectId: string, who: { customerId?: string; leadId?: string }) {
  if (!who.customerId && !who.leadId) return null;
  return tx.projectThread.findFirst({
    where: {
      projectId,
      closedAt: null,
      ...(who.customerId ? { customerId: who.customerId } : { leadId: who.leadId }),
    },
    orderBy: { createdAt: "desc" },
  });
}

export type AddActivityInput = {
  threadId?: string | null;
  projectId?: string | null;
  customerId?: string | null;
  leadId?: string | null;
  stepId: string;
  subject: string;
  details?: string | null;
  scheduledTime: Date;
  lengthMinutes?: number | null;
  assignedPersonId?: string | null;
  priorityId?: string | null;
  resolvePrevious?: boolean | null;
};

const addInput = z.object({
  threadId: id.optional(),
  projectId: id.optional(),
  customerId: id.optional(),
  leadId: z.string().trim().max(100, "Lead id must be at most 100 characters.").optional(),
  stepId: id,
  subject,
  details: details.default(""),
  scheduledTime,
  lengthMinutes: lengthMinutes.optional(),
  assignedPersonId: id.optional(),
  priorityId: id.optional(),
  resolvePrevious: z.boolean().default(false),
});

/**
 * The thread an activity goes to: the one named, else the customer's (or lead's) open thread of the
 * project, else a new one (created in the caller's transaction; null here means "create").
 */
async function targetThread(ctx: Context, v: z.infer<typeof addInput>) {
  if (v.threadId) {
    const thread = await requireThread(ctx, v.threadId);
    return { thread, project: thread.project };
  }
  if (!v.projectId) throw badInput("Name the thread, or the project and the customer, for the activity.");
  const project = await requireProjectForThread(ctx, v.projectId);
  if (v.customerId) await requireCustomer(ctx, v.customerId);
  refuseOrphan(project, v.customerId, v.leadId);
  return { thread: await openThreadOf(ctx.db, project.id, v), project };
}

/**
 * `inTransaction` runs inside the transaction that creates the activity (an automation records there
 * that its action is done, so the activity and that record are written together or not at all).
 */
export async function addActivity(
  ctx: Context,
  input: AddActivityInput,
  hooks: { inTransaction?: (tx: ScopedTx, activityId: string) => Promise<void> } = {},
): Promise<ActivityView> {
  const v = parseInput(addInput, withoutNulls(input));
  const { thread, project } = await targetThread(ctx, v);
  if (thread?.closedAt) throw closedThread(project);
  const step = await ctx.db.projectStep.findUnique({ where: { id: v.stepId } });
  if (!step || step.projectId !== project.id) throw badInput(`That step is not a step of "${project.description}".`);
  if (step.inactive) throw badInput(`The step "${step.description}" is inactive.`);
  if (v.priorityId && !(await ctx.db.workflowPriority.findUnique({ where: { id: v.priorityId } })))
    throw badInput("Priority not found.");
  const customerId = thread ? thread.customerId : (v.customerId ?? null);
  const assignedPersonId = v.assignedPersonId
    ? (await requireActivePerson(ctx, v.assignedPersonId, "The assigned person")).id
    : await defaultAssignee(ctx, step, project, customerId);

  const created = await ctx.db.$transaction(async (tx) => {
    // Checked again under the locks (locks.ts): the step not deleted or set inactive meanwhile, the
    // thread not closed meanwhile, and no open thread started meanwhile by a call like this one.
    const locked = await lockStep(tx, step.id, "share");
    if (!locked) throw badInput(`That step is not a step of "${project.description}".`);
    if (locked.inactive) throw badInput(`The step "${locked.description}" is inactive.`);
    let t: ProjectThread | null;
    if (thread) {
      t = await lockThread(tx, thread.id);
      if (!t) throw new AppError("NOT_FOUND", "Project thread not found.");
    } else {
      await lockProject(tx, project.id);
      t =
        (await openThreadOf(tx, project.id, v)) ??
        (await tx.projectThread.create({
          data: { branchId: ctx.branch.id, projectId: project.id, customerId, leadId: v.leadId || null },
        }));
      await lockThread(tx, t.id);
    }
    if (t.closedAt) throw closedThread(project);
    const now = clock.now();
    let resolvedIds: string[] = [];
    if (v.resolvePrevious) {
      const earlier = {
        threadId: t.id,
        status: "ACTIVE" as const,
        step: { sortLevel: { lt: step.sortLevel }, noAutoResolve: false },
      };
      resolvedIds = (await tx.activity.findMany({ where: earlier, select: { id: true } })).map((a) => a.id);
      await tx.activity.updateMany({
        where: { ...earlier, id: { in: resolvedIds } },
        data: { status: "RESOLVED", resolvedTime: now, resolvedByPersonId: ctx.viewer?.personId ?? null },
      });
    }
    const activity = await tx.activity.create({
      data: {
        branchId: ctx.branch.id,
        threadId: t.id,
        stepId: step.id,
        subject: v.subject,
        details: v.details,
        scheduledTime: v.scheduledTime,
        lengthMinutes: v.lengthMinutes ?? step.defaultLengthMinutes,
        priorityId: v.priorityId ?? step.defaultPriorityId ?? project.defaultPriorityId,
        assignedPersonId,
        enteredByPersonId: ctx.viewer?.personId ?? null,
        enteredTime: now,
      },
    });
    if (v.resolvePrevious) await closeWhenDone(tx, t);
    await hooks.inTransaction?.(tx, activity.id);
    // The events commit with the change (events/bus.ts): a crash after the commit cannot lose them.
    for (const entityId of resolvedIds) await raise(tx, ctx, "ACTIVITY_RESOLVED", { tableId: "ACTIVITY", entityId });
    await raise(tx, ctx, "ACTIVITY_CREATED_AS_OPEN", { tableId: "ACTIVITY", entityId: activity.id });
    return { activity, resolvedIds };
  });
  await deliver(ctx);
  return (await loadActivities(ctx, { ids: [created.activity.id] }))[0]!;
}

export type PatchActivityInput = {
  subject?: string | null;
  details?: string | null;
  scheduledTime?: Date | null;
  lengthMinutes?: number | null;
  assignedPersonId?: string | null;
  priorityId?: string | null;
  status?: "ACTIVE" | "RESOLVED" | "CANCELLED" | null;
};

const patchInput = z.object({
  subject: subject.optional(),
  details: details.optional(),
  scheduledTime: scheduledTime.optional(),
  lengthMinutes: lengthMinutes.optional(),
  /** "" unassigns. */
  assignedPersonId: z.string().trim().max(100, "That id is not valid.").optional(),
  priorityId: z.string().trim().max(100, "That id is not valid.").optional(),
  status: z.enum(["ACTIVE", "RESOLVED", "CANCELLED"]).optional(),
});

/** A resolved or cancelled activity may be reopened while its thread is open (an open one stays open). */
export const mayReopen = (a: { status: string; threadClosedAt: Date | null }) =>
  a.status === "ACTIVE" || !a.threadClosedAt;

/** Changes an activity; resolving it at the last step closes its thread. */
export async function patchActivity(ctx: Context, activityId: string, input: PatchActivityInput) {
  const v = parseInput(patchInput, withoutNulls(input));
  const found = await ctx.db.activity.findUnique({ where: { id: activityId }, include: { thread: true } });
  const refuse = (current: typeof found) => {
    if (!current || current.status === "DELETED") throw new AppError("NOT_FOUND", "Activity not found.");
    if (v.status === "ACTIVE" && !mayReopen({ status: current.status, threadClosedAt: current.thread.closedAt }))
      throw badInput("This activity's thread is closed: its activities cannot be reopened.");
    return current;
  };
  refuse(found);
  if (v.assignedPersonId) await requireActivePerson(ctx, v.assignedPersonId, "The assigned person");
  if (v.priorityId && !(await ctx.db.workflowPriority.findUnique({ where: { id: v.priorityId } })))
    throw badInput("Priority not found.");
  await ctx.db.$transaction(async (tx) => {
    // Read again under the thread's lock (locks.ts): a thread closed meanwhile reopens nothing, and an
    // activity resolved meanwhile keeps who resolved it first.
    await lockThread(tx, found!.threadId);
    const current = refuse(await tx.activity.findUnique({ where: { id: activityId }, include: { thread: true } }));
    const statusChange = v.status && v.status !== current.status ? v.status : undefined;
    await tx.activity.update({
      where: { id: current.id },
      data: {
        subject: v.subject,
        details: v.details,
        scheduledTime: v.scheduledTime,
        lengthMinutes: v.lengthMinutes,
        assignedPersonId: v.assignedPersonId === undefined ? undefined : v.assignedPersonId || null,
        priorityId: v.priorityId === undefined ? undefined : v.priorityId || null,
        ...(statusChange === "RESOLVED"
          ? { status: "RESOLVED", resolvedTime: clock.now(), resolvedByPersonId: ctx.viewer?.personId ?? null }
          : statusChange
            ? { status: statusChange, resolvedTime: null, resolvedByPersonId: null }
            : {}),
      },
    });
    if (statusChange === "RESOLVED") {
      await closeWhenDone(tx, current.thread);
      await raise(tx, ctx, "ACTIVITY_RESOLVED", { tableId: "ACTIVITY", entityId: current.id });
    }
  });
  await deliver(ctx);
  return (await loadActivities(ctx, { ids: [found!.id] }))[0]!;
}
