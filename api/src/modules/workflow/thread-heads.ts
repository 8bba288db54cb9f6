import { batched } from "../../db/batch.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { type ActivityView, leadNameSql, loadActivities, type ThreadView } from "./views.ts";

// Threads as every work screen lists them: each thread's header (project, customer or lead, open or
// closed) with its activities counted per step in SQL, never its activities themselves. One thread (its
// page), a customer's threads (the customer's work card and thread list) and a lead's (the lead page)
// are read alike: ONE statement for all the threads, a row per thread and step with work. What a screen
// shows of their activities is read after, for all the threads at once: their first page
// (thread-page.ts), their open work (the card), or, when a client asks for it, every activity.

/** The most threads one list holds (a customer's, a lead's). */
export const MAX_THREADS = 500;

/** A step of the thread with its activities counted by status (deleted ones not counted). */
export type ThreadStepCount = {
  stepId: string;
  stepSortLevel: number;
  stepDescription: string;
  active: number;
  resolved: number;
  cancelled: number;
  total: number;
};

/** A thread as GraphQL answers it: its header with its step counts; its activities read when asked for. */
export type ThreadNode = Omit<ThreadView, "activities"> & {
  stepCounts: ThreadStepCount[];
  /** Read with a list of threads: its first page is read with the list's others (thread-page.ts). */
  listed?: boolean;
};

/** The thread's activities counted per step, in sort level order. */
export const stepCountsOf = (th: ThreadNode) => th.stepCounts;
export const openCountOf = (th: ThreadNode) => th.stepCounts.reduce((n, c) => n + c.active, 0);
export const activityCountOf = (th: ThreadNode) => th.stepCounts.reduce((n, c) => n + c.total, 0);

/**
 * A thread's current step: the furthest step (by sort level) with open work, else (an open thread)
 * the furthest with done work; a closed thread has none.
 */
export function currentStepOf(th: ThreadNode): string | null {
  if (th.closedAt) return null;
  const furthest = (has: (c: ThreadStepCount) => boolean) =>
    th.stepCounts
      .filter(has)
      .reduce<ThreadStepCount | null>((f, c) => (!f || c.stepSortLevel > f.stepSortLevel ? c : f), null);
  return (furthest((c) => c.active > 0) ?? furthest((c) => c.resolved > 0))?.stepDescription ?? null;
}

/** Which threads: by id, a customer's or a lead's (open ones first, newest first, at most `take`). */
export type ThreadHeadFilter = { ids: string[] } | { customerId: string } | { leadId: string };

type HeadRow = Omit<ThreadView, "activities"> & {
  stepId: string | null;
  stepSortLevel: number | null;
  stepDescription: string | null;
  active: number | null;
  resolved: number | null;
  cancelled: number | null;
  total: number | null;
};

/**
 * Threads' headers, each with its activities counted per step: ONE statement whatever the number of
 * threads and activities (the counts are one GROUP BY over the threads' activities). Open threads
 * first, then newest first.
 */
export async function readThreadHeads(
  ctx: Context,
  filter: ThreadHeadFilter,
  take = MAX_THREADS,
): Promise<ThreadNode[]> {
  if ("ids" in filter && !filter.ids.length) return [];
  const which =
    "ids" in filter
      ? Prisma.sql`"id" IN (${Prisma.join(filter.ids)})`
      : "customerId" in filter
        ? Prisma.sql`"customerId" = ${filter.customerId}`
        : Prisma.sql`"leadId" = ${filter.leadId}`;
  const rows = await ctx.db.$branchQuery<HeadRow>(
    (branch) => Prisma.sql`
      SELECT t."id", t."branchId", t."projectId", t."customerId", t."leadId", t."closedAt", t."createdAt",
        p."description" AS "projectDescription", c."name" AS "customerName", ${leadNameSql("l")} AS "leadName",
        g."stepId", s."sortLevel" AS "stepSortLevel", s."description" AS "stepDescription",
        g."active", g."resolved", g."cancelled", g."total"
      FROM (
        SELECT * FROM "ProjectThread"
        WHERE "branchId" = ${branch} AND ${which}
        ORDER BY ("closedAt" IS NOT NULL) ASC, "createdAt" DESC, "id" ASC
        LIMIT ${take}
      ) t
      JOIN "Project" p ON p."id" = t."projectId" AND p."branchId" = t."branchId"
      LEFT JOIN "Customer" c ON c."id" = t."customerId" AND c."branchId" = t."branchId"
      LEFT JOIN "Lead" l ON l."id" = t."leadId" AND l."branchId" = t."branchId"
      LEFT JOIN (
        SELECT a."threadId", a."stepId",
          (count(*) FILTER (WHERE a."status" = 'ACTIVE'))::int AS "active",
          (count(*) FILTER (WHERE a."status" = 'RESOLVED'))::int AS "resolved",
          (count(*) FILTER (WHERE a."status" = 'CANCELLED'))::int AS "cancelled",
          count(*)::int AS "total"
        FROM "Activity" a
        WHERE a."branchId" = ${branch} AND a."status" <> 'DELETED'
          AND a."threadId" IN (SELECT "id" FROM "ProjectThread" WHERE "branchId" = ${branch} AND ${which})
        GROUP BY a."threadId", a."stepId"
      ) g ON g."threadId" = t."id"
      LEFT JOIN "ProjectStep" s ON s."id" = g."stepId" AND s."branchId" = t."branchId"
      ORDER BY (t."closedAt" IS NOT NULL) ASC, t."createdAt" DESC, t."id" ASC, s."sortLevel" ASC, g."stepId" ASC`,
  );
  const threads: ThreadNode[] = [];
  for (const r of rows) {
    const { stepId, stepSortLevel, stepDescription, active, resolved, cancelled, total, ...head } = r;
    let thread = threads.at(-1);
    if (!thread || thread.id !== head.id) {
      thread = { ...head, stepCounts: [], listed: !("ids" in filter) || filter.ids.length > 1 };
      threads.push(thread);
    }
    if (stepId)
      thread.stepCounts.push({
        stepId,
        stepSortLevel: stepSortLevel ?? 0,
        stepDescription: stepDescription ?? "",
        active: active ?? 0,
        resolved: resolved ?? 0,
        cancelled: cancelled ?? 0,
        total: total ?? 0,
      });
  }
  return threads;
}

/** Every activity of the threads asked for in one turn: one statement for all of them. */
const everyActivity = batched(async (ctx: Context, threads: ThreadNode[]) => {
  const rows = await loadActivities(ctx, { threadIds: threads.map((t) => t.id), order: "timeline" });
  const by = new Map<string, ActivityView[]>(threads.map((t) => [t.id, []]));
  for (const a of rows) by.get(a.threadId)?.push(a);
  return new Map(threads.map((t) => [t, by.get(t.id) ?? []]));
});

const fullLists = new WeakMap<ThreadNode, Promise<ActivityView[]>>();

/**
 * Every activity of the thread in time order, read once per thread object (a kept thread keeps it
 * until it is dropped: thread-page.ts), with every other thread of the answer that asks in the same
 * turn. Only asked by clients that want the whole list (the web's screens read pages).
 */
export function allActivities(ctx: Context, th: ThreadNode): Promise<ActivityView[]> {
  let list = fullLists.get(th);
  if (!list) {
    list = everyActivity(ctx, th).then((l) => l ?? []);
    fullLists.set(th, list);
    list.catch(() => fullLists.delete(th));
  }
  return list;
}
