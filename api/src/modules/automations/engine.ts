import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { scopedDb } from "../../db/scoped.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../errors.ts";
import { onEvent, type RecordRef } from "../../events/bus.ts";
import type { Automation, AutomationRun, Branch } from "../../generated/prisma/client.ts";
import { AUTOMATION_QUEUE } from "../../jobs/runner.ts";
import { log } from "../../log.ts";
import type { Context, Runtime } from "../../runtime.ts";
import { performAction } from "./actions.ts";
import { type Action, type Condition, EVENTS, LIMITS } from "./automations.rules.ts";
import { type DryRunReport, describeActions } from "./describe-actions.ts";
import { reportFailure } from "./owner-notice.ts";
import { evaluate, loadRecord, type RecordFacts } from "./records.ts";
import { runContext } from "./run-context.ts";

// Running automations (docs/decisions/0720-automations.md, 0970-durable-events.md):
// - An event (events/bus.ts, raised in the change's transaction) makes one run per ON automation of the
//   branch for that event whose conditions hold when it is dispatched; the event is claimed and its
//   runs written in one transaction, then a job is sent (a process without jobs leaves it to the sweep,
//   which also dispatches events a crash left undispatched).
// - A run is taken by one worker at a time (a lease); a worker that dies leaves the lease to expire
//   and the sweep takes the run up again.
// - Each action, once done, has its row (run, action) — unique — so a resumed run skips it. Creating
//   an activity writes that row in the activity's own transaction; resolving and setting a field are
//   harmless to repeat; a mail is marked as being sent before it goes, so an interrupted send is
//   reported rather than sent twice.
// - A failing action is retried after AUTOMATION_RETRY_SECONDS (1 s, 10 s, 1 min, 10 min, 1 h);
//   then the run FAILS and the automation's owner gets an activity saying so.
// - Automations triggered by automations stop at a depth of LIMITS.depth (a loop), as a failed run.

/** Test hooks: a throw from afterAction stops the run as a crashed process would (nothing recorded). */
export const engineHooks: { afterAction?: (runId: string, actionIndex: number) => void } = {};

export const asConditions = (a: Automation) => (a.conditions ?? []) as Condition[];
export const asActions = (a: Automation) => (a.actions ?? []) as Action[];
const retryDelays = (runtime: Runtime) =>
  runtime.config.AUTOMATION_RETRY_SECONDS.split(",").map((s) => Number.parseInt(s, 10));
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 2000);

// ───────────── events → runs ─────────────

const loopError = (depth: number) =>
  `Stopped: this run would be number ${depth + 1} in a chain of automations triggered by each other's ` +
  `actions (a loop?); a chain stops after ${LIMITS.depth}.`;

/**
 * Turns a raised event (events/bus.ts) into its runs, once: the conditions are read first, then one
 * transaction claims the event (dispatchedAt) and writes its runs (unique on event and automation), so
 * two dispatchers of one event make its runs once, and a dispatcher that dies leaves the event to the
 * sweep. Jobs are sent after the commit (a lost job is the sweep's as well).
 */
export async function dispatchEvent(runtime: Runtime, branch: Branch, eventId: string) {
  const db = scopedDb(crossBranch(runtime), branch.id);
  const raised = await db.raisedEvent.findFirst({ where: { id: eventId, dispatchedAt: null } });
  if (!raised) return;
  // Reading the record and conditions raises nothing (quiet).
  const ctx = runContext(runtime, branch, { depth: raised.depth, runId: raised.parentRunId, quiet: true });
  const list = await db.automation.findMany({
    where: { event: raised.event, status: "ON" },
    orderBy: { createdAt: "asc" },
  });
  const record = list.length ? await loadRecord(ctx, raised.tableId, raised.entityId) : null;
  const matched: Automation[] = [];
  if (record)
    for (const automation of list)
      if ((await evaluate(ctx, asConditions(automation), record)).met) matched.push(automation);
  const depth = raised.depth;
  const now = clock.now();
  const runs = await db.$transaction(async (tx) => {
    const claimed = await tx.raisedEvent.updateMany({
      where: { id: raised.id, dispatchedAt: null },
      data: { dispatchedAt: now },
    });
    if (!claimed.count || !matched.length) return [];
    return tx.automationRun.createManyAndReturn({
      data: matched.map((automation) => ({
        branchId: branch.id,
        automationId: automation.id,
        eventId: raised.id,
        event: raised.event,
        tableId: raised.tableId,
        entityId: raised.entityId,
        depth,
        parentRunId: raised.parentRunId,
        ...(depth >= LIMITS.depth
          ? { status: "FAILED" as const, error: loopError(depth), finishedAt: now }
          : { status: "QUEUED" as const, nextAttemptAt: now }),
      })),
    });
  });
  for (const run of runs) {
    if (run.status === "FAILED") {
      const automation = matched.find((a) => a.id === run.automationId)!;
      await reportFailure(runtime, branch, automation, run, record!.label, run.error);
    } else await sendRun(ctx, run.id);
  }
}

const sendRun = (ctx: Context, runId: string, delaySeconds?: number) =>
  ctx.runtime.jobs
    .sendIfRunning(AUTOMATION_QUEUE, { runId, branchId: ctx.branch.id }, delaySeconds)
    .catch((error) => log.warn("automation job not sent (the sweep takes the run up)", { error, runId }));

async function queueTestRun(ctx: Context, automation: Automation, ref: RecordRef) {
  const run = await ctx.db.automationRun.create({
    data: {
      branchId: ctx.branch.id,
      automationId: automation.id,
      event: "TESTING",
      ...ref,
      status: "QUEUED",
      depth: 0,
      nextAttemptAt: clock.now(),
    },
  });
  await sendRun(ctx, run.id);
  return run;
}

onEvent((ctx, _event, _ref, _origin, eventId) => dispatchEvent(ctx.runtime, ctx.branch, eventId));

/** Dispatches raised events nobody dispatched (a process that died after its commit); how many. */
export async function dispatchPendingEvents(runtime: Runtime, opts: { graceSeconds?: number; limit?: number } = {}) {
  const due = new Date(clock.nowMs() - (opts.graceSeconds ?? 30) * 1000);
  const db = crossBranch(runtime);
  const rows = await db.raisedEvent.findMany({
    where: { dispatchedAt: null, createdAt: { lte: due } },
    orderBy: { createdAt: "asc" },
    take: opts.limit ?? 200,
    select: { id: true, branchId: true },
  });
  const branches = new Map<string, Branch | null>();
  for (const row of rows) {
    if (!branches.has(row.branchId))
      branches.set(row.branchId, await db.branch.findUnique({ where: { id: row.branchId } }));
    const branch = branches.get(row.branchId);
    if (branch) await dispatchEvent(runtime, branch, row.id);
  }
  // Dispatched events are kept a week (for support), then pruned.
  await db.raisedEvent.deleteMany({ where: { dispatchedAt: { lt: new Date(clock.nowMs() - 7 * 86_400_000) } } });
  return rows.length;
}

// ───────────── running a run ─────────────

export type RunOutcome = "SUCCEEDED" | "FAILED" | "RETRYING" | "NOT_TAKEN";

/** Executes a run if it is due and nobody holds it; what became of it. */
export async function executeRun(runtime: Runtime, data: { runId: string; branchId: string }): Promise<RunOutcome> {
  const branch = await crossBranch(runtime).branch.findUnique({ where: { id: data.branchId } });
  if (!branch) return "NOT_TAKEN";
  const db = scopedDb(crossBranch(runtime), branch.id);
  const now = clock.now();
  const claimed = await db.automationRun.updateMany({
    where: {
      id: data.runId,
      dryRun: false,
      OR: [
        { status: "QUEUED", OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] },
        { status: "RUNNING", leaseUntil: { lt: now } },
      ],
    },
    data: {
      status: "RUNNING",
      leaseUntil: new Date(now.getTime() + runtime.config.AUTOMATION_LEASE_SECONDS * 1000),
      attempts: { increment: 1 },
      startedAt: now,
    },
  });
  if (!claimed.count) return "NOT_TAKEN";
  const run = (await db.automationRun.findUnique({ where: { id: data.runId }, include: { automation: true } }))!;
  const ctx = runContext(runtime, branch, { depth: run.depth, runId: run.id, quiet: false });
  const automation = run.automation;
  const record = await loadRecord(ctx, run.tableId, run.entityId);
  const label = record?.label ?? `${run.tableId.toLowerCase().replace("_", " ")} ${run.entityId}`;
  if (automation.status === "DELETED")
    return finish(ctx, run, "SUCCEEDED", "", { note: "The automation was deleted before it ran." });
  if (!record) return fail(ctx, run, automation, label, -1, new Error("The record no longer exists."));
  const actions = asActions(automation);
  const done = new Map(
    (await db.automationActionRun.findMany({ where: { runId: run.id } })).map((r) => [r.actionIndex, r]),
  );
  for (const [i, action] of actions.entries()) {
    const before = done.get(i);
    if (before?.outcome === "SUCCEEDED" || before?.outcome === "SKIPPED") continue;
    if (before?.outcome === "STARTED")
      return fail(
        ctx,
        run,
        automation,
        label,
        i,
        new Error("The run stopped while this mail was being sent; it is not sent again, so it may not have gone out."),
        true,
      );
    try {
      await doAction(ctx, run, i, action, record);
    } catch (error) {
      if (isUniqueViolation(error)) continue; // done meanwhile by a worker that held the run before
      return fail(ctx, run, automation, label, i, error);
    }
    engineHooks.afterAction?.(run.id, i);
  }
  return finish(ctx, run, "SUCCEEDED", "");
}

async function finish(
  ctx: Context,
  run: AutomationRun,
  status: "SUCCEEDED" | "FAILED",
  error: string,
  report?: object,
) {
  await ctx.db.automationRun.update({
    where: { id: run.id },
    data: {
      status,
      error,
      finishedAt: clock.now(),
      leaseUntil: null,
      nextAttemptAt: null,
      ...(report ? { report } : {}),
    },
  });
  return status;
}

const actionName: Record<Action["type"], string> = {
  CREATE_ACTIVITY: "create an activity",
  RESOLVE_ACTIVITY: "resolve activities",
  SET_CUSTOM_FIELD: "set a custom field",
  SEND_MAIL: "send a mail",
};

/** Retries the action later while retries are left; then the run FAILS and its owner is told. */
async function fail(
  ctx: Context,
  run: AutomationRun,
  automation: Automation,
  label: string,
  index: number,
  error: unknown,
  final = false,
): Promise<RunOutcome> {
  const delays = retryDelays(ctx.runtime);
  const attempts = run.attempts; // counted by the claim
  const what = index >= 0 ? `Action ${index + 1} (${actionName[asActions(automation)[index]!.type]}): ` : "";
  const message = `${what}${messageOf(error)}`;
  if (!final && index >= 0 && attempts <= delays.length) {
    const delay = delays[attempts - 1]!;
    await ctx.db.automationRun.update({
      where: { id: run.id },
      data: {
        status: "QUEUED",
        error: `${message} (attempt ${attempts}; retrying in ${delay} s)`,
        leaseUntil: null,
        nextAttemptAt: new Date(clock.now().getTime() + delay * 1000),
      },
    });
    await sendRun(ctx, run.id, delay);
    return "RETRYING";
  }
  const finalMessage = index >= 0 && !final ? `${message} (failed ${attempts} times)` : message;
  if (index >= 0) {
    const data = {
      branchId: ctx.branch.id,
      runId: run.id,
      actionIndex: index,
      outcome: "FAILED",
      detail: finalMessage,
    };
    await ctx.db.automationActionRun.upsert({
      where: { runId_actionIndex: { runId: run.id, actionIndex: index } },
      create: data,
      update: { outcome: "FAILED", detail: finalMessage },
    });
  }
  await finish(ctx, run, "FAILED", finalMessage);
  await reportFailure(ctx.runtime, ctx.branch, automation, run, label, finalMessage);
  return "FAILED";
}

// ───────────── actions (what each does: actions.ts) ─────────────

const markDone = (ctx: Context, runId: string, actionIndex: number, detail: string) =>
  ctx.db.automationActionRun.createMany({
    data: [{ branchId: ctx.branch.id, runId, actionIndex, outcome: "SUCCEEDED", detail }],
    skipDuplicates: true,
  });

/** An action of a run: done through performAction, with the run's (run, action) rows. */
async function doAction(ctx: Context, run: AutomationRun, index: number, action: Action, record: RecordFacts) {
  await performAction(ctx, action, record, {
    activityCreated: (tx, activityId) =>
      tx.automationActionRun
        .create({
          data: {
            branchId: ctx.branch.id,
            runId: run.id,
            actionIndex: index,
            outcome: "SUCCEEDED",
            detail: activityId,
          },
        })
        .then(() => {}),
    done: (detail) => markDone(ctx, run.id, index, detail),
    // Marked as being sent first: a run that stops mid-send is reported, never sent twice.
    mailStarting: (to) =>
      ctx.db.automationActionRun.create({
        data: { branchId: ctx.branch.id, runId: run.id, actionIndex: index, outcome: "STARTED", detail: to.join(", ") },
      }),
    mailFailed: () => ctx.db.automationActionRun.deleteMany({ where: { runId: run.id, actionIndex: index } }),
    mailSent: () =>
      ctx.db.automationActionRun.updateMany({
        where: { runId: run.id, actionIndex: index },
        data: { outcome: "SUCCEEDED" },
      }),
  });
}

// ───────────── the sweep, and running by hand ─────────────

/** Takes up runs that are due and held by nobody (lost jobs, crashed workers, retries); how many ran. */
export async function runDueAutomations(runtime: Runtime, opts: { graceSeconds?: number; limit?: number } = {}) {
  await dispatchPendingEvents(runtime, { graceSeconds: opts.graceSeconds });
  const now = clock.now();
  const due = new Date(now.getTime() - (opts.graceSeconds ?? 30) * 1000);
  const runs = await crossBranch(runtime).automationRun.findMany({
    where: {
      dryRun: false,
      OR: [
        { status: "QUEUED", nextAttemptAt: { lte: due } },
        { status: "RUNNING", leaseUntil: { lt: now } },
      ],
    },
    orderBy: { nextAttemptAt: "asc" },
    take: opts.limit ?? 50,
    select: { id: true, branchId: true },
  });
  let ran = 0;
  for (const r of runs) if ((await executeRun(runtime, { runId: r.id, branchId: r.branchId })) !== "NOT_TAKEN") ran++;
  return { ran };
}

/**
 * Sweeps every AUTOMATION_SWEEP_SECONDS in this process when set (besides the job runner's sweep every
 * minute), one sweep at a time, so a restarted server takes up what a crash left within seconds.
 * Returns what stops it.
 */
export function startSweepTimer(runtime: Runtime): () => void {
  const seconds = runtime.config.AUTOMATION_SWEEP_SECONDS;
  if (!seconds) return () => {};
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    runDueAutomations(runtime, { graceSeconds: seconds })
      .catch((error) => log.warn("automation sweep failed", { error }))
      .finally(() => {
        sweeping = false;
      });
  }, seconds * 1000);
  return () => clearInterval(timer);
}

/**
 * Runs an automation against a record by hand. A dry run evaluates the conditions and reports what
 * each action would do, writing nothing but the run. Otherwise the run is queued as any other (event TESTING).
 */
export async function testAutomation(ctx: Context, automation: Automation, entityId: string, dryRun: boolean) {
  const tableId = EVENTS[automation.event].tableId;
  const record = await loadRecord(ctx, tableId, entityId);
  if (!record)
    throw new AppError("NOT_FOUND", tableId === "ACTIVITY" ? "Activity not found." : "Work order not found.");
  const evaluation = await evaluate(ctx, asConditions(automation), record);
  const ref = { tableId, entityId: record.id };
  if (!dryRun && evaluation.met) return queueTestRun(ctx, automation, ref);
  const report: DryRunReport = {
    conditionsMet: evaluation.met,
    conditions: evaluation.results,
    actions: evaluation.met ? await describeActions(ctx, asActions(automation), record) : [],
  };
  return ctx.db.automationRun.create({
    data: {
      branchId: ctx.branch.id,
      automationId: automation.id,
      event: "TESTING",
      ...ref,
      status: "SUCCEEDED",
      dryRun,
      report,
      startedAt: clock.now(),
      finishedAt: clock.now(),
    },
  });
}
