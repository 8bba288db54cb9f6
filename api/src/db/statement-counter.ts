import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";
import { requestStore } from "../request-store.ts";

// Diagnostics for the benchmark (SQL_STATEMENT_COUNT=on): counts the SQL statements Prisma sends, per
// request (the request store's `sqlStatements`, which app.ts returns in the `x-sql-statements` header)
// and in total. Off by default: the wrapper then is not installed at all.

export const statementTotals = { count: 0 };

function count() {
  statementTotals.count++;
  const store = requestStore.getStore();
  if (store) store.sqlStatements = (store.sqlStatements ?? 0) + 1;
}

function countQueries<T extends { queryRaw: unknown; executeRaw: unknown }>(target: T): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value = Reflect.get(t, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "queryRaw" || prop === "executeRaw")
        return (...args: unknown[]) => {
          count();
          return value.apply(t, args);
        };
      if (prop === "startTransaction")
        return async (...args: unknown[]) => countQueries((await value.apply(t, args)) as Transaction);
      return value.bind(t);
    },
  });
}

/** The adapter factory with every statement counted. */
export function countingAdapter<F extends SqlDriverAdapterFactory>(factory: F): F {
  return new Proxy(factory, {
    get(t, prop, receiver) {
      const value = Reflect.get(t, prop, receiver);
      if (prop === "connect" && typeof value === "function")
        return async () => countQueries((await value.apply(t, [])) as SqlDriverAdapter);
      return typeof value === "function" ? value.bind(t) : value;
    },
  });
}
