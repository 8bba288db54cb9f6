import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { log } from "../log.ts";

// One throttle for every limited operation (sign-in, password change, security codes, the email check,
// mail sending, account creation, address autocomplete): `reserve(key, limit, windowMs)` takes one unit
// *before* the work is done, in one atomic step in a store that every API container shares, so that a
// burst of concurrent requests cannot all pass a check made before any of them is recorded
// (docs/decisions/0011-throttles.md).
//
// Counting: a sliding window estimated from two fixed windows: the current window's count plus the
// previous window's count weighted by how much of it still overlaps the sliding window. A unit is
// granted only while that estimate is below the limit, so at most `limit` units are granted per window
// and a burst at a window boundary cannot get twice the limit. The previous window's share is rounded
// up: rounded down, a full previous window just past the boundary (20 x 0.9999 -> 19) let a 21st
// through. A refused reservation counts nothing.
//
// Stores: PostgreSQL (the ThrottleCounter table; PGlite or a server) by default, Redis when REDIS_URL
// is set (a Lua script: GET, compare, INCR, PEXPIRE in one step). Windows follow the business clock.

export type Reservation = {
  readonly ok: boolean;
  readonly key: string;
  /** How long until a refused key has room again (an estimate; 0 when granted). */
  readonly retryAfterMs: number;
  /** Gives the unit back (e.g. a successful sign-in is not a failure); a no-op when refused or given back. */
  release(): Promise<void>;
};

export type Limit = { key: string; limit: number; windowMs: number };

export interface ThrottleStore {
  readonly name: string;
  /**
   * Atomically: when `current + ceil(previous * previousWeight) < limit` for the key, add 1 to the
   * current window's count and return true; otherwise change nothing and return false.
   */
  take(key: string, limit: number, windowMs: number, windowStart: number, previousWeight: number): Promise<boolean>;
  /** Takes one unit back from the window it was taken in (never below 0). */
  give(key: string, windowMs: number, windowStart: number): Promise<void>;
  /** Forgets the key's counts (the current and the previous window). */
  clear(key: string, windowMs: number, windowStart: number): Promise<void>;
  close(): Promise<void>;
}

/** Keys name a branch, an email, an address...: long ones are hashed so a row or key stays small. */
export function storedKey(key: string) {
  return key.length <= 200 ? key : `${key.slice(0, 60)}#${createHash("sha256").update(key).digest("hex")}`;
}

export class Throttle {
  constructor(readonly store: ThrottleStore) {}

  /** Takes one unit of `key` (at most `limit` per `windowMs`), or refuses without counting. */
  async reserve(key: string, limit: number, windowMs: number): Promise<Reservation> {
    const k = storedKey(key);
    const now = clock.nowMs();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const previousWeight = 1 - (now - windowStart) / windowMs;
    const ok = await this.store.take(k, limit, windowMs, windowStart, previousWeight);
    let released = !ok;
    return {
      ok,
      key,
      retryAfterMs: ok ? 0 : windowStart + windowMs - now,
      release: async () => {
        if (released) return;
        released = true;
        await this.store.give(k, windowMs, windowStart);
      },
    };
  }

  /**
   * Takes one unit of every limit, or none: when one refuses, the units already taken are given back.
   * Returns the reservations (all granted) or the limit that refused.
   */
  async reserveAll(
    limits: Limit[],
  ): Promise<{ ok: true; reservations: Reservation[] } | { ok: false; refused: Limit; retryAfterMs: number }> {
    const reservations = await Promise.all(limits.map((l) => this.reserve(l.key, l.limit, l.windowMs)));
    const refusedAt = reservations.findIndex((r) => !r.ok);
    if (refusedAt < 0) return { ok: true, reservations };
    await Promise.all(reservations.map((r) => r.release()));
    return { ok: false, refused: limits[refusedAt]!, retryAfterMs: reservations[refusedAt]!.retryAfterMs };
  }

  /** Forgets a key's counts (e.g. a password reset lifts a sign-in lock). */
  async clear(key: string, windowMs: number) {
    const now = clock.nowMs();
    await this.store.clear(storedKey(key), windowMs, Math.floor(now / windowMs) * windowMs);
  }

  close() {
    return this.store.close();
  }
}

// ───────────── PostgreSQL (and PGlite) ─────────────

/** Counters in the ThrottleCounter table: one row per key and window, changed by single statements. */
export class DatabaseThrottleStore implements ThrottleStore {
  readonly name = "database";
  private lastSweep = 0;

  constructor(private prisma: PrismaClient) {}

  async take(key: string, limit: number, windowMs: number, windowStart: number, previousWeight: number) {
    // One statement: the previous window's weighted count is read, the row is inserted or (under the
    // row lock ON CONFLICT takes) incremented only while the estimate stays below the limit. No row
    // returned = refused, nothing counted.
    const start = BigInt(windowStart);
    const previousStart = BigInt(windowStart - windowMs);
    const expiresAt = BigInt(windowStart + 2 * windowMs);
    const rows = await this.prisma.$queryRaw<{ count: number }[]>`
      WITH previous AS (
        SELECT ceil(COALESCE((SELECT "count" FROM "ThrottleCounter"
          WHERE "key" = ${key} AND "windowStart" = ${previousStart}::bigint), 0) * ${previousWeight}::float8) AS n
      )
      INSERT INTO "ThrottleCounter" ("key", "windowStart", "count", "expiresAt")
      SELECT ${key}, ${start}::bigint, 1, ${expiresAt}::bigint FROM previous WHERE previous.n < ${limit}::int
      ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "ThrottleCounter"."count" + 1
        WHERE "ThrottleCounter"."count" + (SELECT n FROM previous) < ${limit}::int
      RETURNING "count"`;
    this.sweep();
    return rows.length > 0;
  }

  async give(key: string, _windowMs: number, windowStart: number) {
    await this.prisma.$executeRaw`
      UPDATE "ThrottleCounter" SET "count" = "count" - 1
      WHERE "key" = ${key} AND "windowStart" = ${BigInt(windowStart)}::bigint AND "count" > 0`;
  }

  async clear(key: string) {
    await this.prisma.$executeRaw`DELETE FROM "ThrottleCounter" WHERE "key" = ${key}`;
  }

  /** Deletes expired rows, at most once a minute per process, without holding up the caller. */
  private sweep() {
    const now = Date.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    this.prisma.$executeRaw`DELETE FROM "ThrottleCounter" WHERE "expiresAt" < ${BigInt(clock.nowMs())}::bigint`.catch(
      (error) => log.warn("throttle sweep failed", { error }),
    );
  }

  async close() {}
}

// ───────────── Redis ─────────────

// KEYS[1] current window, KEYS[2] previous window; ARGV: limit, previous weight, time to live (ms).
const TAKE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
if current + math.ceil(previous * tonumber(ARGV[2])) >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;
const GIVE_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

type ThrottleRedis = Redis & {
  throttleTake(current: string, previous: string, limit: number, weight: string, ttlMs: number): Promise<number>;
  throttleGive(key: string): Promise<number>;
};

/**
 * Counters in Redis (`<prefix><key>:<windowStart>`, expiring after two windows). When Redis does not
 * answer, the database store counts instead (still shared by every container) and a warning is logged.
 */
export class RedisThrottleStore implements ThrottleStore {
  readonly name = "redis";
  private redis: ThrottleRedis;
  private lastWarning = 0;

  constructor(
    url: string,
    private prefix: string,
    private fallback?: ThrottleStore,
  ) {
    const redis = new Redis(url, { disableClientInfo: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on("error", () => {}); // reported per command below
    redis.defineCommand("throttleTake", { numberOfKeys: 2, lua: TAKE_SCRIPT });
    redis.defineCommand("throttleGive", { numberOfKeys: 1, lua: GIVE_SCRIPT });
    this.redis = redis as ThrottleRedis;
  }

  private k(key: string, windowStart: number) {
    return `${this.prefix}${key}:${windowStart}`;
  }

  private async orFallback<T>(what: string, run: () => Promise<T>, fallback: (s: ThrottleStore) => Promise<T>) {
    try {
      return await run();
    } catch (error) {
      if (!this.fallback) throw error;
      if (Date.now() - this.lastWarning > 60_000) {
        this.lastWarning = Date.now();
        log.warn("throttle: redis failed; counting in the database", { what, error });
      }
      return fallback(this.fallback);
    }
  }

  take(key: string, limit: number, windowMs: number, windowStart: number, previousWeight: number) {
    return this.orFallback(
      "take",
      async () =>
        (await this.redis.throttleTake(
          this.k(key, windowStart),
          this.k(key, windowStart - windowMs),
          limit,
          previousWeight.toFixed(6),
          2 * windowMs,
        )) === 1,
      (s) => s.take(key, limit, windowMs, windowStart, previousWeight),
    );
  }

  give(key: string, windowMs: number, windowStart: number) {
    return this.orFallback(
      "give",
      async () => {
        await this.redis.throttleGive(this.k(key, windowStart));
      },
      (s) => s.give(key, windowMs, windowStart),
    );
  }

  clear(key: string, windowMs: number, windowStart: number) {
    return this.orFallback(
      "clear",
      async () => {
        await this.redis.del(this.k(key, windowStart), this.k(key, windowStart - windowMs));
      },
      (s) => s.clear(key, windowMs, windowStart),
    );
  }

  async close() {
    this.redis.disconnect();
  }
}

/** Redis when REDIS_URL is set (keys under REDIS_KEY_PREFIX + "throttle:"), else the database. */
export function createThrottle(config: Pick<Config, "REDIS_URL" | "REDIS_KEY_PREFIX">, prisma: PrismaClient) {
  const database = new DatabaseThrottleStore(prisma);
  if (!config.REDIS_URL) return new Throttle(database);
  return new Throttle(new RedisThrottleStore(config.REDIS_URL, `${config.REDIS_KEY_PREFIX}throttle:`, database));
}

export type GuessAttempt = {
  /** The guess was right: give its units back and clear this address's count for the account. */
  succeeded(): Promise<void>;
};

/**
 * One guess at a secret (a password, a security code) counted against three limits at once: the
 * account from this address (tight), the account from everywhere (slower, so one address cannot lock
 * the owner out) and the address over all accounts. Null when any is reached (nothing is counted).
 * A right guess gives its own units back and clears the (account, address) count, never the address's.
 */
export async function reserveGuess(
  throttle: Throttle,
  limits: { accountAddress: Limit; account: Limit; address: Limit },
): Promise<GuessAttempt | null> {
  const r = await throttle.reserveAll([limits.accountAddress, limits.account, limits.address]);
  if (!r.ok) return null;
  const [, account, address] = r.reservations;
  return {
    async succeeded() {
      await Promise.all([
        account?.release(),
        address?.release(),
        throttle.clear(limits.accountAddress.key, limits.accountAddress.windowMs),
      ]);
    },
  };
}
