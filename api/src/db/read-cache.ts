import type { ChangeFeed, DataChange } from "./change-feed.ts";

// Short-lived caches of what many requests read alike (the shop's catalogue, a customer's billing),
// per branch, dropped as soon as a table they read from is written (docs/decisions/0400-cached-reads-
// and-invalidation.md):
// - in this process: every write through Prisma is reported by the database's change feed
//   (change-feed.ts), once when issued and again when its request ends, after the commit;
// - in other API containers: the change is published on the pub/sub channel `dataChanged`, which goes
//   through Redis when REDIS_URL is set;
// - always: an entry is fresh for `ttlMs` (and answered up to twice that while it reloads), which bounds
//   what nothing reports (a write by another container without Redis, or a job's write read before it
//   committed).
// A cached value is shared by every request that reads it: callers never change it.

export type CacheDefinition = {
  name: string;
  /** The Prisma models the cached values are read from. */
  models: readonly string[];
  ttlMs: number;
  /** Entries per branch; beyond it the branch's entries are dropped (a bound, not an LRU). */
  maxEntries: number;
  /** Answer an expired entry while it reloads (default true; false where ttlMs is a hard bound). */
  staleWhileReloading?: boolean;
};

type Entry = { value: Promise<unknown>; at: number; loaded: boolean; refreshing: boolean };

export class BranchCache {
  private branches = new Map<string, Map<string, Entry>>();

  constructor(
    readonly definition: CacheDefinition,
    /** Monotonic milliseconds (tests pass their own). */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The value under `key` in `branchId`, loaded by `load` when missing (one load at a time). An entry past
   * its time to live is still answered while one reload runs beside it (it then replaces it), so that the
   * readers of a busy key do not all wait for the reload; past twice the time to live it is a miss.
   * A dropped entry (a write reported) is never answered again.
   */
  get<T>(branchId: string, key: string, load: () => Promise<T>): Promise<T> {
    const ttl = this.definition.ttlMs;
    const now = this.now();
    const entries = this.branches.get(branchId);
    const hit = entries?.get(key);
    if (hit && entries) {
      const age = now - hit.at;
      if (age < ttl) return hit.value as Promise<T>;
      if (age < 2 * ttl && hit.loaded && this.definition.staleWhileReloading !== false) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          this.fill(entries, key, load, now, hit);
        }
        return hit.value as Promise<T>;
      }
    }
    let target = entries;
    if (!target || target.size >= this.definition.maxEntries) {
      target = new Map();
      this.branches.set(branchId, target);
    }
    return this.fill(target, key, load, now) as Promise<T>;
  }

  /** Loads a value into `entries` (replacing `stale` once loaded, when given), unless dropped meanwhile. */
  private fill(entries: Map<string, Entry>, key: string, load: () => Promise<unknown>, at: number, stale?: Entry) {
    const value = load();
    const entry: Entry = { value, at, loaded: false, refreshing: false };
    if (!stale) entries.set(key, entry);
    value.then(
      () => {
        entry.loaded = true;
        // A reload replaces the stale entry only if nothing dropped or replaced it meanwhile.
        if (stale && entries.get(key) === stale) entries.set(key, entry);
      },
      () => {
        // A failed load is not kept (a failed reload leaves the stale entry to expire).
        if (!stale && entries.get(key) === entry) entries.delete(key);
        if (stale) stale.refreshing = false;
      },
    );
    return value;
  }

  /** Drops a branch's entries (null: every branch's). */
  invalidate(branchId: string | null) {
    if (branchId === null) this.branches.clear();
    else this.branches.delete(branchId);
  }
}

/**
 * What the caches need of the server's runtime (runtime.ts): its change feed, and the pub/sub that
 * carries changes to the other containers when REDIS_URL is set.
 */
export type CacheRuntime = {
  database: { changes: ChangeFeed };
  config: { REDIS_URL?: string };
  pubsub: {
    publish(channel: "dataChanged", change: DataChange): void;
    subscribe(channel: "dataChanged"): AsyncIterable<DataChange>;
  };
};

type Watcher = { models: readonly string[]; listener: (change: DataChange) => void };
type Hub = { caches: Map<string, BranchCache>; models: Set<string>; watchers: Watcher[] };
const hubs = new WeakMap<CacheRuntime, Hub>();

function hubOf(rt: CacheRuntime): Hub {
  let hub = hubs.get(rt);
  if (hub) return hub;
  const h: Hub = { caches: new Map(), models: new Set(), watchers: [] };
  hub = h;
  hubs.set(rt, h);
  const apply = (change: DataChange) => {
    for (const cache of h.caches.values())
      if (cache.definition.models.includes(change.model)) cache.invalidate(change.branchId);
    for (const w of h.watchers) if (w.models.includes(change.model)) w.listener(change);
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

/**
 * Calls `listener` whenever one of `models` is written, by this process or (with REDIS_URL) by any
 * other of the deployment: for in-process caches that are not BranchCaches (sessions, branches).
 */
export function onDataChanged(rt: CacheRuntime, models: readonly string[], listener: (change: DataChange) => void) {
  const hub = hubOf(rt);
  for (const m of models) hub.models.add(m);
  hub.watchers.push({ models, listener });
}

/** This server's cache for `definition` (created on first use). */
export function cacheFor(rt: CacheRuntime, definition: CacheDefinition): BranchCache {
  const hub = hubOf(rt);
  let cache = hub.caches.get(definition.name);
  if (!cache) {
    cache = new BranchCache(definition);
    hub.caches.set(definition.name, cache);
    for (const m of definition.models) hub.models.add(m);
  }
  return cache;
}
