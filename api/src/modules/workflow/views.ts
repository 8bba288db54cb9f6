import { type Activity, Prisma, type ProjectThread } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";

// Activities and threads as screens show them, with the names they need (step, project, customer,
// people, priority) folded in: a list costs the same few SQL statements whatever its length (the
// activities and every name in one joined statement, never a statement per row).

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
const fullNameSql = (alias: string) =>
  Prisma.raw(`NULLIF(btrim(${alias}."firstName" || ' ' || ${alias}."lastName"), '')`);
/** A lead as work lists name it: its name, else its email, else "Lead #N" (null without a lead). */
export const leadNameSql = (alias: string) =>
  Prisma.raw(
    `CASE WHEN ${alias}."id" IS NULL THEN NULL ELSE COALESCE(NULLIF(btrim(${alias}."firstName" || ' ' || ${alias}."lastName"), ''), NULLIF(${alias}."email", ''), 'Lead #' || ${alias}."number") END`,
  );

/**
 * Activities with their step, thread, project, customer, people and priority names: ONE statement
 * (joins), whatever the number of rows. Joined rows must be of the same branch as the activity.
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
      ${activitySelect(branch)} AND ${Prisma.join(where, " AND ")}
      ORDER BY ${order}
      LIMIT ${f.take ?? 5000}`,
  );
}

/** Which threads to read: one by id, or a customer's. */
export type ThreadFilter = { id: string } | { customerId: string };

const activityJoins = Prisma.sql`
  JOIN "ProjectStep" s ON s."id" = a."stepId" AND s."branchId" = a."branchId"
  LEFT JOIN "Person" ap ON ap."id" = a."assignedPersonId" AND ap."branchId" = a."branchId"
  LEFT JOIN "Person" ep ON ep."id" = a."enteredByPersonId" AND ep."branchId" = a."branchId"
  LEFT JOIN "Person" rp ON rp."id" = a."resolvedByPersonId" AND rp."branchId" = a."branchId"
  LEFT JOIN "WorkflowPriority" pr ON pr."id" = a."priorityId" AND pr."branchId" = a."branchId"`;
const activityNames = Prisma.sql`
  s."description" AS "stepDescription", s."sortLevel" AS "stepSortLevel",
  ${fullNameSql("ap")} AS "assignedPersonName",
  ${fullNameSql("ep")} AS "enteredByPersonName",
  ${fullNameSql("rp")} AS "resolvedByPersonName",
  pr."name" AS "priorityName"`;
const activitySelect = (branch: Prisma.Sql) => Prisma.sql`
  SELECT a.*, ${activityNames},
    t."projectId", t."customerId", t."leadId", t."closedAt" AS "threadClosedAt",
    p."description" AS "projectDescription", c."name" AS "customerName", ${leadNameSql("l")} AS "leadName"
  FROM "Activity" a
  ${activityJoins}
  JOIN "ProjectThread" t ON t."id" = a."threadId" AND t."branchId" = a."branchId"
  JOIN "Project" p ON p."id" = t."projectId" AND p."branchId" = a."branchId"
  LEFT JOIN "Customer" c ON c."id" = t."customerId" AND c."branchId" = a."branchId"
  LEFT JOIN "Lead" l ON l."id" = t."leadId" AND l."branchId" = a."branchId"
  WHERE a."branchId" = ${branch}`;

/** A thread's row joined with one of its activities (null columns for a thread without any). */
type ThreadRow = Omit<ActivityView, keyof Activity> &
  Partial<Activity> & {
    t_id: string;
    t_branchId: string;
    t_closedAt: Date | null;
    t_createdAt: Date;
  };

/**
 * Threads (open ones first, newest first), each with its project's description, its customer's name
 * and its activities in time order with their names: ONE statement (each thread joined with its
 * activities, a row per activity), whatever the number of activities.
 */
export async function loadThreads(ctx: Context, f: ThreadFilter): Promise<ThreadView[]> {
  const where = "id" in f ? Prisma.sql`"id" = ${f.id}` : Prisma.sql`"customerId" = ${f.customerId}`;
  const rows = await ctx.db.$branchQuery<ThreadRow>(
    (branch) => Prisma.sql`
      SELECT t."id" AS "t_id", t."branchId" AS "t_branchId", t."closedAt" AS "t_closedAt", t."createdAt" AS "t_createdAt",
        t."projectId", t."customerId", t."leadId", t."closedAt" AS "threadClosedAt",
        p."description" AS "projectDescription", c."name" AS "customerName", ${leadNameSql("l")} AS "leadName",
        a.*, ${activityNames}
      FROM (
        SELECT * FROM "ProjectThread"
        WHERE "branchId" = ${branch} AND ${where}
        ORDER BY ("closedAt" IS NOT NULL) ASC, "createdAt" DESC, "id" ASC
        LIMIT 500
      ) t
      JOIN "Project" p ON p."id" = t."projectId" AND p."branchId" = t."branchId"
      LEFT JOIN "Customer" c ON c."id" = t."customerId" AND c."branchId" = t."branchId"
      LEFT JOIN "Lead" l ON l."id" = t."leadId" AND l."branchId" = t."branchId"
      LEFT JOIN ("Activity" a ${activityJoins})
        ON a."threadId" = t."id" AND a."branchId" = t."branchId" AND a."status" <> 'DELETED'
      ORDER BY (t."closedAt" IS NOT NULL) ASC, t."createdAt" DESC, t."id" ASC,
        a."scheduledTime" ASC, a."enteredTime" ASC, a."id" ASC
      LIMIT 5500`,
  );
  const threads: ThreadView[] = [];
  for (const r of rows) {
    let thread: ThreadView | undefined = threads.at(-1);
    if (!thread || thread.id !== r.t_id) {
      thread = {
        id: r.t_id,
        branchId: r.t_branchId,
        projectId: r.projectId,
        customerId: r.customerId,
        leadId: r.leadId,
        closedAt: r.t_closedAt,
        createdAt: r.t_createdAt,
        projectDescription: r.projectDescription,
        customerName: r.customerName,
        leadName: r.leadName,
        activities: [],
      };
      threads.push(thread);
    }
    if (r.id) {
      const { t_id: _i, t_branchId: _b, t_closedAt: _c, t_createdAt: _d, ...activity } = r;
      thread.activities.push(activity as ActivityView);
    }
  }
  return threads;
}
