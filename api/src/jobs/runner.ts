import { fromPglite, PgBoss } from "pg-boss";
import type { Database } from "../db/client.ts";
import { log } from "../log.ts";

// Background jobs on pg-boss 12: on PostgreSQL through its own pool (every API container runs a
// worker; pg-boss hands each job to one of them), on the embedded PGlite in process through its
// adapter. Schedules are cron expressions kept in the database. The handlers are plain functions
// (runDueAutoPays) that server.ts hands in and tests call directly for a given date; this module knows
// no domain module. See docs/decisions/0154-autopay-job.md.

export const AUTOPAY_QUEUE = "autopay-due";
/** Hourly: each branch runs its autopays once its own local day has reached AUTOPAY_LOCAL_HOUR. */
export const AUTOPAY_CRON = "7 * * * *";

/** Every minute: error alerts are evaluated (raised, reminded, cleared; docs/decisions/0621-error-alerts.md). */
export const ERROR_ALERTS_QUEUE = "error-alerts";
export const ERROR_ALERTS_CRON = "* * * * *";
/** Daily: old telemetry rows are pruned (docs/decisions/0620-telemetry-storage.md). */
export const TELEMETRY_PRUNE_QUEUE = "telemetry-prune";
export const TELEMETRY_PRUNE_CRON = "17 3 * * *";
/** One job per automation run (docs/decisions/0720-automations.md); data { runId, branchId }. */
export const AUTOMATION_QUEUE = "automation-run";
/** Every minute: runs whose job was lost (sent while no worker ran, a crashed worker) are taken up. */
export const AUTOMATION_SWEEP_QUEUE = "automation-sweep";
export const AUTOMATION_SWEEP_CRON = "* * * * *";
/** Daily, early morning in the Americas: route events a sweep finds (cards expiring, rental anniversaries; 0760). */
export const ROUTE_EVENTS_QUEUE = "route-events";
export const ROUTE_EVENTS_CRON = "15 10 * * *";

/** One job per large workflow shortcut run (docs/decisions/0770-bulk-shortcuts-and-saved-actions.md); data { executionId, branchId }. */
export const SHORTCUT_RUN_QUEUE = "shortcut-run";
/** Every minute: shortcut runs whose job was lost or whose worker died are taken up. */
export const SHORTCUT_SWEEP_QUEUE = "shortcut-sweep";

/** One job per committed lead CSV import (docs/decisions/0810-lead-csv-import.md); data { fileId, branchId }. */
export const LEAD_IMPORT_QUEUE = "lead-import";
/** Every minute: lead imports whose job was lost or whose worker died are taken up. */
export const LEAD_IMPORT_SWEEP_QUEUE = "lead-import-sweep";

/** Every minute: retailer referral feeds that are due are polled and due write-backs sent (0890). */
export const RETAILER_POLL_QUEUE = "retailer-poll";

/** What each queue does; handed in by server.ts. */
export type JobHandlers<Runtime> = {
  /** Runs the automatic payments that are due; returns one report per payment. */
  autopay: (rt: Runtime) => Promise<readonly unknown[]>;
  /** Evaluates the error alerts; returns one outcome per alert. */
  errorAlerts?: (rt: Runtime) => Promise<readonly unknown[]>;
  /** Deletes telemetry past its retention; returns counts. */
  telemetryPrune?: (rt: Runtime) => Promise<object>;
  /** Executes one automation run (its own retries are scheduled by sending the job again, later). */
  automationRun?: (rt: Runtime, data: { runId: string; branchId: string }) => Promise<unknown>;
  /** Takes up automation runs that are due and have no worker. */
  automationSweep?: (rt: Runtime) => Promise<unknown>;
  /** Raises the route events found by looking (each once per record and key); returns one report per branch. */
  routeEvents?: (rt: Runtime) => Promise<readonly unknown[]>;
  /** Works one large shortcut run to its end (or resumes it). */
  shortcutRun?: (rt: Runtime, data: { executionId: string; branchId: string }) => Promise<unknown>;
  /** Takes up shortcut runs that are queued or held by a dead worker. */
  shortcutSweep?: (rt: Runtime) => Promise<unknown>;
  /** Commits one lead import to its end (or resumes it). */
  leadImport?: (rt: Runtime, data: { fileId: string; branchId: string }) => Promise<unknown>;
  /** Takes up lead imports being committed that nobody holds. */
  leadImportSweep?: (rt: Runtime) => Promise<unknown>;
  /** Polls the retailer feeds that are due and sends due write-backs. */
  retailerPoll?: (rt: Runtime) => Promise<unknown>;
};

/**
 * How often the worker of a queue filled only by its schedule (at most once a minute) asks for a job:
 * such a job then starts up to 10 s after it is due (pg-boss's default, 2 s, cost a database poll a
 * second for these eight queues together: most of an idle server's work). A job asked for by hand
 * (sendNow) wakes its worker at once.
 */
const SCHEDULED_POLLING_SECONDS = 10;

export type JobRunnerOptions = {
  /** Seconds between cron checks (pg-boss defaults are fine in production; tests lower them). */
  cronIntervalSeconds?: number;
};

/** Generic in the runtime it hands to the handlers (runtime.ts), which needs only its database here. */
export class JobRunner<Runtime extends { database: Database }> {
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;
  /** The worker of each queue filled by a schedule, woken by sendNow. */
  private scheduledWorkers = new Map<string, string>();

  constructor(
    private readonly getRuntime: () => Runtime,
    private readonly handlers: JobHandlers<Runtime>,
    private readonly opts: JobRunnerOptions = {},
  ) {}

  get running() {
    return this.boss !== null;
  }

  /** Starts pg-boss, creates the queues and schedules, and starts the workers. */
  start(): Promise<void> {
    this.starting ??= this.doStart().catch((error) => {
      log.error("job runner failed to start", { error });
      this.boss = null;
      throw error;
    });
    return this.starting;
  }

  private async doStart() {
    const rt = this.getRuntime();
    const db = rt.database;
    const timing = this.opts.cronIntervalSeconds
      ? {
          cronMonitorIntervalSeconds: this.opts.cronIntervalSeconds,
          cronWorkerIntervalSeconds: this.opts.cronIntervalSeconds,
        }
      : {};
    let boss: PgBoss;
    if (db.kind === "pglite" && db.pglite) {
      boss = new PgBoss({ db: fromPglite(db.pglite), backend: "pglite", ...timing });
    } else if (db.migrationTarget.kind === "postgres") {
      boss = new PgBoss({ connectionString: db.migrationTarget.url, max: 3, ...timing });
    } else {
      throw new Error("job runner: no database to run on");
    }
    boss.on("error", (error) => log.error("job runner error", { error }));
    await boss.start();
    await boss.createQueue(AUTOPAY_QUEUE, { retryLimit: 2, retryDelay: 300, expireInSeconds: 3600 });
    await boss.schedule(AUTOPAY_QUEUE, AUTOPAY_CRON, {}, { tz: "UTC" });
    await this.scheduled(boss, AUTOPAY_QUEUE, async () => {
      const reports = await this.handlers.autopay(this.getRuntime());
      return { ran: reports.length };
    });
    const { errorAlerts, telemetryPrune, automationRun, automationSweep } = this.handlers;
    if (errorAlerts) {
      await boss.createQueue(ERROR_ALERTS_QUEUE, { retryLimit: 0, expireInSeconds: 120 });
      await boss.schedule(ERROR_ALERTS_QUEUE, ERROR_ALERTS_CRON, {}, { tz: "UTC" });
      await this.scheduled(boss, ERROR_ALERTS_QUEUE, async () => ({
        alerts: (await errorAlerts(this.getRuntime())).length,
      }));
    }
    if (telemetryPrune) {
      await boss.createQueue(TELEMETRY_PRUNE_QUEUE, { retryLimit: 2, retryDelay: 600, expireInSeconds: 1800 });
      await boss.schedule(TELEMETRY_PRUNE_QUEUE, TELEMETRY_PRUNE_CRON, {}, { tz: "UTC" });
      await this.scheduled(boss, TELEMETRY_PRUNE_QUEUE, async () => telemetryPrune(this.getRuntime()));
    }
    if (automationRun) {
      // A failing action is retried by the run itself (a new job, later); a throw here is unexpected.
      await boss.createQueue(AUTOMATION_QUEUE, {
        retryLimit: 3,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: 600,
      });
      await boss.work<{ runId: string; branchId: string }>(
        AUTOMATION_QUEUE,
        // Half a second between polls, and the runs of a batch side by side (each holds its own run's
        // lease), so a burst of events is not worked one run after another.
        { batchSize: 4, pollingIntervalSeconds: 0.5 },
        async (jobs) => {
          await Promise.all(jobs.map((job) => automationRun(this.getRuntime(), job.data)));
        },
      );
    }
    if (automationSweep) {
      await boss.createQueue(AUTOMATION_SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 300 });
      await boss.schedule(AUTOMATION_SWEEP_QUEUE, AUTOMATION_SWEEP_CRON, {}, { tz: "UTC" });
      await this.scheduled(boss, AUTOMATION_SWEEP_QUEUE, async () => automationSweep(this.getRuntime()));
    }
    const { routeEvents } = this.handlers;
    if (routeEvents) {
      await boss.createQueue(ROUTE_EVENTS_QUEUE, { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 });
      await boss.schedule(ROUTE_EVENTS_QUEUE, ROUTE_EVENTS_CRON, {}, { tz: "UTC" });
      await this.scheduled(boss, ROUTE_EVENTS_QUEUE, async () => ({
        branches: (await routeEvents(this.getRuntime())).length,
      }));
    }
    const { shortcutRun, shortcutSweep } = this.handlers;
    if (shortcutRun) {
      // A run holds a lease it renews as it goes; a job redelivered meanwhile finds it held and stops.
      await boss.createQueue(SHORTCUT_RUN_QUEUE, { retryLimit: 3, retryDelay: 30, expireInSeconds: 3600 });
      await boss.work<{ executionId: string; branchId: string }>(
        SHORTCUT_RUN_QUEUE,
        { pollingIntervalSeconds: 1 },
        async (jobs) => {
          for (const job of jobs) await shortcutRun(this.getRuntime(), job.data);
        },
      );
    }
    if (shortcutSweep) {
      await boss.createQueue(SHORTCUT_SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 3600 });
      await boss.schedule(SHORTCUT_SWEEP_QUEUE, AUTOMATION_SWEEP_CRON, {}, { tz: "UTC" });
      await this.scheduled(boss, SHORTCUT_SWEEP_QUEUE, async () => shortcutSweep(this.getRuntime()));
    }
    const { leadImport, leadImportSweep } = this.handlers;
    if (leadImport) {
      // A commit holds a lease it renews per batch; a job redelivered meanwhile finds it held and stops.
      await boss.createQueue(LEAD_IMPORT_QUEUE, { retryLimit: 3, retryDelay: 30, expireInSeconds: 3600 });
      await boss.work<{ fileId: string; branchId: string }>(
        LEAD_IMPORT_QUEUE,
        { pollingIntervalSeconds: 1 },
        async (jobs) => {
          for (const job of jobs) await leadImport(this.getRuntime(), job.data);
        },
      );
    }
    if (leadImportSweep) {
      await boss.createQueue(LEAD_IMPORT_SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 3600 });
      await boss.schedule(LEAD_IMPORT_SWEEP_QUEUE, AUTOMATION_SWEEP_CRON, {}, { tz: "UTC" });
      await this.scheduled(boss, LEAD_IMPORT_SWEEP_QUEUE, async () => leadImportSweep(this.getRuntime()));
    }
    const { retailerPoll } = this.handlers;
    if (retailerPoll) {
      // One job a minute for the whole cluster (a pg-boss schedule); each feed is also held by a lease.
      await boss.createQueue(RETAILER_POLL_QUEUE, { retryLimit: 0, expireInSeconds: 600 });
      await boss.schedule(RETAILER_POLL_QUEUE, AUTOMATION_SWEEP_CRON, {}, { tz: "UTC" });
      await this.scheduled(boss, RETAILER_POLL_QUEUE, async () => retailerPoll(this.getRuntime()));
    }
    this.boss = boss;
    log.info("job runner started", {
      queues: [
        AUTOPAY_QUEUE,
        ...(errorAlerts ? [ERROR_ALERTS_QUEUE] : []),
        ...(telemetryPrune ? [TELEMETRY_PRUNE_QUEUE] : []),
        ...(automationRun ? [AUTOMATION_QUEUE] : []),
        ...(automationSweep ? [AUTOMATION_SWEEP_QUEUE] : []),
        ...(routeEvents ? [ROUTE_EVENTS_QUEUE] : []),
        ...(shortcutRun ? [SHORTCUT_RUN_QUEUE] : []),
        ...(shortcutSweep ? [SHORTCUT_SWEEP_QUEUE] : []),
        ...(leadImport ? [LEAD_IMPORT_QUEUE] : []),
        ...(leadImportSweep ? [LEAD_IMPORT_SWEEP_QUEUE] : []),
        ...(retailerPoll ? [RETAILER_POLL_QUEUE] : []),
      ],
    });
  }

  /** Works a queue filled by its schedule (polled every SCHEDULED_POLLING_SECONDS). */
  private async scheduled(boss: PgBoss, queue: string, handler: () => Promise<unknown>) {
    const id = await boss.work(queue, { pollingIntervalSeconds: SCHEDULED_POLLING_SECONDS }, handler);
    this.scheduledWorkers.set(queue, id);
  }

  /** Asks for a job now (used by tests and by hand); returns its id. Its worker looks at once. */
  async sendNow(queue: string, data: object = {}): Promise<string | null> {
    await this.start();
    const id = await this.boss!.send(queue, data);
    const worker = this.scheduledWorkers.get(queue);
    if (worker) this.boss!.notifyWorker(worker);
    return id;
  }

  /**
   * Sends a job when this process runs the jobs (null otherwise: the work must then be recorded where a
   * sweep finds it, as automation runs are). `startAfterSeconds` delays it.
   */
  async sendIfRunning(queue: string, data: object, startAfterSeconds = 0): Promise<string | null> {
    const boss = this.boss;
    if (!boss) return null;
    return boss.send(queue, data, startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {});
  }

  /** The pg-boss instance, once started (tests inspect schedules and jobs). */
  get instance(): PgBoss | null {
    return this.boss;
  }

  async stop(): Promise<void> {
    const starting = this.starting;
    if (!starting) return;
    await starting.catch(() => {});
    const boss = this.boss;
    this.boss = null;
    this.starting = null;
    this.scheduledWorkers.clear();
    if (boss)
      await boss.stop({ graceful: true, timeout: 10_000 }).catch((error) => log.warn("job runner stop", { error }));
  }
}
