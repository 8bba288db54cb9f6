import type { Activity, Prisma, ProjectThread } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { fullName } from "./refs.ts";

// Activities and threads as screens show them, with the names they need (step, project, customer,
// people, priority) folded in: a list costs the same few SQL statements whatever its length (one per
// relation and one per kind of name, never one per row).

export type ActivityView = Activity & {
  stepDescription: string;
  stepSortLevel: number;
  projectId: string;
  projectDescription: string;
  customerId: string | null;
  customerName: string | null;
  leadId: string | null;
  threadClosedAt: Date | null;
  assignedPersonName: string | null;
  enteredByPersonName: string | null;
  resolvedByPersonName: string | null;
  priorityName: string | null;
};

export type ThreadView = ProjectThread & {
  projectDescription: string;
  customerName: string | null;
  activities: ActivityView[];
};

const activityInclude = {
  step: { select: { description: true, sortLevel: true } },
  thread: {
    select: {
      projectId: true,
      customerId: true,
      leadId: true,
      closedAt: true,
      project: { select: { description: true } },
    },
  },
} satisfies Prisma.ActivityInclude;

/** Names of people and customers by id, and the priorities: one query each, for any number of rows. */
async function names(ctx: Context, personIds: (string | null)[], customerIds: (string | null)[]) {
  const persons = [...new Set(personIds.filter((id): id is string => !!id))];
  const customers = [...new Set(customerIds.filter((id): id is string => !!id))];
  const [people, custs, prios] = await Promise.all([
    persons.length
      ? ctx.db.person.findMany({
          where: { id: { in: persons } },
          select: { id: true, firstName: true, lastName: true },
        })
      : [],
    customers.length
      ? ctx.db.customer.findMany({ where: { id: { in: customers } }, select: { id: true, name: true } })
      : [],
    ctx.db.workflowPriority.findMany({ select: { id: true, name: true } }),
  ]);
  const person = new Map(people.map((p) => [p.id, fullName(p)]));
  const customer = new Map(custs.map((c) => [c.id, c.name]));
  const priority = new Map(prios.map((p) => [p.id, p.name]));
  return {
    person: (id: string | null) => (id ? (person.get(id) ?? null) : null),
    customer: (id: string | null) => (id ? (customer.get(id) ?? null) : null),
    priority: (id: string | null) => (id ? (priority.get(id) ?? null) : null),
  };
}

/** Activities matching `where`, in `orderBy`, with their names (at most `take`). */
export async function loadActivities(
  ctx: Context,
  where: Prisma.ActivityWhereInput,
  orderBy: Prisma.ActivityOrderByWithRelationInput[],
  take = 5000,
): Promise<ActivityView[]> {
  const rows = await ctx.db.activity.findMany({ where, orderBy, take, include: activityInclude });
  const n = await names(
    ctx,
    rows.flatMap((r) => [r.assignedPersonId, r.enteredByPersonId, r.resolvedByPersonId]),
    rows.map((r) => r.thread.customerId),
  );
  return rows.map(({ step, thread, ...a }) => ({
    ...a,
    stepDescription: step.description,
    stepSortLevel: step.sortLevel,
    projectId: thread.projectId,
    projectDescription: thread.project.description,
    customerId: thread.customerId,
    customerName: n.customer(thread.customerId),
    leadId: thread.leadId,
    threadClosedAt: thread.closedAt,
    assignedPersonName: n.person(a.assignedPersonId),
    enteredByPersonName: n.person(a.enteredByPersonId),
    resolvedByPersonName: n.person(a.resolvedByPersonId),
    priorityName: n.priority(a.priorityId),
  }));
}

/** Threads matching `where` (open ones first, newest first), each with its activities in time order. */
export async function loadThreads(ctx: Context, where: Prisma.ProjectThreadWhereInput): Promise<ThreadView[]> {
  const threads = await ctx.db.projectThread.findMany({
    where,
    include: { project: { select: { description: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: 500,
  });
  if (!threads.length) return [];
  const customerIds = [...new Set(threads.map((t) => t.customerId).filter((id): id is string => !!id))];
  const [activities, customers] = await Promise.all([
    loadActivities(ctx, { threadId: { in: threads.map((t) => t.id) }, status: { not: "DELETED" } }, [
      { scheduledTime: "asc" },
      { enteredTime: "asc" },
    ]),
    customerIds.length
      ? ctx.db.customer.findMany({ where: { id: { in: customerIds } }, select: { id: true, name: true } })
      : [],
  ]);
  const customer = new Map(customers.map((c) => [c.id, c.name]));
  const byThread = new Map<string, ActivityView[]>();
  for (const a of activities) {
    const list = byThread.get(a.threadId);
    if (list) list.push(a);
    else byThread.set(a.threadId, [a]);
  }
  const open = threads.filter((t) => !t.closedAt);
  const closed = threads.filter((t) => t.closedAt);
  return [...open, ...closed].map(({ project, ...t }) => ({
    ...t,
    projectDescription: project.description,
    customerName: t.customerId ? (customer.get(t.customerId) ?? null) : null,
    activities: byThread.get(t.id) ?? [],
  }));
}
