import { type Activity, Prisma, type ProjectThread } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";

// Activities and threads as screens show them, with the names they need (step, project, customer,
// people, priority) folded in: a list costs the same few SQL statements whatever its length (the
// activities and every name in one statement, never a statement per row). Threads are listed by
// thread-heads.ts.

export type ActivityView = Activity & {
  stepDescription: string;
  stepSortLevel: number;
  projectId: string;
  projectDescription: string;
  customerId: string | null;
  customerName: string | null;
  leadId: string | null;
  /** The lead's name (or email, or "Lead #N") when the thread is a lead's. */
  leadName: string | null;
  threadClosedAt: Date | null;
  assignedPersonName: string | null;
  enteredByPersonName: string | null;
  resolvedByPersonName: string | null;
  priorityName: string | null;
};

export type ThreadView = ProjectThread & {
  projectDescription: string;
  customerName: string | null;
  leadName: string | null;
  activities: ActivityView[];
};

/** Which activities to read (all conditions together); `order`: "schedule" (my work) or "timeline". */
export type ActivityFilter = {
  ids?: string[];
  threadIds?: string[];
  assignedPersonId?: string;
  /** Only open work; otherwise every status but DELETED. */
  openOnly?: boolean;
  from?: Date | null;
  to?: Date | null;
  order?: "schedule" | "timeline";
  /** Timeline order only: the activities after this one (its scheduled time, entered time and id). */
  after?: TimelineKey | null;
  take?: number;
};

/** Where an activity stands in a thread's timeline: the order is these three, each ascending. */
export type TimelineKey = { scheduledTime: Date; enteredTime: Date; id: string };

const at = (d: Date) => Prisma.sql`${d.toISOString()}::timestamp`; // columns hold UTC wall time
/** A lead as work lists name it: its name, else its email, else "Lead #N" (null without a lead). */
export const leadNameSql = (alias: string) =>
  Prisma.raw(
    `CASE WHEN ${alias}."id" IS NULL THEN NULL ELSE COALESCE(NULLIF(btrim(${alias}."firstName" || ' ' || ${alias}."lastName"), ''), NULLIF(${alias}."email", ''), 'Lead #' || ${alias}."number") END`,
  );

/**
 * Activities with their step, thread, project, customer, people and priority names: ONE statement,
 * whatever the number of rows. Joined rows must be of the same branch as the activity.
 *
 * Its shape is for the planner: the activities are chosen, ordered and cut in a subquery of their own
 * (with their step), the thread's project, customer and lead are joined to that, and the people's and
 * the priority's names are scalar subqueries. One statement joining all ten tables cost PostgreSQL
 * 4-5 ms to plan (and 1 ms to run) for a page of 25 on a quiet machine, several times that under load:
 * every join of the same branch column makes its join orders worth considering; this one plans in under
 * 1 ms (docs/decisions/1000-thread-page-and-card-kept.md).
 */
export async function loadActivities(ctx: Context, f: ActivityFilter): Promise<ActivityView[]> {
  const where: Prisma.Sql[] = [];
  if (f.ids) where.push(f.ids.length ? Prisma.sql`a."id" IN (${Prisma.join(f.ids)})` : Prisma.sql`false`);
  if (f.threadIds)
    where.push(f.threadIds.length ? Prisma.sql`a."threadId" IN (${Prisma.join(f.threadIds)})` : Prisma.sql`false`);
  if (f.assignedPersonId) where.push(Prisma.sql`a."assignedPersonId" = ${f.assignedPersonId}`);
  where.push(f.openOnly ? Prisma.sql`a."status" = 'ACTIVE'` : Prisma.sql`a."status" <> 'DELETED'`);
  if (f.from) where.push(Prisma.sql`a."scheduledTime" >= ${at(f.from)}`);
  if (f.to) where.push(Prisma.sql`a."scheduledTime" < ${at(f.to)}`);
  if (f.after)
    where.push(
      Prisma.sql`(a."scheduledTime", a."enteredTime", a."id") > (${at(f.after.scheduledTime)}, ${at(f.after.enteredTime)}, ${f.after.id})`,
    );
  const order =
    f.order === "timeline"
      ? Prisma.sql`a."scheduledTime" ASC, a."enteredTime" ASC, a."id" ASC`
      : Prisma.sql`a."scheduledTime" ASC, a."id" ASC`;
  return ctx.db.$branchQuery<ActivityView>(
    (branch) => Prisma.sql`
      SELECT ${activityColumns}
      FROM (
        SELECT a.*, s."description" AS "stepDescription", s."sortLevel" AS "stepSortLevel"
        FROM "Activity" a
        JOIN "ProjectStep" s ON s."id" = a."stepId" AND s."branchId" = a."branchId"
        WHERE a."branchId" = ${branch} AND ${Prisma.join(where, " AND ")}
        ORDER BY ${order}
        LIMIT ${f.take ?? 5000}
      ) a
      ${threadOfActivity}
      ORDER BY ${order}`,
  );
}

/**
 * Each thread's first `take` activities (open ones only, with `openOnly`) in time order (the thread
 * page's order), for every thread of `threads` (by id, or a customer's): ONE statement (numbered per
 * thread, cut at `take`), in thread then time order.
 */
export async function firstActivitiesOfThreads(
  ctx: Context,
  threads: { threadIds: string[] } | { customerId: string },
  take: number,
  openOnly = false,
): Promise<ActivityView[]> {
  if ("threadIds" in threads && !threads.threadIds.length) return [];
  const which = (branch: Prisma.Sql) =>
    "threadIds" in threads
      ? Prisma.sql`a."threadId" IN (${Prisma.join(threads.threadIds)})`
      : Prisma.sql`a."threadId" IN (SELECT "id" FROM "ProjectThread" WHERE "branchId" = ${branch} AND "customerId" = ${threads.customerId})`;
  const status = openOnly ? Prisma.sql`a."status" = 'ACTIVE'` : Prisma.sql`a."status" <> 'DELETED'`;
  const rows = await ctx.db.$branchQuery<ActivityView & { rowNumber?: bigint }>(
    (branch) => Prisma.sql`
      SELECT ${activityColumns}
      FROM (
        SELECT n.*, s."description" AS "stepDescription", s."sortLevel" AS "stepSortLevel"
        FROM (
          SELECT a.*, row_number() OVER (
            PARTITION BY a."threadId" ORDER BY a."scheduledTime" ASC, a."enteredTime" ASC, a."id" ASC) AS "rowNumber"
          FROM "Activity" a
          WHERE a."branchId" = ${branch} AND ${which(branch)} AND ${status}
        ) n
        JOIN "ProjectStep" s ON s."id" = n."stepId" AND s."branchId" = n."branchId"
        WHERE n."rowNumber" <= ${take}
      ) a
      ${threadOfActivity}
      ORDER BY a."threadId" ASC, a."scheduledTime" ASC, a."enteredTime" ASC, a."id" ASC`,
  );
  for (const r of rows) delete r.rowNumber;
  return rows;
}

/** A person's name (null without one) of the person `personId` names, in the row's branch. */
const personName = (personId: string) =>
  Prisma.raw(`(SELECT NULLIF(btrim(pn."firstName" || ' ' || pn."lastName"), '') FROM "Person" pn
    WHERE pn."id" = a."${personId}" AND pn."branchId" = a."branchId")`);
/** What an activity row `a` (with its step's columns) shows: its own columns and every name. */
const activityColumns = Prisma.sql`a.*,
  ${personName("assignedPersonId")} AS "assignedPersonName",
  ${personName("enteredByPersonId")} AS "enteredByPersonName",
  ${personName("resolvedByPersonId")} AS "resolvedByPersonName",
  (SELECT pr."name" FROM "WorkflowPriority" pr WHERE pr."id" = a."priorityId" AND pr."branchId" = a."branchId") AS "priorityName",
  th."projectId", th."customerId", th."leadId", th."threadClosedAt", th."projectDescription", th."customerName", th."leadName"`;
/** The activity row `a`'s thread, its project, customer and lead (`th`). */
const threadOfActivity = Prisma.sql`
  JOIN LATERAL (
    SELECT t."projectId", t."customerId", t."leadId", t."closedAt" AS "threadClosedAt",
      p."description" AS "projectDescription", c."name" AS "customerName", ${leadNameSql("l")} AS "leadName"
    FROM "ProjectThread" t
    JOIN "Project" p ON p."id" = t."projectId" AND p."branchId" = t."branchId"
    LEFT JOIN "Customer" c ON c."id" = t."customerId" AND c."branchId" = t."branchId"
    LEFT JOIN "Lead" l ON l."id" = t."leadId" AND l."branchId" = t."branchId"
    WHERE t."id" = a."threadId" AND t."branchId" = a."branchId"
  ) th ON true`;
