import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";

// The driver adapters behind the migration tooling (migrate.ts): the adapters were written for the
// query engine, not for migrations; the wrappers here fix the points where that shows (`wholeScripts`,
// `mapCharOid`, shadow databases).

// pg waits for the OS TCP timeout (minutes) on an unreachable host; fail sooner than that.
export const CONNECT_TIMEOUT_MS = 15_000;

/** Where migrations run: a Postgres server, or an in-process PGlite database. */
export type MigrationTarget = { kind: "postgres"; url: string } | { kind: "pglite"; pglite: PGlite };

/** A migration-aware factory that remembers what it opened, so nothing outlives the command. */
export type TrackedFactory = SqlMigrationAwareDriverAdapterFactory & { disposeAll(): Promise<void> };

export function trackedFactory(
  adapterName: string,
  connect: () => Promise<SqlDriverAdapter>,
  connectToShadowDb: () => Promise<SqlDriverAdapter>,
): TrackedFactory {
  const open = new Set<SqlDriverAdapter>();
  const track = async (make: () => Promise<SqlDriverAdapter>) => {
    const adapter = await make();
    open.add(adapter);
    const dispose = adapter.dispose.bind(adapter);
    // Disposal is idempotent: the engine may dispose an adapter itself before we sweep.
    adapter.dispose = async () => {
      if (!open.delete(adapter)) return;
      await dispose();
    };
    return adapter;
  };
  return {
    provider: "postgres",
    adapterName,
    connect: () => track(connect),
    connectToShadowDb: () => track(connectToShadowDb),
    async disposeAll() {
      const results = await Promise.allSettled([...open].map((a) => a.dispose()));
      const failure = results.find((r) => r.status === "rejected");
      if (failure) throw (failure as PromiseRejectedResult).reason;
    },
  };
}

export function targetFactory(target: MigrationTarget): TrackedFactory {
  if (target.kind === "pglite") {
    return trackedFactory("pglite-migrate", () => pgliteAdapter(target.pglite), freshPgliteAdapter);
  }
  return trackedFactory(
    "pg-migrate",
    () => postgresAdapter(target.url),
    () => postgresShadowAdapter(target.url),
  );
}

/**
 * No database at all: a throwaway in-memory PGlite. It serves as both the main and the shadow
 * database, since a diff runs nothing on the main connection and a PGlite takes seconds to start.
 */
export function inMemoryFactory(): TrackedFactory {
  let pglite: Promise<PGlite> | undefined;
  const connect = async () => {
    pglite ??= freshPglite();
    return pgliteAdapter(await pglite);
  };
  const factory = trackedFactory("pglite-migrate", connect, connect);
  const disposeAll = factory.disposeAll;
  factory.disposeAll = async () => {
    try {
      await disposeAll();
    } finally {
      if (pglite) await (await pglite).close();
    }
  };
  return factory;
}

export async function pgliteAdapter(pglite: PGlite, onDispose?: () => Promise<void>): Promise<SqlDriverAdapter> {
  const adapter = await new PrismaPGlite(pglite).connect();
  // pglite-prisma-adapter fires `exec()` without awaiting it: the engine would record a migration
  // as finished before it ran, and lose its errors.
  return wholeScripts(adapter, (script) => pglite.exec(script), onDispose);
}

export async function freshPgliteAdapter(): Promise<SqlDriverAdapter> {
  const pglite = await freshPglite();
  return pgliteAdapter(pglite, () => pglite.close());
}

/**
 * An empty in-memory PGlite. Its initdb takes seconds (over ten on a busy machine); starting from a
 * snapshot of the first one takes under a second, which matters to tests that diff repeatedly.
 */
let pristine: Promise<Blob> | undefined;
export async function freshPglite(): Promise<PGlite> {
  const snapshot = await pristine?.catch(() => undefined);
  if (snapshot) return PGlite.create({ loadDataDir: snapshot });
  const pglite = await PGlite.create();
  pristine ??= pglite.dumpDataDir("none");
  await pristine.catch(() => {
    pristine = undefined; // no snapshot this time; the next call tries again
  });
  return pglite;
}

export async function postgresAdapter(url: string, onDispose?: () => Promise<void>): Promise<SqlDriverAdapter> {
  // One connection, like the native engine: it takes a session-level advisory lock around
  // `applyMigrations`, which must be released on the session that took it.
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on("error", () => {}); // an idle client dropping must not crash the process; queries still fail
  const adapter = await new PrismaPg(pool).connect();
  mapCharOid(adapter);
  return wholeScripts(
    adapter,
    (script) => pool.query(script),
    async () => {
      await pool.end();
      await onDispose?.();
    },
  );
}

/**
 * `@prisma/adapter-pg`'s own `connectToShadowDb` keeps the URL's database (the URL wins over the
 * `database` option), so the "shadow" would be the main database. Make a real throwaway one.
 */
export async function postgresShadowAdapter(url: string): Promise<SqlDriverAdapter> {
  const main = new URL(url);
  const base = decodeURIComponent(main.pathname.slice(1)) || "postgres";
  // PostgreSQL truncates identifiers at 63 bytes; keep the random part intact.
  const shadowName = `${base.slice(0, 40)}_shadow_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE "${shadowName}"`);
  const shadowUrl = new URL(url);
  shadowUrl.pathname = `/${encodeURIComponent(shadowName)}`;
  try {
    return await postgresAdapter(shadowUrl.toString(), () =>
      adminQuery(url, `DROP DATABASE IF EXISTS "${shadowName}" WITH (FORCE)`),
    );
  } catch (e) {
    await adminQuery(url, `DROP DATABASE IF EXISTS "${shadowName}" WITH (FORCE)`).catch(() => {});
    throw e;
  }
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Both adapters get `executeScript` wrong for migrations: adapter-pg splits the script on `;`
 * (breaking `$$` function bodies and strings), pglite's does not await. Run each script whole
 * (the simple-query protocol accepts many statements) and report errors as PostgreSQL errors, so
 * the engine words and records them as it would with its native driver.
 */
export function wholeScripts(
  adapter: SqlDriverAdapter,
  exec: (script: string) => Promise<unknown>,
  onDispose?: () => Promise<void>,
): SqlDriverAdapter {
  const dispose = adapter.dispose.bind(adapter);
  adapter.executeScript = async (script) => {
    try {
      await exec(script);
    } catch (e) {
      throw asDriverAdapterError(e);
    }
  };
  adapter.dispose = async () => {
    await dispose();
    await onDispose?.();
  };
  return adapter;
}

export function asDriverAdapterError(e: unknown): unknown {
  const err = e as { code?: unknown; message?: unknown; severity?: unknown; detail?: unknown; hint?: unknown };
  if (typeof err?.code !== "string" || typeof err.message !== "string") return e;
  return new DriverAdapterError({
    kind: "postgres",
    code: err.code,
    severity: typeof err.severity === "string" ? err.severity : "ERROR",
    message: err.message,
    detail: typeof err.detail === "string" ? err.detail : undefined,
    column: undefined,
    hint: typeof err.hint === "string" ? err.hint : undefined,
  });
}

/**
 * The engine introspects `pg_constraint` and friends, whose flag columns have PostgreSQL's internal
 * `"char"` type (OID 18); adapter-pg 7.10.0 has no mapping for it and fails the query. Present those
 * columns as text (their text form is the single character the engine expects). This patches the
 * adapter's internal `performIO` (pinned version); transactions get their own queryable, so they are
 * patched as they are opened.
 */
export const PG_CHAR_OID = 18;
export const PG_TEXT_OID = 25;
export type PerformIO = (query: unknown) => Promise<{ fields: { dataTypeID: number }[] }>;

export function mapCharOid<T extends SqlDriverAdapter | Transaction>(queryable: T): T {
  const target = queryable as unknown as { performIO?: PerformIO };
  const performIO = target.performIO;
  if (typeof performIO !== "function") {
    throw new Error("@prisma/adapter-pg changed: performIO not found; revisit mapCharOid in migrate.ts");
  }
  target.performIO = async (query) => {
    const result = await performIO.call(queryable, query);
    for (const field of result.fields) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    return result;
  };
  if ("startTransaction" in queryable) {
    const start = queryable.startTransaction.bind(queryable);
    queryable.startTransaction = async (isolationLevel) => mapCharOid(await start(isolationLevel));
  }
  return queryable;
}
