// Batched reads for list rows: a field that reads something per row (a person's groups, their sign-in)
// asks `load(ctx, key)`; every ask for the same loader in the same request that comes before the event
// loop's next turn is answered by ONE query for all the keys. A page of 25 people is then a fixed number
// of queries, not 3-4 per row (api/src/modules/personnel/personnel-queries.test.ts keeps it so).
//
// Nothing is cached past the batch: a read asked after a write (a mutation, then its answer's fields)
// always runs its own query, so a loader never answers from before the write.
//
// Why setImmediate and not a microtask: the field resolvers of a list's rows are reached through a
// different number of awaits each (auth scopes, the prisma plugin), so rows would straggle into several
// batches; waiting for the next turn of the loop collects all of them.

type Queue<K, V> = { keys: Set<K>; result: Promise<Map<K, V>> };

const queues = new WeakMap<object, Map<unknown, Queue<unknown, unknown>>>();

/**
 * A loader: `load(ctx, keys)` answers all keys at once (a missing key answers undefined). The returned
 * function is what fields call, once per row; the request's context is the scope of the batch.
 */
export function batched<C extends object, K, V>(load: (ctx: C, keys: K[]) => Promise<Map<K, V>>) {
  return (scope: C, key: K): Promise<V | undefined> => {
    let perScope = queues.get(scope);
    if (!perScope) {
      perScope = new Map();
      queues.set(scope, perScope);
    }
    let queue = perScope.get(load) as Queue<K, V> | undefined;
    if (!queue) {
      const keys = new Set<K>();
      const owner = perScope;
      const result = new Promise<Map<K, V>>((resolve, reject) =>
        setImmediate(() => {
          owner.delete(load); // the next ask starts a new batch (and a fresh read)
          load(scope, [...keys]).then(resolve, reject);
        }),
      );
      queue = { keys, result };
      perScope.set(load, queue as Queue<unknown, unknown>);
    }
    queue.keys.add(key);
    return queue.result.then((m) => m.get(key));
  };
}

/** Rows grouped by a key, for a loader answering a list per key. */
export function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = keyOf(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}
