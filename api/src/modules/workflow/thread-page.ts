import { AppError, badInput } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { type ActivityView, leadNameSql, loadActivities, type ThreadView, type TimelineKey } from "./views.ts";

// One thread's page: its header (project, customer or lead, open or closed) with what the screen
// needs of ALL its activities, counted in SQL (per step: open, done, cancelled; so the current step,
// the open work count and the step progress never depend on how much of the timeline the browser has),
// then its timeline a page at a time, in time order (scheduled time, then entered time, then id: a
// total order, so a page starts exactly after the last activity of the one before it: an activity
// added meanwhile is in a later page if it comes after, never twice, and none is skipped).
//
// Statements: the header with its counts is one; a page of activities with every name is one (views.ts
// loadActivities), its activities' custom field values one more; a thread that is not there (or an
// empty page) one to tell "not found" apart.

/**
 * The activities of a page when the client names no size, and the most it may ask for (GraphQL refuses
 * a larger `take` before anything runs, as for every page: graphql/limits.ts maxPageSize).
 */
export const THREAD_PAGE_SIZE = 25;
export const MAX_THREAD_PAGE = 100;

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

/**
 * A thread as GraphQL answers it: read with all its activities (a customer's or a lead's threads,
 * views.ts loadThreads), or as its header with its step counts (one thread's page), whose timeline
 * is then read a page at a time and whose full list only when a client asks for it.
 */
export type ThreadNode = Omit<ThreadView, "activities"> & {
  activities?: ActivityView[];
  stepCounts?: ThreadStepCount[];
};

/** A thread read with its full list (the same object, so that a list's threads batch together). */
export const hasActivities = (th: ThreadNode): th is ThreadNode & { activities: ActivityView[] } => !!th.activities;

/** A page of a thread's timeline; `nextCursor` is where the next page starts (null: this is the last). */
export type ActivityPage = { threadId: string; activities: ActivityView[]; nextCursor: string | null };

const countsOf = (activities: ActivityView[]): ThreadStepCount[] => {
  const by = new Map<string, ThreadStepCount>();
  for (const a of activities) {
    const c = by.get(a.stepId) ?? {
      stepId: a.stepId,
      stepSortLevel: a.stepSortLevel,
      stepDescription: a.stepDescription,
      active: 0,
      resolved: 0,
      cancelled: 0,
      total: 0,
    };
    if (a.status === "ACTIVE") c.active++;
    else if (a.status === "RESOLVED") c.resolved++;
    else if (a.status === "CANCELLED") c.cancelled++;
    c.total++;
    by.set(a.stepId, c);
  }
  return [...by.values()].sort((x, y) => x.stepSortLevel - y.stepSortLevel || x.stepId.localeCompare(y.stepId));
};

/** The thread's activities counted per step (from the SQL counts, else from its full list). */
export const stepCountsOf = (th: ThreadNode) => th.stepCounts ?? countsOf(th.activities ?? []);

type HeadRow = Omit<ThreadView, "activities"> & {
  stepId: string | null;
  stepSortLevel: number | null;
  stepDescription: string | null;
  active: number | null;
  resolved: number | null;
  cancelled: number | null;
  total: number | null;
};

/** One thread's header and its activities counted per step: ONE statement (a row per step with work). */
export async function threadHead(ctx: Context, id: string): Promise<ThreadNode> {
  const rows = await ctx.db.$branchQuery<HeadRow>(
    (branch) => Prisma.sql`
      SELECT t."id", t."branchId", t."projectId", t."customerId", t."leadId", t."closedAt", t."createdAt",
        p."description" AS "projectDescription", c."name" AS "customerName", ${leadNameSql("l")} AS "leadName",
        g."stepId", s."sortLevel" AS "stepSortLevel", s."description" AS "stepDescription",
        g."active", g."resolved", g."cancelled", g."total"
      FROM "ProjectThread" t
      JOIN "Project" p ON p."id" = t."projectId" AND p."branchId" = t."branchId"
      LEFT JOIN "Customer" c ON c."id" = t."customerId" AND c."branchId" = t."branchId"
      LEFT JOIN "Lead" l ON l."id" = t."leadId" AND l."branchId" = t."branchId"
      LEFT JOIN (
        SELECT a."stepId",
          (count(*) FILTER (WHERE a."status" = 'ACTIVE'))::int AS "active",
          (count(*) FILTER (WHERE a."status" = 'RESOLVED'))::int AS "resolved",
          (count(*) FILTER (WHERE a."status" = 'CANCELLED'))::int AS "cancelled",
          count(*)::int AS "total"
        FROM "Activity" a
        WHERE a."branchId" = ${branch} AND a."threadId" = ${id} AND a."status" <> 'DELETED'
        GROUP BY a."stepId"
      ) g ON true
      LEFT JOIN "ProjectStep" s ON s."id" = g."stepId" AND s."branchId" = t."branchId"
      WHERE t."branchId" = ${branch} AND t."id" = ${id}
      ORDER BY s."sortLevel" ASC, g."stepId" ASC`,
  );
  const first = rows[0];
  if (!first) throw new AppError("NOT_FOUND", "Project thread not found.");
  const {
    stepId: _s,
    stepSortLevel: _l,
    stepDescription: _d,
    active: _a,
    resolved: _r,
    cancelled: _c,
    total: _t,
    ...head
  } = first;
  return {
    ...head,
    stepCounts: rows
      .filter((r) => r.stepId)
      .map((r) => ({
        stepId: r.stepId!,
        stepSortLevel: r.stepSortLevel ?? 0,
        stepDescription: r.stepDescription ?? "",
        active: r.active ?? 0,
        resolved: r.resolved ?? 0,
        cancelled: r.cancelled ?? 0,
        total: r.total ?? 0,
      })),
  };
}

const cursorOf = (a: TimelineKey) =>
  Buffer.from(JSON.stringify([a.scheduledTime.toISOString(), a.enteredTime.toISOString(), a.id])).toString("base64url");

function keyOf(cursor: string): TimelineKey {
  const bad = () => badInput("That page of the thread is no longer valid: load the thread again.");
  if (cursor.length > 200) throw bad();
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((p) => typeof p === "string")) throw bad();
  const [s, e, id] = parts as string[];
  const key = { scheduledTime: new Date(s!), enteredTime: new Date(e!), id: id! };
  if (Number.isNaN(key.scheduledTime.getTime()) || Number.isNaN(key.enteredTime.getTime()) || !id || id.length > 100)
    throw bad();
  return key;
}

/** The page size asked for, refused outside 1..MAX_THREAD_PAGE (before anything is read). */
export function pageSize(take: number | null | undefined) {
  const n = take ?? THREAD_PAGE_SIZE;
  if (!Number.isInteger(n) || n < 1 || n > MAX_THREAD_PAGE)
    throw badInput(`A page of a thread's activities holds 1 to ${MAX_THREAD_PAGE} activities; ${n} were asked for.`);
  return n;
}

/**
 * A page of the thread's timeline: `take` activities (default THREAD_PAGE_SIZE, at most
 * MAX_THREAD_PAGE) after `after` (a page's nextCursor; none: from the first). One statement, plus one
 * when it comes back empty (the thread may not be there: "not found" then). `known`: the thread was
 * just read (its header), so an empty page needs no check.
 */
export async function threadActivityPage(
  ctx: Context,
  threadId: string,
  args: { after?: string | null; take?: number | null },
  known = false,
): Promise<ActivityPage> {
  const take = pageSize(args.take);
  const after = args.after ? keyOf(args.after) : null;
  const rows = await loadActivities(ctx, { threadIds: [threadId], order: "timeline", after, take: take + 1 });
  if (!rows.length && !known) {
    const thread = await ctx.db.projectThread.findUnique({ where: { id: threadId }, select: { id: true } });
    if (!thread) throw new AppError("NOT_FOUND", "Project thread not found.");
  }
  const activities = rows.slice(0, take);
  const last = activities.at(-1);
  return { threadId, activities, nextCursor: rows.length > take && last ? cursorOf(last) : null };
}

/** The thread's open activities' ids in time order: its list when read, else one small statement. */
export async function openActivityIds(ctx: Context, th: ThreadNode): Promise<string[]> {
  if (th.activities) return th.activities.filter((a) => a.status === "ACTIVE").map((a) => a.id);
  const rows = await ctx.db.activity.findMany({
    where: { threadId: th.id, status: "ACTIVE" },
    orderBy: [{ scheduledTime: "asc" }, { enteredTime: "asc" }, { id: "asc" }],
    select: { id: true },
    take: 5000,
  });
  return rows.map((r) => r.id);
}

const fullLists = new WeakMap<ThreadNode, Promise<ActivityView[]>>();

/** Every activity of the thread in time order: the list it was read with, else read once (one statement). */
export function allActivities(ctx: Context, th: ThreadNode): Promise<ActivityView[]> {
  if (th.activities) return Promise.resolve(th.activities);
  let list = fullLists.get(th);
  if (!list) {
    list = loadActivities(ctx, { threadIds: [th.id], order: "timeline" });
    fullLists.set(th, list);
  }
  return list;
}
