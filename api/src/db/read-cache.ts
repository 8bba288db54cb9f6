import type { Runtime } from "../auth/context.ts";
import type { DataChange } from "./change-feed.ts";

// Short-lived caches of what many requests read alike (the shop's catalogue, a customer's billing),
// per branch, dropped as soon as a table they read from is written (docs/decisions/0400-cached-reads-
// and-invalidation.md):
// - in this process: every write through Prisma is reported by the database's change feed
//   (change-feed.ts), once when issued and again when its request ends, after the commit;
// - in other API containers: the change is published on the pub/sub channel `dataChanged`, which goes
//   through Redis when REDIS_URL is set;
// - always: an entry lives at most `ttlMs`, which bounds what nothing reports (a write by another
//   container without Redis, or a job's write read before it committed).
// A cached value is shared by every request that reads it: callers never change it.

export type CacheDefinition = {
  name: string;
  /** The Prisma models the cached values are read from. */
  models: readonly string[];
  ttlMs: number;
  /** Entries per branch; beyond it the branch's entries are dropped (a bound, not an LRU). */
  maxEntries: number;
};

type Entry = { value: Promise<unknown>; at: number };

export class BranchCache {
  private branches = new Map<string, Map<string, Entry>>();

  constructor(readonly definition: CacheDefinition) {}

  /** The value under `key` in `branchId`, loaded by `load` when missing or expired (one load at a time). */
  get<T>(branchId: string, key: string, load: () => Promise<T>): Promise<T> {
    let entries = this.branches.get(branchId);
    const now = performance.now();
    const hit = entries?.get(key);
    if (hit && now - hit.at < this.definition.ttlMs) return hit.value as Promise<T>;
    if (!entries || entries.size >= this.definition.maxEntries) {
      entries = new Map();
      this.branches.set(branchId, entries);
    }
    const value = load();
    const entry = { value, at: now };
    entries.set(key, entry);
    const own = entries;
    // A failed load is not kept.
    value.catch(() => {
      if (own.get(key) === entry) own.delete(key);
    });
    return value;
  }

  /** Drops a branch's entries (null: every branch's). */
  invalidate(branchId: string | null) {
    if (branchId === null) this.branches.clear();
    else this.branches.delete(branchId);
  }
}

type Hub = { caches: Map<string, BranchCache>; models: Set<string> };
const hubs = new WeakMap<Runtime, Hub>();

function hubOf(rt: Runtime): Hub {
  let hub = hubs.get(rt);
  if (hub) return hub;
  const h: Hub = { caches: new Map(), models: new Set() };
  hub = h;
  hubs.set(rt, h);
  const apply = (change: DataChange) => {
    for (const cache of h.caches.values())
      if (cache.definition.models.includes(change.model)) cache.invalidate(change.branchId);
  };
  rt.database.changes.subscribe((change) => {
    if (!h.models.has(change.model)) return;
    apply(change);
    // Other containers hear of it through Redis (in process, the pub/sub reaches only this server).
    if (rt.config.REDIS_URL) rt.pubsub.publish("dataChanged", change);
  });
  if (rt.config.REDIS_URL)
    (async () => {
      for await (const change of rt.pubsub.subscribe("dataChanged")) apply(change);
    })().catch(() => {});
  return h;
}

/** This server's cache for `definition` (created on first use). */
export function cacheFor(rt: Runtime, definition: CacheDefinition): BranchCache {
  const hub = hubOf(rt);
  let cache = hub.caches.get(definition.name);
  if (!cache) {
    cache = new BranchCache(definition);
    hub.caches.set(definition.name, cache);
    for (const m of definition.models) hub.models.add(m);
  }
  return cache;
}
