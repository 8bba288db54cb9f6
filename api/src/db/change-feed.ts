import { type RequestStore, requestStore } from "../request-store.ts";

// Which tables were written, for the in-process caches that must then drop what they hold (the shop's
// catalogue, billing: docs/decisions/0400-cached-reads-and-invalidation.md). Every write through Prisma,
// on the branch-scoped client or not, is reported by the hook in client.ts: once when it is issued, and
// again when the HTTP request that issued it ends, after its transactions have committed (a reader
// between the write and the commit may have cached the old rows). A write outside a request (a job, a
// websocket operation) is reported when issued only; caches bound that case with their time to live.

/** A write to `model` in `branchId`, or in any branch when the write does not name its branch. */
export type DataChange = { model: string; branchId: string | null };
type Listener = (change: DataChange) => void;

export class ChangeFeed {
  private listeners = new Set<Listener>();

  /** Calls `listener` for every write from now on; returns the function that stops it. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: DataChange) {
    for (const listener of this.listeners) listener(change);
  }

  /** A write issued now: reported at once, and again when the current request ends. */
  note(change: DataChange) {
    if (!this.listeners.size) return;
    this.emit(change);
    const store = requestStore.getStore();
    if (!store) return;
    store.changes ??= [];
    store.changes.push({ key: `${change.model}\u0000${change.branchId}`, replay: () => this.emit(change) });
  }
}

/** Reports again the writes of a request that has ended (app.ts calls it after the response is built). */
export function replayRequestChanges(store: Pick<RequestStore, "changes">) {
  const seen = new Set<string>();
  for (const { key, replay } of store.changes ?? []) {
    if (seen.has(key)) continue;
    seen.add(key);
    replay();
  }
}

const writeOps = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
]);

export const isWrite = (operation: string) => writeOps.has(operation);

/** The branch a write names (the scoped client always names it), else null. */
export function branchOfWrite(operation: string, args: unknown): string | null {
  // biome-ignore lint/suspicious/noExplicitAny: every model's argument shape
  const a = args as any;
  const of = (v: unknown): string | null => {
    if (Array.isArray(v)) {
      const ids = new Set(v.map((d) => d?.branchId));
      return ids.size === 1 ? of(v[0]) : null;
    }
    const id = (v as { branchId?: unknown } | undefined)?.branchId;
    return typeof id === "string" ? id : null;
  };
  if (operation.startsWith("create")) return of(a?.data);
  if (operation === "upsert") return of(a?.where) ?? of(a?.create);
  return of(a?.where);
}
