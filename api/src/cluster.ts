import type { Subprocess } from "bun";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { log } from "./log.ts";

// WORKERS=N: N processes serve one port (Bun's reusePort: the kernel spreads connections over them), so
// every core is in use. They are stateless: sessions, jobs and data live in PostgreSQL; throttles,
// subscription events and cache invalidations travel through Redis. The primary (this code) migrates and
// seeds once, starts the workers, starts again one that stops unexpectedly, and stops them all on SIGTERM.
// The embedded PGlite database belongs to one process: without DATABASE_URL there is one worker.

const RESTART_DELAYS_MS = [250, 1_000, 5_000, 15_000, 30_000];
/** A worker that ran this long before it stopped is started again at once (the crash was not at start). */
const STABLE_MS = 30_000;

/** Whether the configuration asks for a cluster this machine can run; says why not when it cannot. */
export function clusterWanted(config: Config): boolean {
  if (config.WORKERS <= 1 || config.WORKER_ID !== undefined) return false;
  if (!config.DATABASE_URL) {
    log.warn(
      `WORKERS=${config.WORKERS} needs DATABASE_URL: the embedded database (PGlite) belongs to one process, so one worker serves.`,
    );
    return false;
  }
  if (!config.REDIS_URL)
    log.warn(
      "WORKERS without REDIS_URL: each worker keeps its own throttles and subscriptions; set REDIS_URL to share them.",
    );
  return true;
}

/** Prepares the database, then runs the workers until SIGTERM or SIGINT. */
export async function runCluster(config: Config, prepare: () => Promise<void>): Promise<void> {
  await prepare();
  const workers = new Map<number, Subprocess>();
  let stopping = false;

  const start = (id: number, failures: number) => {
    const startedAt = Date.now();
    const child = Bun.spawn([process.execPath, ...process.argv.slice(1)], {
      env: { ...process.env, WORKER_ID: String(id), WORKERS: String(config.WORKERS) },
      stdio: ["ignore", "inherit", "inherit"],
    });
    workers.set(id, child);
    void child.exited.then((code) => {
      if (stopping) return;
      const quick = Date.now() - startedAt < STABLE_MS;
      const delay = quick ? RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)]! : 0;
      log.error("worker stopped; starting it again", { worker: id, code, inMs: delay });
      setTimeout(() => {
        if (!stopping) start(id, quick ? failures + 1 : 0);
      }, delay);
    });
  };
  for (let id = 1; id <= config.WORKERS; id++) start(id, 0);
  log.info("cluster started", { workers: config.WORKERS, port: config.PORT });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("stopping the workers", { signal });
    for (const child of workers.values()) child.kill("SIGTERM");
    const force = setTimeout(() => process.exit(1), 12_000);
    void Promise.all([...workers.values()].map((c) => c.exited)).then(() => {
      clearTimeout(force);
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** The primary's preparation: migrations and the demo seed, once, on a connection of its own. */
export async function prepareOnce(
  config: Config,
  prepareDatabase: (config: Config, database: Database) => Promise<void>,
) {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await prepareDatabase(config, database);
  } finally {
    await database.close();
  }
}
