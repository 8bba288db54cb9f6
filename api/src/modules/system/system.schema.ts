import { builder } from "../../pothos/builder.ts";

builder.queryField("version", (t) =>
  t.string({
    authScopes: { public: true },
    description: "The server's version.",
    resolve: (_r, _a, ctx) => ctx.runtime.version,
  }),
);

builder.subscriptionField("onVersion", (t) =>
  t.string({
    authScopes: { public: true },
    description: "The server's version now, then again whenever a new version announces itself.",
    subscribe: (_r, _a, ctx) => withFirst(ctx.runtime.version, ctx.runtime.pubsub.subscribe("serverVersion")),
    resolve: (v) => v,
  }),
);

/** Yields `first`, then whatever `rest` yields; closing it closes `rest`. */
function withFirst<T>(first: T, rest: AsyncIterable<T>): AsyncIterableIterator<T> {
  const it = rest[Symbol.asyncIterator]();
  let sentFirst = false;
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next() {
      if (!sentFirst) {
        sentFirst = true;
        return Promise.resolve({ value: first, done: false });
      }
      return it.next();
    },
    return(value?: unknown) {
      return it.return?.(value) ?? Promise.resolve({ value: undefined as T, done: true });
    },
  };
}
