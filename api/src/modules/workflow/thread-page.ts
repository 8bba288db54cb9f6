import { batched } from "../../db/batch.ts";
import { cacheFor } from "../../db/read-cache.ts";
import { AppError, badInput } from "../../errors.ts";
import type { Context } from "../../runtime.ts";
import type { ValueView } from "../custom-fields/values.service.ts";
import { activityValuesOfThread } from "./field-values.ts";
import { readThreadHeads, type ThreadNode } from "./thread-heads.ts";
import { type ActivityView, firstActivitiesOfThreads, loadActivities, type TimelineKey } from "./views.ts";
import { workScreenCache } from "./work-cache.ts";

// One thread's page: its header (project, customer or lead, open or closed) with what the screen
// needs of ALL its activities, counted in SQL (per step: open, done, cancelled; so the current step,
// the open work count and the step progress never depend on how much of the timeline the browser has:
// thread-heads.ts), then its timeline a page at a time, in time order (scheduled time, then entered
// time, then id: a total order, so a page starts exactly after the last activity of the one before it:
// an activity added meanwhile is in a later page if it comes after, never twice, and none is skipped).
//
// Statements: the header with its counts is one; a page of activities with every name is one (views.ts
// loadActivities), its activities' custom field values one more; a thread that is not there (or an
// empty page) one to tell "not found" apart. The header and each page (with its values) are kept a few
// seconds per viewer and question, as my work's page is (decision 0900): dropped by any write in the
// branch to a table they are read from (db/read-cache.ts), never answered once expired, never to
// another viewer; the permission check runs on every request before (docs/decisions/1000-thread-page-
// and-card-kept.md). A list of threads (a lead's) reads every thread's first page in one statement.

/**
 * The activities of a page when the client names no size, and the most it may ask for (GraphQL refuses
 * a larger `take` before anything runs, as for every page: graphql/limits.ts maxPageSize).
 */
export const THREAD_PAGE_SIZE = 25;
export const MAX_THREAD_PAGE = 100;

/** A page of a thread's timeline; `nextCursor` is where the next page starts (null: this is the last). */
export type ActivityPage = {
  threadId: string;
  activities: ActivityView[];
  nextCursor: string | null;
  /** Its activities' custom field values, when read with it (a kept page); else read when asked for. */
  customFieldValues?: ValueView[];
};

const threadPageCache = workScreenCache("thread-page");

/**
 * Whose answer it is: the signed-in user (or the API key). A kept answer is keyed by it, so it is only
 * ever given again to whoever it was read for, after their permission check has passed again.
 */
export const askerKey = (ctx: Context) =>
  ctx.viewer ? `u:${ctx.viewer.userId}` : ctx.apiKey ? `k:${ctx.apiKey.id}` : "anonymous";

/** One thread's header and its activities counted per step: ONE statement, kept (see above). */
export function threadHead(ctx: Context, id: string): Promise<ThreadNode> {
  return cacheFor(ctx.runtime, threadPageCache).get(
    ctx.branch.id,
    JSON.stringify([askerKey(ctx), "head", id]),
    async () => {
      const [thread] = await readThreadHeads(ctx, { ids: [id] });
      if (!thread) throw new AppError("NOT_FOUND", "Project thread not found.");
      return thread;
    },
  );
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
 * A page of the thread's timeline with its activities' custom field values: `take` activities (default
 * THREAD_PAGE_SIZE, at most MAX_THREAD_PAGE) after `after` (a page's nextCursor; none: from the first).
 * Two statements (the page, its values), plus one when it comes back empty (the thread may not be
 * there: "not found" then); kept per viewer and question (see above). `known`: the thread was just read
 * (its header), so an empty page needs no check.
 */
export function threadActivityPage(
  ctx: Context,
  threadId: string,
  args: { after?: string | null; take?: number | null },
  known = false,
): Promise<ActivityPage> {
  // Sizes and the cursor first, before anything is read or kept.
  const take = pageSize(args.take);
  const after = args.after ? keyOf(args.after) : null;
  const key = JSON.stringify([askerKey(ctx), "page", threadId, args.after ?? null, take]);
  return cacheFor(ctx.runtime, threadPageCache).get(ctx.branch.id, key, async () => {
    const rows = await loadActivities(ctx, { threadIds: [threadId], order: "timeline", after, take: take + 1 });
    if (!rows.length && !known) {
      const thread = await ctx.db.projectThread.findUnique({ where: { id: threadId }, select: { id: true } });
      if (!thread) throw new AppError("NOT_FOUND", "Project thread not found.");
    }
    const page = pageOf(threadId, rows, take);
    page.customFieldValues = (await activityValuesOfThread(ctx, page)) ?? [];
    return page;
  });
}

/** `take` activities of `rows` (read one more than that, to know whether more follow) as a page. */
function pageOf(threadId: string, rows: ActivityView[], take: number): ActivityPage {
  const activities = rows.slice(0, take);
  const last = activities.at(-1);
  return { threadId, activities, nextCursor: rows.length > take && last ? cursorOf(last) : null };
}

/**
 * The first page of each thread of a list (the lead page's threads) that asks for it in one turn: ONE
 * statement for all of them (each thread's activities numbered in time order, cut at take + 1).
 */
const firstPages = batched(async (ctx: Context, keys: string[]) => {
  const out = new Map<string, ActivityPage>();
  const byTake = new Map<number, string[]>();
  for (const k of keys) {
    const [take, threadId] = JSON.parse(k) as [number, string];
    byTake.set(take, [...(byTake.get(take) ?? []), threadId]);
  }
  for (const [take, threadIds] of byTake) {
    const rows = await firstActivitiesOfThreads(ctx, { threadIds }, take + 1);
    const by = new Map<string, ActivityView[]>(threadIds.map((id) => [id, []]));
    for (const a of rows) by.get(a.threadId)?.push(a);
    for (const [id, list] of by) out.set(JSON.stringify([take, id]), pageOf(id, list, take));
  }
  return out;
});

/** A page of a thread's timeline as `ProjectThread.timeline` answers it (a listed thread's first page: batched). */
export async function timelineOf(
  ctx: Context,
  th: ThreadNode,
  args: { after?: string | null; take?: number | null },
): Promise<ActivityPage> {
  if (!th.listed || args.after) return threadActivityPage(ctx, th.id, args, true);
  const take = pageSize(args.take);
  return (await firstPages(ctx, JSON.stringify([take, th.id])))!;
}

/** The thread's open activities' ids in time order: one small statement (read anew each time). */
export async function openActivityIds(ctx: Context, th: ThreadNode): Promise<string[]> {
  const rows = await ctx.db.activity.findMany({
    where: { threadId: th.id, status: "ACTIVE" },
    orderBy: [{ scheduledTime: "asc" }, { enteredTime: "asc" }, { id: "asc" }],
    select: { id: true },
    take: 5000,
  });
  return rows.map((r) => r.id);
}
