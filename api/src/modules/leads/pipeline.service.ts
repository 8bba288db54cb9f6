import { leadZoneRestriction, visibleLeadsWhere } from "../../auth/lead-access.ts";
import { clock } from "../../clock.ts";
import { AppError, badInput } from "../../errors.ts";
import { type Lead, Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { addActivity } from "../workflow/activities.service.ts";
import { recordLeadChanges } from "./lead-history.ts";
import { moveInput, type PipelineFilter, pipelineQuery } from "./pipeline.rules.ts";

// The lead pipeline (team/lead-pipeline): a project's steps as columns, and in each the leads whose
// open thread of the project has its latest activity (not cancelled or deleted) at that step; a thread
// without activities yet sits at the first step. Moving a lead to a step adds an activity there, as
// the workflow's "add activity" with resolvePrevious does (earlier steps' open work is resolved; the
// thread is started when the lead has none); moving it back to an earlier step cancels the open
// activities of the later steps (that work was not done), so the thread never closes by a move back.
//
// One SQL statement places, filters, counts and pages every column; the filters are the lead view's
// (source, person, status, zone, entered between, search), and the viewer's zone restriction and the
// hiding of merged leads are the ones visibleLeadsWhere applies (the rows returned are read through it).

export type PipelineCard = { lead: Lead; threadId: string; since: Date };
export type PipelineColumn = {
  stepId: string;
  description: string;
  sortLevel: number;
  inactive: boolean;
  count: number;
  cards: PipelineCard[];
};
export type Pipeline = { projectId: string; projectDescription: string; total: number; columns: PipelineColumn[] };

type Row = { step_id: string; lead_id: string; thread_id: string; since: Date; total: number };

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The lead conditions of the filter and of what the viewer may see, as SQL over "Lead" l. */
function leadConditions(f: PipelineFilter, zones: string[] | null): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`l."mergedIntoId" IS NULL`];
  if (zones) parts.push(Prisma.sql`l."zoneId" = ANY(${zones}::text[])`);
  if (f.sourceIds) parts.push(Prisma.sql`l."leadSourceId" = ANY(${f.sourceIds}::text[])`);
  if (f.personIds) parts.push(Prisma.sql`l."personId" = ANY(${f.personIds}::text[])`);
  if (f.statuses) parts.push(Prisma.sql`l.status::text = ANY(${f.statuses}::text[])`);
  if (f.zoneIds) parts.push(Prisma.sql`l."zoneId" = ANY(${f.zoneIds}::text[])`);
  if (f.from) parts.push(Prisma.sql`l."enteredTime" >= ${f.from}`);
  if (f.to) parts.push(Prisma.sql`l."enteredTime" < ${f.to}`);
  if (f.search) {
    const p = like(f.search);
    const digits = f.search.replace(/\D/g, "");
    parts.push(Prisma.sql`(
      (l."firstName" || ' ' || l."lastName") ILIKE ${p} OR l.email ILIKE ${p} OR l.phone ILIKE ${p}
      ${digits.length >= 3 ? Prisma.sql`OR l."phoneE164" LIKE ${like(digits)}` : Prisma.empty}
    )`);
  }
  return Prisma.join(parts, " AND ");
}

export async function leadPipeline(
  ctx: Context,
  input: { projectId: string; where?: Record<string, unknown> | null; takePerStep?: number | null },
): Promise<Pipeline> {
  const v = parseInput(pipelineQuery, {
    projectId: input.projectId,
    where: withoutNulls(input.where ?? {}),
    takePerStep: input.takePerStep ?? 50,
  });
  const project = await ctx.db.project.findUnique({ where: { id: v.projectId } });
  if (!project) throw new AppError("NOT_FOUND", "Project not found.");
  const steps = await ctx.db.projectStep.findMany({
    where: { projectId: project.id },
    orderBy: [{ sortLevel: "asc" }, { description: "asc" }],
    take: 200,
  });
  const first = steps.find((s) => !s.inactive) ?? steps[0];
  if (!first) return { projectId: project.id, projectDescription: project.description, total: 0, columns: [] };
  const zones = await leadZoneRestriction(ctx);
  const rows = await ctx.db.$branchQuery<Row>(
    (branch) => Prisma.sql`
      WITH placed AS (
        SELECT DISTINCT ON (t."leadId") t."leadId" AS lead_id, t.id AS thread_id,
               COALESCE(a."stepId", ${first.id}) AS step_id, COALESCE(a."enteredTime", t."createdAt") AS since
        FROM "ProjectThread" t
        LEFT JOIN LATERAL (
          SELECT x."stepId", x."enteredTime" FROM "Activity" x
          WHERE x."threadId" = t.id AND x.status IN ('ACTIVE', 'RESOLVED')
          ORDER BY x."enteredTime" DESC, x.id DESC LIMIT 1
        ) a ON true
        WHERE t."branchId" = ${branch} AND t."projectId" = ${project.id}
          AND t."closedAt" IS NULL AND t."leadId" IS NOT NULL
        ORDER BY t."leadId", since DESC
      ),
      ranked AS (
        SELECT p.*, row_number() OVER (PARTITION BY p.step_id ORDER BY p.since DESC, p.lead_id) AS rn,
               count(*) OVER (PARTITION BY p.step_id) AS total
        FROM placed p JOIN "Lead" l ON l.id = p.lead_id AND l."branchId" = ${branch}
        WHERE ${leadConditions(v.where, zones)}
      )
      SELECT step_id, lead_id, thread_id, since, total::int AS total FROM ranked WHERE rn <= ${v.takePerStep}
      ORDER BY step_id, rn`,
  );
  const leads = rows.length
    ? await ctx.db.lead.findMany({
        where: { AND: [await visibleLeadsWhere(ctx), { id: { in: rows.map((r) => r.lead_id) } }] },
      })
    : [];
  const byId = new Map(leads.map((l) => [l.id, l]));
  const columns = steps
    .map((s) => {
      const mine = rows.filter((r) => r.step_id === s.id);
      return {
        stepId: s.id,
        description: s.description,
        sortLevel: s.sortLevel,
        inactive: s.inactive,
        count: mine[0]?.total ?? 0,
        cards: mine.flatMap((r) => {
          const lead = byId.get(r.lead_id);
          return lead ? [{ lead, threadId: r.thread_id, since: new Date(r.since) }] : [];
        }),
      };
    })
    // An inactive step is a column only while leads are still at it.
    .filter((c) => !c.inactive || c.count > 0);
  return {
    projectId: project.id,
    projectDescription: project.description,
    total: columns.reduce((n, c) => n + c.count, 0),
    columns,
  };
}

const leadName = (l: Lead) => `${l.firstName} ${l.lastName}`.trim() || l.email || l.phone || `Lead #${l.number}`;

/** The step of the lead's open thread of the project (its latest live activity's), or null. */
async function currentStep(ctx: Context, leadId: string, projectId: string) {
  const thread = await ctx.db.projectThread.findFirst({
    where: { leadId, projectId, closedAt: null },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      activities: {
        where: { status: { in: ["ACTIVE", "RESOLVED"] } },
        orderBy: [{ enteredTime: "desc" }, { id: "desc" }],
        take: 1,
        select: { step: { select: { id: true, description: true } } },
      },
    },
  });
  return thread ? (thread.activities[0]?.step ?? null) : null;
}

/** Moves a lead to a step of a project: an activity at that step (see the rules above). */
export async function moveLeadToStep(ctx: Context, leadId: string, stepId: string) {
  const v = parseInput(moveInput, { leadId, stepId });
  const lead = await ctx.db.lead.findUnique({ where: { id: v.leadId } });
  if (!lead) throw new AppError("NOT_FOUND", "Lead not found.");
  if (lead.mergedIntoId) throw badInput("This lead was merged into another: move the lead it was merged into.");
  const step = await ctx.db.projectStep.findUnique({ where: { id: v.stepId }, include: { project: true } });
  if (!step) throw badInput("Step not found.");
  const name = leadName(lead);
  const from = await currentStep(ctx, lead.id, step.projectId);
  if (from?.id === step.id)
    return { isSuccess: true, message: `"${name}" is already at "${step.description}".`, threadId: null };
  const activity = await addActivity(
    ctx,
    {
      projectId: step.projectId,
      leadId: lead.id,
      stepId: step.id,
      subject: step.description,
      scheduledTime: clock.now(),
      resolvePrevious: true,
    },
    {
      inTransaction: async (tx, activityId) => {
        const { threadId } = await tx.activity.findUniqueOrThrow({
          where: { id: activityId },
          select: { threadId: true },
        });
        await tx.activity.updateMany({
          where: { threadId, status: "ACTIVE", id: { not: activityId }, step: { sortLevel: { gt: step.sortLevel } } },
          data: { status: "CANCELLED" },
        });
        await recordLeadChanges(tx, [
          {
            leadId: lead.id,
            personId: ctx.viewer?.personId,
            kind: "UPDATED",
            summary: `Moved to step ${step.description}`,
            changes: { [`step of ${step.project.description}`]: [from?.description ?? null, step.description] },
          },
        ]);
      },
    },
  );
  return { isSuccess: true, message: `Moved "${name}" to "${step.description}".`, threadId: activity.threadId };
}
