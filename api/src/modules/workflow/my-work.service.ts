import { cacheFor } from "../../db/read-cache.ts";
import { AppError, badInput } from "../../errors.ts";
import type { RecordStatus } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { fullName } from "./refs.ts";
import { activityCountOf, currentStepOf, openCountOf, readThreadHeads, type ThreadNode } from "./thread-heads.ts";
import { askerKey, threadHead } from "./thread-page.ts";
import { type ActivityView, firstActivitiesOfThreads, loadActivities } from "./views.ts";
import { workScreenCache } from "./work-cache.ts";

// Reading the work: one thread's timeline, a customer's threads, a person's assigned activities (my
// work; the screen splits them into overdue, today and upcoming by scheduled time) and counts of
// activities over a period by step, person or status.

const DAY_MS = 86_400_000;
/** The most activities one my-work answer carries (open work first in time order). */
export const MAX_ASSIGNED = 2000;

/** One thread's header with its activities counted per step (kept: thread-page.ts); its activities are read when asked for. */
export const projectThread = (ctx: Context, threadId: string): Promise<ThreadNode> => threadHead(ctx, threadId);

/** A customer's threads (open ones first): their headers and step counts; their activities when asked for. */
export async function customerProjectThreads(ctx: Context, customerId: string): Promise<ThreadNode[]> {
  const customer = await ctx.db.customer.findUnique({ where: { id: customerId }, select: { id: true } });
  if (!customer) throw new AppError("NOT_FOUND", "Customer not found.");
  return readThreadHeads(ctx, { customerId: customer.id });
}

/** The open activities the card holds of each thread (it shows 8, whichever thread the page is about). */
export const CARD_OPEN_PER_THREAD = 10;

/** One of a customer's threads as the customer's work card lists it. */
export type CustomerWorkThread = ThreadNode & {
  currentStepDescription: string | null;
  openActivityCount: number;
  activityCount: number;
};
export type CustomerWork = {
  customerId: string;
  customerName: string;
  threads: CustomerWorkThread[];
  /** Each thread's first CARD_OPEN_PER_THREAD open activities, all in scheduled time order. */
  openActivities: ActivityView[];
  /** All the open activities of its threads. */
  openActivityCount: number;
};

const cardCache = workScreenCache("customer-work");

/**
 * A customer's work as staff see it beside one of its records: its threads (open ones first) with
 * their current step and counts (from SQL counts, not their activities), and each thread's first open
 * activities in scheduled time order: the card shows the first 8 of the threads other than the one the
 * page is about, so holding each thread's first 10 always has them, without reading a long thread's
 * hundreds. Three statements side by side (the customer, the threads with their counts, the open
 * activities); the answer is kept per viewer and customer as the thread page's (thread-page.ts).
 */
export function customerWork(ctx: Context, customerId: string): Promise<CustomerWork> {
  const key = JSON.stringify([askerKey(ctx), customerId]);
  return cacheFor(ctx.runtime, cardCache).get(ctx.branch.id, key, async () => {
    const [customer, threads, open] = await Promise.all([
      ctx.db.customer.findUnique({ where: { id: customerId }, select: { id: true, name: true } }),
      readThreadHeads(ctx, { customerId }),
      firstActivitiesOfThreads(ctx, { customerId }, CARD_OPEN_PER_THREAD, true),
    ]);
    if (!customer) throw new AppError("NOT_FOUND", "Customer not found.");
    const listed = threads.map((t) => ({
      ...t,
      currentStepDescription: currentStepOf(t),
      openActivityCount: openCountOf(t),
      activityCount: activityCountOf(t),
    }));
    return {
      customerId: customer.id,
      customerName: customer.name,
      threads: listed,
      openActivities: open.sort(
        (a, b) => a.scheduledTime.getTime() - b.scheduledTime.getTime() || a.id.localeCompare(b.id),
      ),
      openActivityCount: listed.reduce((n, t) => n + t.openActivityCount, 0),
    };
  });
}

/** A period [from, to): `to` after `from`, at most `maxDays` long. */
export function checkPeriod(from: Date | null | undefined, to: Date | null | undefined, maxDays: number) {
  if (from && to && to.getTime() <= from.getTime()) throw badInput("The end of the period must be after its start.");
  if (from && to && to.getTime() - from.getTime() > maxDays * DAY_MS)
    throw badInput(`A period may be at most ${maxDays} days long.`);
}

/**
 * The open (ACTIVE) activities assigned to a person (default: the signed-in employee), in scheduled
 * time order, optionally within [from, to). Overdue work has no lower bound unless `from` is given.
 */
export async function assignedActivities(
  ctx: Context,
  args: { personId?: string | null; from?: Date | null; to?: Date | null },
): Promise<ActivityView[]> {
  checkPeriod(args.from, args.to, 3660); // sizes first, before any read
  const personId = args.personId || ctx.viewer?.personId;
  if (!personId) throw badInput("Name the person whose work to show.");
  if (!(await ctx.db.person.findUnique({ where: { id: personId }, select: { id: true } })))
    throw new AppError("NOT_FOUND", "Person not found.");
  return loadActivities(ctx, {
    assignedPersonId: personId,
    openOnly: true,
    from: args.from,
    to: args.to,
    order: "schedule",
    take: MAX_ASSIGNED,
  });
}

export const SUMMARY_GROUPS = ["STEP", "PERSON", "STATUS"] as const;
export type SummaryGroup = (typeof SUMMARY_GROUPS)[number];

export type SummaryRow = {
  key: string;
  label: string;
  active: number;
  resolved: number;
  cancelled: number;
  total: number;
};

/** Activities scheduled in [from, to) counted by step, person or status (deleted ones not counted). */
export async function activitySummary(
  ctx: Context,
  args: { from: Date; to: Date; groupBy: SummaryGroup },
): Promise<SummaryRow[]> {
  checkPeriod(args.from, args.to, 366);
  const by = args.groupBy === "STEP" ? "stepId" : args.groupBy === "PERSON" ? "assignedPersonId" : null;
  const groups = await ctx.db.activity.groupBy({
    by: by ? [by, "status"] : ["status"],
    where: { scheduledTime: { gte: args.from, lt: args.to }, status: { not: "DELETED" } },
    _count: { _all: true },
  });
  const rows = new Map<string, SummaryRow>();
  const keyOf = (g: (typeof groups)[number]) => (by ? ((g as Record<string, unknown>)[by] as string | null) : g.status);
  for (const g of groups) {
    const key = keyOf(g) ?? "";
    const row = rows.get(key) ?? { key, label: key, active: 0, resolved: 0, cancelled: 0, total: 0 };
    const n = g._count._all;
    const status = g.status as RecordStatus;
    if (status === "ACTIVE") row.active += n;
    else if (status === "RESOLVED") row.resolved += n;
    else if (status === "CANCELLED") row.cancelled += n;
    row.total += n;
    rows.set(key, row);
  }
  const keys = [...rows.keys()].filter(Boolean);
  if (args.groupBy === "STEP" && keys.length) {
    const steps = await ctx.db.projectStep.findMany({
      where: { id: { in: keys } },
      select: { id: true, description: true, project: { select: { description: true } } },
    });
    for (const s of steps) rows.get(s.id)!.label = `${s.project.description}: ${s.description}`;
  } else if (args.groupBy === "PERSON") {
    const people = keys.length
      ? await ctx.db.person.findMany({
          where: { id: { in: keys } },
          select: { id: true, firstName: true, lastName: true },
        })
      : [];
    for (const p of people) rows.get(p.id)!.label = fullName(p);
    const nobody = rows.get("");
    if (nobody) nobody.label = "Unassigned";
  } else if (args.groupBy === "STATUS") {
    for (const r of rows.values()) r.label = r.key.charAt(0) + r.key.slice(1).toLowerCase();
  }
  return [...rows.values()].sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
}
