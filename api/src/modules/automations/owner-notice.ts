import { clock } from "../../clock.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { Automation, AutomationRun, Branch } from "../../generated/prisma/client.ts";
import { log } from "../../log.ts";
import type { Context, Runtime } from "../../runtime.ts";
import { addActivity } from "../workflow/activities.service.ts";
import { runContext } from "./run-context.ts";

// Telling an automation's owner that a run failed: an activity in their my work.

const FOLLOW_UP_PROJECT = "Automation follow-up";
const FOLLOW_UP_STEP = "Fix a failed automation";

/** The branch's project and step for failure notices (made on first need, set active again if not). */
async function followUpStep(ctx: Context) {
  let project = await ctx.db.project.findFirst({ where: { description: FOLLOW_UP_PROJECT } });
  if (!project) {
    project = await ctx.db.project
      .create({ data: { branchId: ctx.branch.id, description: FOLLOW_UP_PROJECT, allowOrphans: true } })
      .catch(async (e) => {
        if (!isUniqueViolation(e)) throw e;
        return (await ctx.db.project.findFirst({ where: { description: FOLLOW_UP_PROJECT } }))!;
      });
  }
  if (project.inactive || !project.allowOrphans)
    await ctx.db.project.updateMany({ where: { id: project.id }, data: { inactive: false, allowOrphans: true } });
  let step = await ctx.db.projectStep.findFirst({ where: { projectId: project.id, description: FOLLOW_UP_STEP } });
  step ??= await ctx.db.projectStep.create({
    data: { branchId: ctx.branch.id, projectId: project.id, description: FOLLOW_UP_STEP, sortLevel: 10 },
  });
  if (step.inactive) await ctx.db.projectStep.updateMany({ where: { id: step.id }, data: { inactive: false } });
  return { projectId: project.id, stepId: step.id };
}

/** "Automation <name> failed for <record>: <error>" in the owner's my work (quiet: it triggers nothing). */
export async function reportFailure(
  runtime: Runtime,
  branch: Branch,
  automation: Automation,
  run: AutomationRun,
  label: string,
  error: string,
) {
  const ctx = runContext(runtime, branch, { depth: 0, runId: run.id, quiet: true });
  try {
    const { projectId, stepId } = await followUpStep(ctx);
    const owner = automation.ownerPersonId
      ? await ctx.db.person.findFirst({
          where: { id: automation.ownerPersonId, inactive: false },
          select: { id: true },
        })
      : null;
    const full = `Automation ${automation.name} failed for ${label}: ${error}`;
    await addActivity(ctx, {
      projectId,
      stepId,
      subject: full.length > 200 ? `${full.slice(0, 199)}…` : full,
      details: `${full}\n\nRun ${run.id} (attempts: ${run.attempts}).`.slice(0, 4000),
      scheduledTime: clock.now(),
      assignedPersonId: owner?.id,
    });
  } catch (e) {
    log.error("automation failure could not be reported as an activity", { error: e, runId: run.id, reason: error });
  }
}
