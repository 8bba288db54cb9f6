import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { clock } from "../clock.ts";
import { getDatamodel } from "../generated/pothos-types.ts";
import { PrismaClient } from "../generated/prisma/client.ts";
import { branchOfWrite, ChangeFeed, isWrite } from "./change-feed.ts";
import type { MigrationTarget } from "./migrate.ts";
import { countingAdapter } from "./statement-counter.ts";

// The only place that builds Prisma clients. Embedded default: PGlite (PostgreSQL in process) in
// DATA_DIR; with DATABASE_URL a real PostgreSQL server. Same schema, migrations and tests.
export type Database = {
  kind: "pglite" | "postgres";
  prisma: PrismaClient;
  pglite?: PGlite;
  migrationTarget: MigrationTarget;
  /** Every write through `prisma` (and the clients derived from it), for caches (change-feed.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
};

/**
 * A transaction waits up to 10 s for a connection (Prisma's default is 2 s): a burst of requests that each
 * open one (20 activities resolved at once, on a pool of 10, or PGlite's one connection) on a busy
 * machine waited longer than 2 s and answered "Unexpected error"; waiting is what the user would want.
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000 };

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** In memory: start from this data directory (a `dumpDataDir()` of another PGlite) instead of initdb. */
  loadDataDir?: Blob;
  /** Count SQL statements per request (diagnostics for the benchmark, statement-counter.ts). */
  countStatements?: boolean;
}): Promise<Database> {
  const changes = new ChangeFeed();
  const adapt = <F extends SqlDriverAdapterFactory>(f: F) => (opts.countStatements ? countingAdapter(f) : f);
  if (opts.databaseUrl) {
    const prisma = withHooks(
      // jit=off: PostgreSQL's JIT compiled a lead report's plan on every run (9 s of compiling for
      // 0.2 s of work over 19,000 leads); the API's statements are short, JIT never pays here.
      new PrismaClient({
        adapter: adapt(new PrismaPg({ connectionString: opts.databaseUrl, max: 10, options: "-c jit=off" })),
        transactionOptions: TRANSACTION_OPTIONS,
      }),
      changes,
    );
    return {
      kind: "postgres",
      prisma,
      migrationTarget: { kind: "postgres", url: opts.databaseUrl },
      changes,
      close: () => prisma.$disconnect(),
    };
  }
  let pglite: PGlite;
  if (opts.inMemory) {
    pglite = await PGlite.create(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  } else {
    const dir = join(opts.dataDir ?? "./data", "pglite");
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  }
  const prisma = withHooks(
    new PrismaClient({ adapter: adapt(new PrismaPGlite(pglite)), transactionOptions: TRANSACTION_OPTIONS }),
    changes,
  );
  return {
    kind: "pglite",
    prisma,
    pglite,
    migrationTarget: { kind: "pglite", pglite },
    changes,
    async close() {
      await prisma.$disconnect();
      // PGlite must be closed cleanly, or the next start runs crash recovery.
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * A small pool per PostgreSQL database for `runStatement` (Prisma's own pool is not reachable): four, for
 * the lead import's write of one batch beside the next batch's look-ups.
 */
const statementPools = new WeakMap<Database, pg.Pool>();

/**
 * One statement with these parameters, straight through the driver (PGlite's, or for PostgreSQL a small
 * pool of its own), past Prisma; its rows as the driver parses them (text, numbers, Dates). A raw query
 * through Prisma serializes its parameters again on their way to the driver and compiles a plan for
 * them, which for large parameters (the lead import's batch of rows as one JSON text, a look-up's list
 * of 2,000 keys) costs the server more than the statement costs PostgreSQL. Autocommit, no
 * transaction: for statements that need none. Its writes are not noted in `changes` (no raw SQL's are).
 * On PostgreSQL its commits do not wait for the disk (synchronous_commit off): for writes that a later
 * ordinary commit makes durable (flushing the log up to a commit flushes every commit before it; a
 * crash in between may lose the last of them). The lead import's rows are such writes: the file says
 * "interrupted" until the dry run's last, ordinary, commit. On a disk others were using, waiting for
 * each batch's flush doubled the dry run (100,000 rows: 15.4 s, then 7.3 s without).
 * Idle connections close after a second (and never keep the process alive).
 */
export async function runStatement<T = unknown>(
  database: Database,
  sql: string,
  params: readonly unknown[],
): Promise<T[]> {
  if (database.pglite) return (await database.pglite.query<T>(sql, params as unknown[])).rows;
  const target = database.migrationTarget;
  if (target.kind !== "postgres") throw new Error("runStatement: no PostgreSQL address");
  let pool = statementPools.get(database);
  if (!pool) {
    pool = new pg.Pool({
      connectionString: target.url,
      max: 4,
      idleTimeoutMillis: 1000,
      allowExitOnIdle: true,
      options: "-c jit=off -c synchronous_commit=off",
    });
    pool.on("error", () => {}); // an idle connection dropped by the server: the next statement reconnects
    statementPools.set(database, pool);
  }
  return (await pool.query(sql, params as unknown[])).rows as T[];
}

/** A connection held for statements that need one session (a temporary table): `holdConnection`. */
export type HeldConnection = {
  query<T = unknown>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Closes it (PostgreSQL: the session ends, and its temporary tables with it). */
  end(): Promise<void>;
};

/** At most this many held connections per PostgreSQL database at once; the next waits for one to end. */
export const MAX_HELD_CONNECTIONS = 4;
const held = new WeakMap<Database, { open: number; waiting: (() => void)[] }>();

/** Waits for a held-connection slot of `database`; resolves to its release (call once). */
async function heldSlot(database: Database): Promise<() => void> {
  const s = held.get(database) ?? { open: 0, waiting: [] };
  held.set(database, s);
  while (s.open >= MAX_HELD_CONNECTIONS) await new Promise<void>((resolve) => s.waiting.push(resolve));
  s.open++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    s.open--;
    s.waiting.shift()?.();
  };
}

/**
 * A connection of its own, past Prisma, for statements that must share a session (the lead import's
 * keys in a temporary table): for PostgreSQL a new connection (not one of a pool, so holding it never
 * starves anyone; 32 MB of buffers for its temporary tables), for PGlite its one connection (the caller
 * drops what it made). Autocommit, as `runStatement`. At most MAX_HELD_CONNECTIONS are open per
 * database: twenty dry runs started at once open four connections, the others wait their turn (each held
 * connection is one of the server's max_connections, which a burst must not use up).
 */
export async function holdConnection(database: Database): Promise<HeldConnection> {
  const pglite = database.pglite;
  if (pglite)
    return {
      query: async <T>(sql: string, params: readonly unknown[] = []) =>
        (await pglite.query<T>(sql, params as unknown[])).rows,
      end: async () => {},
    };
  const target = database.migrationTarget;
  if (target.kind !== "postgres") throw new Error("holdConnection: no PostgreSQL address");
  const release = await heldSlot(database);
  const client = new pg.Client({ connectionString: target.url, options: "-c jit=off -c temp_buffers=32MB" });
  client.on("error", () => {}); // the server closed it: the next statement fails and says so
  try {
    await client.connect();
  } catch (error) {
    release();
    throw error;
  }
  return {
    query: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, params as unknown[])).rows as T[],
    end: () => client.end().finally(release),
  };
}

/**
 * The time columns each model fills from the database's now() (`createdAt`, a lead's or activity's
 * `enteredTime`, a session's `lastSeenAt`, ...): every DateTime with a default, since now() is the only
 * default the schema gives a time (clock-stamps.test.ts holds it to that).
 */
export const stampedColumns: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(getDatamodel().datamodel.models)
    .map(([name, m]) => [
      name,
      m.fields.filter((f) => f.type === "DateTime" && f.hasDefaultValue && !f.isUpdatedAt).map((f) => f.name),
    ])
    .filter((e): e is [string, string[]] => e[1]!.length > 0),
);
/** A row with its missing time columns set from the business clock. */
const stamper = (columns: readonly string[]) => (row: Record<string, unknown>) => {
  const missing = columns.filter((c) => !row[c]);
  if (!missing.length) return row;
  const now = clock.now();
  return { ...row, ...Object.fromEntries(missing.map((c) => [c, now])) };
};
const stampers = new Map([...stampedColumns].map(([model, columns]) => [model, stamper(columns)]));

/**
 * Two hooks on every query:
 * - time columns default to the database's now(); when the business clock is started elsewhere (tests
 *   pinned to a date, demos, see clock.ts) rows are stamped from that clock instead, so that throttle
 *   windows, "today" figures, a lead's period and a merge's 30 days compare times from one clock.
 * - every write is reported to `changes` (the caches' invalidation, change-feed.ts).
 */
function withHooks(prisma: PrismaClient, changes: ChangeFeed): PrismaClient {
  return prisma.$extends({
    name: "clock-timestamps-and-changes",
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          if (isWrite(operation)) changes.note({ model, branchId: branchOfWrite(operation, args) });
          const stamp = stampers.get(model);
          if (!clock.shifted || !stamp) return query(args);
          // biome-ignore lint/suspicious/noExplicitAny: one rewrite for every model's argument shape
          const a = { ...(args as any) };
          if (operation === "create") a.data = stamp(a.data);
          else if (operation === "createMany" || operation === "createManyAndReturn")
            a.data = Array.isArray(a.data) ? a.data.map(stamp) : stamp(a.data);
          else if (operation === "upsert") a.create = stamp(a.create);
          return query(a);
        },
      },
    },
  }) as unknown as PrismaClient;
}
