import { clock } from "../../clock.ts";
import { cacheFor } from "../../db/read-cache.ts";
import { AppError, badInput } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { wallInstant, wallParts } from "../../shared/wall-time.ts";
import { type PinnedFieldValue, pinnedValuesOfActivity } from "./field-values.ts";
import { checkPeriod } from "./my-work.service.ts";
import { type ActivityView, leadNameSql } from "./views.ts";
import { workScreenCache } from "./work-cache.ts";

// My work as the screen shows it, one page at a time: a person's open activities filtered by due
// (overdue / today / upcoming by the branch's day), project, priority and a search, sorted, 50 a page,
// with the due counts and the project and priority options of the whole list (within the period).
// Two statements whatever the list's length: the page (with every name joined), and one GROUP BY for
// the counts and the options; then the page's pinned values (two). The answer is kept a few seconds
// per person and question, dropped by any write to what it is read from (db/read-cache.ts). See
// docs/decisions/0900-my-work-pages.md.

export const MY_WORK_SORTS = ["TIME", "SUBJECT", "CUSTOMER", "PROJECT", "PRIORITY"] as const;
export type MyWorkSort = (typeof MY_WORK_SORTS)[number];
export const MY_WORK_DUES = ["ALL", "OVERDUE", "TODAY", "UPCOMING"] as const;
export type MyWorkDue = (typeof MY_WORK_DUES)[number];
/** The priority filter's value for activities without a priority. */
export const NO_PRIORITY = "none";
/** The most rows one page carries, and the furthest a page may start. */
export const MAX_TAKE = 100;
export const MAX_SKIP = 10_000;
export const MAX_SEARCH = 200;

export type MyWorkArgs = {
  personId?: string | null;
  from?: Date | null;
  to?: Date | null;
  due?: MyWorkDue | null;
  projectId?: string | null;
  priorityId?: string | null;
  search?: string | null;
  sort?: MyWorkSort | null;
  descending?: boolean | null;
  skip?: number | null;
  take?: number | null;
};

/** A row of the page, with its pinned values read with the page (what the list shows beside it). */
export type MyWorkRow = ActivityView & { pinnedValues: PinnedFieldValue[] };

export type MyWorkPage = {
  activities: MyWorkRow[];
  total: number;
  dueCounts: { overdue: number; today: number; upcoming: number; all: number };
  projects: { id: string; description: string }[];
  /** A null id: activities without a priority. */
  priorities: { id: string | null; name: string | null }[];
};

// ── the branch's day ──

/**
 * Where the branch's today starts and ends (the web's dueOf: before today is overdue, today's, after
 * is upcoming), on the business clock.
 */
export function branchDayBounds(timeZone: string, now = clock.now()) {
  const w = wallParts(now, timeZone);
  return { today: wallInstant(timeZone, w.y, w.mo, w.d), tomorrow: wallInstant(timeZone, w.y, w.mo, w.d + 1) };
}

// ── SQL ──

const at = (d: Date) => Prisma.sql`${d.toISOString()}::timestamp`; // columns hold UTC wall time
const fullNameSql = (alias: string) =>
  Prisma.raw(`NULLIF(btrim(${alias}."firstName" || ' ' || ${alias}."lastName"), '')`);
/** `text` as an ILIKE pattern matching it anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search: the subject, details, customer's name, lead's name, project, step, and the activity's pinned
 * values (its own, its thread's, its customer's; active pinned fields, as text: text, long text,
 * whole numbers, numbers and dates).
 */
function searchSql(needle: string) {
  const p = containing(needle);
  // One EXISTS per table, each an index lookup of the record's values (one with three ORs reads more).
  const pinned = (table: string, recordId: Prisma.Sql) => Prisma.sql`EXISTS (
      SELECT 1 FROM "CustomFieldValue" v
      JOIN "CustomField" f ON f."id" = v."fieldId" AND f."branchId" = v."branchId"
      WHERE v."branchId" = a."branchId" AND v."tableId" = ${Prisma.raw(`'${table}'`)} AND v."recordId" = ${recordId}
        AND f."pinStatus" = 'PINNED' AND NOT f."inactive"
        AND COALESCE(v."valueString", v."valueStringMax", v."valueInt"::text, v."valueDecimal"::text,
          to_char(v."valueDateTime", 'YYYY-MM-DD')) ILIKE ${p})`;
  return Prisma.sql`(
    a."subject" ILIKE ${p} OR a."details" ILIKE ${p} OR c."name" ILIKE ${p} OR ${leadNameSql("l")} ILIKE ${p} OR t."leadId" ILIKE ${p}
    OR pj."description" ILIKE ${p} OR s."description" ILIKE ${p}
    OR ${pinned("ACTIVITY", Prisma.sql`a."id"`)}
    OR ${pinned("PROJECT_THREAD", Prisma.sql`a."threadId"`)}
    OR ${pinned("CUSTOMER", Prisma.sql`t."customerId"`)})`;
}

const JOINS = Prisma.sql`
  JOIN "ProjectStep" s ON s."id" = a."stepId" AND s."branchId" = a."branchId"
  JOIN "ProjectThread" t ON t."id" = a."threadId" AND t."branchId" = a."branchId"
  JOIN "Project" pj ON pj."id" = t."projectId" AND pj."branchId" = a."branchId"
  LEFT JOIN "Customer" c ON c."id" = t."customerId" AND c."branchId" = a."branchId"
  LEFT JOIN "Lead" l ON l."id" = t."leadId" AND l."branchId" = a."branchId"
  LEFT JOIN "WorkflowPriority" pr ON pr."id" = a."priorityId" AND pr."branchId" = a."branchId"`;

type Columns = Record<
  "id" | "scheduledTime" | "subject" | "who" | "project" | "stepSortLevel" | "priority",
  Prisma.Sql
>;
const inner: Columns = {
  id: Prisma.sql`a."id"`,
  scheduledTime: Prisma.sql`a."scheduledTime"`,
  subject: Prisma.sql`a."subject"`,
  who: Prisma.sql`COALESCE(c."name", ${leadNameSql("l")}, t."leadId")`,
  project: Prisma.sql`pj."description"`,
  stepSortLevel: Prisma.sql`s."sortLevel"`,
  priority: Prisma.sql`pr."name"`,
};
const outer: Columns = {
  id: Prisma.sql`w."id"`,
  scheduledTime: Prisma.sql`w."scheduledTime"`,
  subject: Prisma.sql`w."subject"`,
  who: Prisma.sql`COALESCE(w."customerName", w."leadName", w."leadId")`,
  project: Prisma.sql`w."projectDescription"`,
  stepSortLevel: Prisma.sql`w."stepSortLevel"`,
  priority: Prisma.sql`w."priorityName"`,
};

/** The order of a sort: case-insensitive, empty values last either way, then by time and id. */
function orderSql(sort: MyWorkSort, descending: boolean, c: Columns) {
  const dir = Prisma.raw(descending ? "DESC" : "ASC");
  const text = (col: Prisma.Sql) => [Prisma.sql`(NULLIF(${col}, '') IS NULL) ASC`, Prisma.sql`lower(${col}) ${dir}`];
  const then = [Prisma.sql`${c.scheduledTime} ASC`, Prisma.sql`${c.id} ASC`];
  const keys =
    sort === "TIME"
      ? [Prisma.sql`${c.scheduledTime} ${dir}`, Prisma.sql`${c.id} ASC`]
      : sort === "SUBJECT"
        ? [...text(c.subject), ...then]
        : sort === "CUSTOMER"
          ? [...text(c.who), ...then]
          : sort === "PROJECT"
            ? [Prisma.sql`lower(${c.project}) ${dir}`, Prisma.sql`${c.stepSortLevel} ${dir}`, ...then]
            : [...text(c.priority), ...then];
  return Prisma.join(keys, ", ");
}

type Group = {
  due: "overdue" | "today" | "upcoming";
  projectId: string;
  projectDescription: string;
  priorityId: string | null;
  priorityName: string | null;
  n: number;
  matching: number;
};

/** Kept per person and question; dropped by any write to what a page is read from (work-cache.ts). */
const myWorkCache = workScreenCache("my-work");

/**
 * One page of a person's open work (default: the signed-in employee's) with the counts of the whole
 * list: statements: the person (only when it is someone else), then, unless kept, the page, the
 * counts and options, and the page's pinned fields and values.
 */
export async function myWork(ctx: Context, args: MyWorkArgs): Promise<MyWorkPage> {
  // Sizes first, before any read.
  checkPeriod(args.from, args.to, 3660);
  const take = args.take ?? 50;
  const skip = args.skip ?? 0;
  if (!Number.isInteger(take) || take < 1 || take > MAX_TAKE) throw badInput(`Take between 1 and ${MAX_TAKE} rows.`);
  if (!Number.isInteger(skip) || skip < 0 || skip > MAX_SKIP) throw badInput(`Skip at most ${MAX_SKIP} rows.`);
  const needle = (args.search ?? "").trim();
  if (needle.length > MAX_SEARCH) throw badInput(`A search may be at most ${MAX_SEARCH} characters long.`);

  const personId = args.personId || ctx.viewer?.personId;
  if (!personId) throw badInput("Name the person whose work to show.");
  if (
    personId !== ctx.viewer?.personId &&
    !(await ctx.db.person.findUnique({ where: { id: personId }, select: { id: true } }))
  )
    throw new AppError("NOT_FOUND", "Person not found.");

  const { today, tomorrow } = branchDayBounds(ctx.branch.timeZone);
  const { from, to, due, projectId, priorityId, sort, descending } = args;
  const key = JSON.stringify([
    personId,
    today,
    from,
    to,
    due,
    projectId,
    priorityId,
    needle,
    sort,
    !!descending,
    skip,
    take,
  ]);
  return cacheFor(ctx.runtime, myWorkCache).get(ctx.branch.id, key, () =>
    loadPage(ctx, { ...args, skip, take }, personId, needle, { today, tomorrow }),
  );
}

async function loadPage(
  ctx: Context,
  args: MyWorkArgs & { skip: number; take: number },
  personId: string,
  needle: string,
  { today, tomorrow }: { today: Date; tomorrow: Date },
): Promise<MyWorkPage> {
  const { skip, take } = args;
  const base = [Prisma.sql`a."assignedPersonId" = ${personId}`, Prisma.sql`a."status" = 'ACTIVE'`];
  if (args.from) base.push(Prisma.sql`a."scheduledTime" >= ${at(args.from)}`);
  if (args.to) base.push(Prisma.sql`a."scheduledTime" < ${at(args.to)}`);
  const due = args.due ?? "ALL";
  const filters = [...base];
  if (due === "OVERDUE") filters.push(Prisma.sql`a."scheduledTime" < ${at(today)}`);
  if (due === "TODAY")
    filters.push(Prisma.sql`a."scheduledTime" >= ${at(today)} AND a."scheduledTime" < ${at(tomorrow)}`);
  if (due === "UPCOMING") filters.push(Prisma.sql`a."scheduledTime" >= ${at(tomorrow)}`);
  if (args.projectId) filters.push(Prisma.sql`t."projectId" = ${args.projectId}`);
  if (args.priorityId === NO_PRIORITY) filters.push(Prisma.sql`a."priorityId" IS NULL`);
  else if (args.priorityId) filters.push(Prisma.sql`a."priorityId" = ${args.priorityId}`);
  const search = needle ? searchSql(needle) : null;
  if (search) filters.push(search);
  const sort = args.sort ?? "TIME";
  const descending = !!args.descending;

  const [activities, groups] = await Promise.all([
    // The page: filtered, sorted and cut with the names it sorts by, then the people's names for its rows.
    ctx.db.$branchQuery<ActivityView>(
      (branch) => Prisma.sql`
        WITH w AS (
          SELECT a.*,
            s."description" AS "stepDescription", s."sortLevel" AS "stepSortLevel",
            t."projectId", t."customerId", t."leadId", t."closedAt" AS "threadClosedAt",
            pj."description" AS "projectDescription", c."name" AS "customerName", ${leadNameSql("l")} AS "leadName",
            pr."name" AS "priorityName"
          FROM "Activity" a ${JOINS}
          WHERE a."branchId" = ${branch} AND ${Prisma.join(filters, " AND ")}
          ORDER BY ${orderSql(sort, descending, inner)}
          LIMIT ${take} OFFSET ${skip}
        )
        SELECT w.*,
          ${fullNameSql("ap")} AS "assignedPersonName",
          ${fullNameSql("ep")} AS "enteredByPersonName",
          ${fullNameSql("rp")} AS "resolvedByPersonName"
        FROM w
        LEFT JOIN "Person" ap ON ap."id" = w."assignedPersonId" AND ap."branchId" = w."branchId"
        LEFT JOIN "Person" ep ON ep."id" = w."enteredByPersonId" AND ep."branchId" = w."branchId"
        LEFT JOIN "Person" rp ON rp."id" = w."resolvedByPersonId" AND rp."branchId" = w."branchId"
        ORDER BY ${orderSql(sort, descending, outer)}`,
    ),
    // The whole list (within the period) by due, project and priority: the chips' counts, the
    // options, and (what the search keeps of it) the total.
    ctx.db.$branchQuery<Group>(
      (branch) => Prisma.sql`
        SELECT
          CASE WHEN a."scheduledTime" < ${at(today)} THEN 'overdue'
               WHEN a."scheduledTime" < ${at(tomorrow)} THEN 'today' ELSE 'upcoming' END AS "due",
          t."projectId", pj."description" AS "projectDescription", a."priorityId", pr."name" AS "priorityName",
          count(*)::int AS "n",
          ${search ? Prisma.sql`(count(*) FILTER (WHERE ${search}))::int` : Prisma.sql`count(*)::int`} AS "matching"
        FROM "Activity" a ${JOINS}
        WHERE a."branchId" = ${branch} AND ${Prisma.join(base, " AND ")}
        GROUP BY 1, 2, 3, 4, 5`,
    ),
  ]);

  const dueCounts = { overdue: 0, today: 0, upcoming: 0, all: 0 };
  const projects = new Map<string, string>();
  const priorities = new Map<string | null, string | null>();
  let total = 0;
  for (const g of groups) {
    dueCounts[g.due] += g.n;
    dueCounts.all += g.n;
    projects.set(g.projectId, g.projectDescription);
    priorities.set(g.priorityId, g.priorityName);
    if (
      (due === "ALL" || g.due === due.toLowerCase()) &&
      (!args.projectId || g.projectId === args.projectId) &&
      (!args.priorityId || (g.priorityId ?? NO_PRIORITY) === args.priorityId)
    )
      total += g.matching;
  }
  const pinned = await Promise.all(activities.map((a) => pinnedValuesOfActivity(ctx, a)));
  const byText = (a: string | null, b: string | null) => (a ?? "\uffff").localeCompare(b ?? "\uffff");
  return {
    activities: activities.map((a, i) => ({ ...a, pinnedValues: pinned[i] ?? [] })),
    total,
    dueCounts,
    projects: [...projects]
      .map(([id, description]) => ({ id, description }))
      .sort((a, b) => byText(a.description, b.description)),
    priorities: [...priorities].map(([id, name]) => ({ id, name })).sort((a, b) => byText(a.name, b.name)),
  };
}
