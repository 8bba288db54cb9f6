import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { createTestServer, type TestServer } from "../../test/harness.ts";
import { clock } from "../clock.ts";
import { DatabaseThrottleStore, RedisThrottleStore, Throttle, type ThrottleStore } from "./throttle.ts";

// The throttle's two stores against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL)
// and the local Redis (REDIS_TEST_URL, default redis://127.0.0.1:6379; keys under a prefix unique to
// this run, deleted afterwards).

const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const prefix = `test:${randomBytes(6).toString("hex")}:`;

let server: TestServer;
const stores: ThrottleStore[] = [];

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off" });
}, 120_000);

afterAll(async () => {
  clock.startAt(null);
  for (const s of stores) await s.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await server.close();
}, 30_000);

const kinds = {
  database: () => new DatabaseThrottleStore(server.prisma),
  redis: () => new RedisThrottleStore(REDIS_URL, prefix),
};

let n = 0;
const uniqueKey = () => `k${n++}:${randomBytes(4).toString("hex")}`;

for (const [name, make] of Object.entries(kinds)) {
  describe(`${name} store`, () => {
    let throttle: Throttle;
    beforeAll(() => {
      const store = make();
      stores.push(store);
      throttle = new Throttle(store);
    });

    test("150 concurrent reservations of a limit of 10: exactly 10 are granted", async () => {
      const key = uniqueKey();
      const results = await Promise.all(Array.from({ length: 150 }, () => throttle.reserve(key, 10, 60_000)));
      expect(results.filter((r) => r.ok).length).toBe(10);
      expect(results.find((r) => !r.ok)?.retryAfterMs).toBeGreaterThan(0);
    });

    test("a refused reservation counts nothing; a released one makes room for exactly one more", async () => {
      const key = uniqueKey();
      const granted = [];
      for (let i = 0; i < 3; i++) granted.push(await throttle.reserve(key, 3, 60_000));
      expect(granted.every((r) => r.ok)).toBe(true);
      for (let i = 0; i < 20; i++) expect((await throttle.reserve(key, 3, 60_000)).ok).toBe(false);
      await granted[0]!.release();
      await granted[0]!.release(); // a second release gives nothing more back
      const again = await Promise.all(Array.from({ length: 10 }, () => throttle.reserve(key, 3, 60_000)));
      expect(again.filter((r) => r.ok).length).toBe(1);
    });

    test("clear forgets a key; other keys keep their counts", async () => {
      const [a, b] = [uniqueKey(), uniqueKey()];
      for (let i = 0; i < 2; i++) {
        await throttle.reserve(a, 2, 60_000);
        await throttle.reserve(b, 2, 60_000);
      }
      await throttle.clear(a, 60_000);
      expect((await throttle.reserve(a, 2, 60_000)).ok).toBe(true);
      expect((await throttle.reserve(b, 2, 60_000)).ok).toBe(false);
    });

    test("reserveAll takes every limit or none", async () => {
      const [tight, loose] = [uniqueKey(), uniqueKey()];
      const limits = [
        { key: loose, limit: 100, windowMs: 60_000 },
        { key: tight, limit: 1, windowMs: 60_000 },
      ];
      expect((await throttle.reserveAll(limits)).ok).toBe(true);
      const refused = await throttle.reserveAll(limits);
      expect(refused).toMatchObject({ ok: false, refused: { key: tight } });
      // the loose key was given back: 99 more fit, not 98
      const rest = await Promise.all(Array.from({ length: 120 }, () => throttle.reserve(loose, 100, 60_000)));
      expect(rest.filter((r) => r.ok).length).toBe(99);
    });

    test("a sliding window: half a window later, half of the previous window still counts", async () => {
      const windowMs = 3_600_000;
      const key = uniqueKey();
      const base = Math.floor(clock.nowMs() / windowMs) * windowMs + 10 * windowMs;
      try {
        clock.startAt(new Date(base + 1000));
        for (let i = 0; i < 10; i++) expect((await throttle.reserve(key, 10, windowMs)).ok).toBe(true);
        expect((await throttle.reserve(key, 10, windowMs)).ok).toBe(false);
        clock.startAt(new Date(base + windowMs + windowMs / 2));
        // ceil(10 * ~0.5) = 5 of the previous window still count
        const next = await Promise.all(Array.from({ length: 10 }, () => throttle.reserve(key, 10, windowMs)));
        expect(next.filter((r) => r.ok).length).toBeGreaterThanOrEqual(4);
        expect(next.filter((r) => r.ok).length).toBeLessThanOrEqual(5);
        clock.startAt(new Date(base + 3 * windowMs));
        expect((await throttle.reserve(key, 10, windowMs)).ok).toBe(true);
      } finally {
        clock.startAt(null);
      }
    });

    test("just past a window boundary, a full previous window leaves no room (never limit + 1)", async () => {
      const windowMs = 900_000;
      const key = uniqueKey();
      const base = Math.floor(clock.nowMs() / windowMs) * windowMs + 20 * windowMs;
      try {
        clock.startAt(new Date(base + windowMs - 500));
        const before = await Promise.all(Array.from({ length: 25 }, () => throttle.reserve(key, 20, windowMs)));
        expect(before.filter((r) => r.ok).length).toBe(20);
        clock.startAt(new Date(base + windowMs + 50));
        const after = await Promise.all(Array.from({ length: 5 }, () => throttle.reserve(key, 20, windowMs)));
        expect(after.filter((r) => r.ok).length).toBe(0);
      } finally {
        clock.startAt(null);
      }
    });

    test("a 12 KB key is stored (hashed) and counted", async () => {
      const key = `login:${randomBytes(6000).toString("hex")}`;
      const results = await Promise.all(Array.from({ length: 5 }, () => throttle.reserve(key, 2, 60_000)));
      expect(results.filter((r) => r.ok).length).toBe(2);
    });
  });
}

test("redis keys expire after two windows", async () => {
  const store = new RedisThrottleStore(REDIS_URL, prefix);
  stores.push(store);
  const key = uniqueKey();
  await new Throttle(store).reserve(key, 5, 10_000);
  const redis = new Redis(REDIS_URL);
  const [stored] = await redis.keys(`${prefix}${key}:*`);
  const ttl = await redis.pttl(stored!);
  await redis.quit();
  expect(ttl).toBeGreaterThan(10_000);
  expect(ttl).toBeLessThanOrEqual(20_000);
});

test("when Redis does not answer, the database counts instead", async () => {
  const store = new RedisThrottleStore("redis://127.0.0.1:1", prefix, new DatabaseThrottleStore(server.prisma));
  stores.push(store);
  const throttle = new Throttle(store);
  const key = uniqueKey();
  const results = await Promise.all(Array.from({ length: 6 }, () => throttle.reserve(key, 3, 60_000)));
  expect(results.filter((r) => r.ok).length).toBe(3);
  expect(await server.prisma.throttleCounter.count({ where: { key } })).toBe(1);
}, 20_000);
