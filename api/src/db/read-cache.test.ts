import { expect, test } from "bun:test";
import { BranchCache } from "./read-cache.ts";

// The cache's own rules (the invalidation through writes and Redis is tested through GraphQL in
// modules/shop/shop-cache.test.ts): one load at a time, per branch, dropped at once, failures not kept,
// an expired entry answered while it reloads.

function setup(staleWhileReloading?: boolean) {
  let t = 0;
  const cache = new BranchCache(
    { name: "test", models: ["X"], ttlMs: 1000, maxEntries: 3, staleWhileReloading },
    () => t,
  );
  let loads = 0;
  const load = (value: string) => () => {
    loads++;
    return Promise.resolve(value);
  };
  return { cache, load, loads: () => loads, advance: (ms: number) => (t += ms) };
}

test("one load for concurrent readers; per branch and key; dropped by invalidate", async () => {
  const { cache, load, loads } = setup();
  const [a, b] = await Promise.all([cache.get("b1", "k", load("one")), cache.get("b1", "k", load("two"))]);
  expect([a, b, loads()]).toEqual(["one", "one", 1]);
  expect(await cache.get("b2", "k", load("other branch"))).toBe("other branch");
  cache.invalidate("b1");
  expect(await cache.get("b1", "k", load("three"))).toBe("three");
  expect(await cache.get("b2", "k", load("x"))).toBe("other branch");
  cache.invalidate(null);
  expect(await cache.get("b2", "k", load("four"))).toBe("four");
});

test("a failed load is not kept", async () => {
  const { cache, load } = setup();
  await expect(cache.get("b", "k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  expect(await cache.get("b", "k", load("up"))).toBe("up");
});

test("expired: answered while one reload runs, then replaced; past twice the time to live, a miss", async () => {
  const { cache, load, loads, advance } = setup();
  await cache.get("b", "k", load("old"));
  advance(1500);
  expect(await cache.get("b", "k", load("new"))).toBe("old");
  expect(await cache.get("b", "k", load("newer"))).toBe("new"); // the reload has landed
  expect(loads()).toBe(2);
  advance(2500);
  expect(await cache.get("b", "k", load("fresh"))).toBe("fresh");
});

test("a hard time to live (staleWhileReloading: false) waits for the reload", async () => {
  const { cache, load, advance } = setup(false);
  await cache.get("b", "k", load("old"));
  advance(1500);
  expect(await cache.get("b", "k", load("new"))).toBe("new");
});

test("at most maxEntries per branch", async () => {
  const { cache, load, loads } = setup();
  for (const k of ["a", "b", "c", "d"]) await cache.get("b", k, load(k));
  await cache.get("b", "a", load("a"));
  expect(loads()).toBe(5); // "a" was dropped with the rest when "d" came in
});
