import type { ServerWebSocket } from "bun";
import { GRAPHQL_TRANSPORT_WS_PROTOCOL } from "graphql-ws";
import { createApp } from "./app.ts";
import { BranchResolver } from "./auth/branch.ts";
import { configurePasswordHashing } from "./auth/password.ts";
import { SessionStore } from "./auth/session.ts";
import { createThrottle } from "./auth/throttle.ts";
import { clock } from "./clock.ts";
import { clusterWanted, prepareOnce, runCluster } from "./cluster.ts";
import { type Config, ConfigError, parseConfig } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { applyMigrations, migrationStatus } from "./db/migrate.ts";
import { onDataChanged } from "./db/read-cache.ts";
import { websocketOriginAllowed } from "./graphql/http-guard.ts";
import { LIMITS } from "./graphql/limits.ts";
import { newSocketRequestId, type SocketData, websocketHandler } from "./graphql/ws.ts";
import { createMailer } from "./integrations/mail/mailer.ts";
import { sandboxAllowed } from "./integrations/payments/gateway.ts";
import { handleSandboxGatewayRequest } from "./integrations/payments/sandbox.ts";
import { makePubSub } from "./integrations/pubsub.ts";
import { JobRunner } from "./jobs/runner.ts";
import { log, setLogLevel } from "./log.ts";
import { executeRun, runDueAutomations, startSweepTimer } from "./modules/automations/engine.ts";
import { runRouteEventSweep } from "./modules/deliveries/route-event-sweep.ts";
import { executeLeadImport, runDueLeadImports } from "./modules/leads/imports.job.ts";
import { runDueRetailerPolls } from "./modules/leads/retailer.poll.ts";
import { runDueAutoPays } from "./modules/payments/autopay.service.ts";
import { executeShortcutRun, runDueShortcutRuns } from "./modules/shortcuts/shortcuts.job.ts";
import { evaluateErrorAlerts } from "./modules/telemetry/telemetry.alerts.ts";
import { pruneTelemetry } from "./modules/telemetry/telemetry.ingest.ts";
import { guardProcess } from "./process-guard.ts";
import type { Runtime } from "./runtime.ts";
import { clientAddress } from "./security/ip-allowlist.ts";

export type RunningServer = {
  url: string;
  port: number;
  runtime: Runtime;
  stop(): Promise<void>;
};

const JOBS_START_DELAY_MS = 2_000;
const DEV_SESSION_SECRET = "embedded-mode-session-secret-not-for-production";

/**
 * Process-wide settings from the configuration: where the business clock starts and the work factor of
 * new password hashes. A server and a cluster's primary (which seeds the demo, hashing its password) both
 * apply them before anything else.
 */
function configureProcess(config: Config) {
  if (config.CLOCK_START) clock.configure(new Date(config.CLOCK_START));
  if (config.PASSWORD_HASH_MEMORY_KIB || config.PASSWORD_HASH_TIME_COST)
    configurePasswordHashing({
      memoryCost: config.PASSWORD_HASH_MEMORY_KIB ?? 65_536,
      timeCost: config.PASSWORD_HASH_TIME_COST ?? 2,
    });
}

/** Opens the database, applies pending migrations, seeds the demo when asked, and serves. */
export async function startServer(
  config: Config,
  opts: { database?: Database; seed?: boolean } = {},
): Promise<RunningServer> {
  setLogLevel(config.LOG_LEVEL);
  guardProcess();
  configureProcess(config);
  if (config.NODE_ENV === "production" && !config.SESSION_SECRET)
    throw new ConfigError("Invalid environment variable SESSION_SECRET: required in production");

  // The schema (every module) is loaded while the database opens.
  const schemaLoading = import("./graphql/schema.ts");
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      countStatements: config.SQL_STATEMENT_COUNT === "on",
    }));
  await prepareDatabase(config, database, opts.seed);

  const { pubsub, close: closePubSub } = makePubSub(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  const runtime: Runtime = {
    config,
    database,
    prisma: database.prisma,
    branches: new BranchResolver(database.prisma, config.DEFAULT_BRANCH_HOST),
    sessions: new SessionStore(database.prisma, config.SESSION_SECRET ?? DEV_SESSION_SECRET),
    pubsub,
    mailer: createMailer(config, database.prisma),
    throttle: createThrottle(config, database.prisma),
    jobs: new JobRunner(() => runtime, {
      autopay: runDueAutoPays,
      errorAlerts: evaluateErrorAlerts,
      telemetryPrune: (rt) => pruneTelemetry(rt.prisma),
      automationRun: executeRun,
      automationSweep: (rt) => runDueAutomations(rt),
      routeEvents: (rt) => runRouteEventSweep(rt),
      shortcutRun: executeShortcutRun,
      shortcutSweep: (rt) => runDueShortcutRuns(rt),
      leadImport: executeLeadImport,
      leadImportSweep: (rt) => runDueLeadImports(rt),
      retailerPoll: (rt) => runDueRetailerPolls(rt),
    }),
    version: config.APP_VERSION,
  };
  // Sessions and branches cached in this process are dropped when any process of the deployment writes them.
  onDataChanged(runtime, ["Session", "User"], () => runtime.sessions.forgetAll());
  onDataChanged(runtime, ["Branch", "BranchWatertightFeature"], () => runtime.branches.invalidate());
  const { schema } = await schemaLoading;
  const { app } = createApp(runtime, schema);

  const sockets = new Set<ServerWebSocket<SocketData>>();
  const socketsPerAddress = new Map<string, number>();
  const _production = config.NODE_ENV === "production";
  const ws = websocketHandler(runtime, schema);

  const server = Bun.serve<SocketData>({
    port: config.PORT,
    hostname: config.HOST,
    // A cluster's workers listen on one port together; the kernel spreads connections over them.
    reusePort: config.WORKER_ID !== undefined,
    idleTimeout: 60,
    fetch(req, srv) {
      const url = new URL(req.url);
      if (url.pathname === "/graphql" && req.headers.get("upgrade")?.toLowerCase() === "websocket") {
        // Cross-site websocket hijacking: a page on another origin must not open a socket with the cookie.
        if (!websocketOriginAllowed(req.headers, config))
          return new Response("Websocket refused: the page's origin is not allowed.", { status: 403 });
        const offered = (req.headers.get("sec-websocket-protocol") ?? "").split(",").map((p) => p.trim());
        const protocolOk = offered.includes(GRAPHQL_TRANSPORT_WS_PROTOCOL);
        const ok = srv.upgrade(req, {
          data: {
            headers: req.headers,
            url: req.url,
            ip: clientAddress(config, req.headers, srv.requestIP(req)?.address),
            protocolOk,
            requestId: newSocketRequestId(),
          },
          headers: protocolOk ? { "sec-websocket-protocol": GRAPHQL_TRANSPORT_WS_PROTOCOL } : undefined,
        });
        return ok ? undefined : new Response("Upgrade failed", { status: 400 });
      }
      // The sandbox gateway's tokenizer (what Collect.js is to NMI); card data never reaches /graphql.
      if (url.pathname.startsWith("/sandbox-gateway/") && sandboxAllowed(config))
        return handleSandboxGatewayRequest(req);
      return app.fetch(req, { ip: srv.requestIP(req)?.address });
    },
    websocket: {
      maxPayloadLength: LIMITS.maxBodyBytes, // a longer message closes the socket (1009)
      open(socket) {
        // graphql-ws closes a wrong subprotocol with 4406 (Subprotocol not acceptable).
        if (!socket.data.protocolOk) return socket.close(4406, "Subprotocol not acceptable");
        // 1013 Try Again Later: the web client retries with backoff.
        const open = socketsPerAddress.get(socket.data.ip) ?? 0;
        if (open >= LIMITS.maxSocketsPerAddress)
          return socket.close(1013, `Too many connections from this address: at most ${LIMITS.maxSocketsPerAddress}`);
        socketsPerAddress.set(socket.data.ip, open + 1);
        sockets.add(socket);
        return ws.open(socket);
      },
      message(socket, message) {
        return ws.message(socket, message);
      },
      close(socket, code, reason) {
        if (!sockets.delete(socket)) return;
        const left = (socketsPerAddress.get(socket.data.ip) ?? 1) - 1;
        if (left > 0) socketsPerAddress.set(socket.data.ip, left);
        else socketsPerAddress.delete(socket.data.ip);
        return ws.close(socket, code, reason);
      },
    },
  });

  // Background jobs start beside the server, a moment after it serves (not awaited): pg-boss's start (its
  // schema, queues and schedules) would otherwise hold up the first requests, on PGlite's one session most.
  const jobsTimer =
    config.JOBS === "on" ? setTimeout(() => runtime.jobs.start().catch(() => {}), JOBS_START_DELAY_MS) : undefined;
  const stopSweepTimer = config.JOBS === "on" ? startSweepTimer(runtime) : () => {};

  // The first visitor after a start waits for nothing the second would not: the sign-in page is rendered
  // once here (loading React's server renderer, ~200 ms, and running its GraphQL), before /readyz says ready.
  const firstPage = new Request(`http://localhost:${server.port}/v2/account/login`, {
    headers: { accept: "text/html" },
  });
  runtime.warmedUp = Promise.resolve(app.fetch(firstPage, { ip: "127.0.0.1" }))
    .then((res) => res.arrayBuffer())
    .catch((error) => log.warn("warm-up render failed", { error }));

  // A new version (a deploy, one worker after another) announces itself: browsers connected to any
  // process of the deployment learn of it (lib/version.ts offers a reload).
  if (config.REDIS_URL) pubsub.publish("serverVersion", runtime.version);

  let stopping: Promise<void> | undefined;
  const running: RunningServer = {
    url: `http://localhost:${server.port}`,
    port: server.port ?? config.PORT,
    runtime,
    stop() {
      stopping ??= (async () => {
        clearTimeout(jobsTimer);
        stopSweepTimer();
        const done = server.stop(); // stop accepting; in-flight requests finish
        for (const s of sockets) s.close(1001, "Server shutting down");
        await Promise.race([done, Bun.sleep(8000)]);
        await runtime.jobs.stop();
        await closePubSub();
        await runtime.mailer.close();
        await runtime.throttle.close();
        if (!opts.database) await database.close();
      })();
      return stopping;
    },
  };
  return running;
}

/**
 * Applies pending migrations and seeds the demo when wanted. A cluster's primary does it once before
 * its workers start (they then find nothing to do).
 */
export async function prepareDatabase(config: Config, database: Database, seed?: boolean): Promise<void> {
  // The first query of a process loads Prisma's query compiler: done beside the migration check rather
  // than in the first request (on a database not migrated yet it fails, harmlessly, before any migration).
  const warmUp = database.prisma.branch.findFirst({ select: { id: true } }).catch(() => null);
  // The schema engine (WebAssembly, a few hundred ms to start) runs only when a migration is pending or
  // failed (applyMigrations then refuses to go on); an up-to-date database is checked by one query.
  const [status] = await Promise.all([migrationStatus(database.migrationTarget), warmUp]);
  const applied = status.pending.length || status.failed.length ? await applyMigrations(database.migrationTarget) : [];
  if (applied.length) log.info("migrations applied", { applied });

  const seedWanted =
    seed ??
    (config.SEED_DEMO === "always" ||
      // auto: a fresh embedded database in development; production seeds only when asked (always)
      (config.SEED_DEMO === "auto" && database.kind === "pglite" && config.NODE_ENV !== "production"));
  if (seedWanted && (await database.prisma.branch.count()) === 0) {
    const { seedDemo } = await import("./seed/index.ts");
    const started = performance.now();
    await seedDemo(database.prisma);
    // Planner statistics for the new rows (PGlite has no autovacuum to gather them).
    await database.prisma.$executeRawUnsafe("ANALYZE");
    log.info("demo data seeded", { ms: Math.round(performance.now() - started) });
  }
}

async function main() {
  let config: Config;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (clusterWanted(config)) {
    setLogLevel(config.LOG_LEVEL);
    configureProcess(config);
    await runCluster(config, () => prepareOnce(config, prepareDatabase));
    return;
  }
  let running: RunningServer;
  try {
    running = await startServer(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    log.error("server failed to start", { error });
    process.exit(1);
  }
  log.info("server started", {
    url: running.url,
    database: running.runtime.database.kind,
    ...(clock.shifted ? { clock: clock.now().toISOString() } : {}),
    version: running.runtime.version,
  });
  if (running.runtime.database.kind === "pglite") {
    const { demoCredentials } = await import("./seed/index.ts");
    const base = config.PUBLIC_URL.replace(/\/$/, "");
    const [customer, employee, admin] = demoCredentials.users;
    console.log(
      [
        "",
        `  Route Water is running at ${base}`,
        "",
        `  Sign in with password ${demoCredentials.password}:`,
        `    customer portal   ${base}/v2/account/login   ${customer.email}`,
        `    team back office  ${base}/team/login         ${employee.email}`,
        `    admin console     ${base}/v2/account/login   ${admin.email}`,
        "  Other branches: add ?host=north (or ?host=closed, a disabled branch) to any address.",
        "",
      ].join("\n"),
    );
  }
  const shutdown = (signal: string) => {
    log.info("shutting down", { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    running.stop().then(() => {
      clearTimeout(force);
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

if (import.meta.main) await main();
