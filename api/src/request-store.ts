import { AsyncLocalStorage } from "node:async_hooks";
import type { ChangeFeed, DataChange } from "./db/change-feed.ts";

/** Per-request values that logging needs without threading them through every call. */
export type RequestStore = {
  requestId: string;
  /** SQL statements run for this request (SQL_STATEMENT_COUNT=on). */
  sqlStatements?: number;
  /** Writes to report again once the request has ended (db/change-feed.ts). */
  changes?: { feed: ChangeFeed; change: DataChange }[];
};
export const requestStore = new AsyncLocalStorage<RequestStore>();
export const currentRequestId = () => requestStore.getStore()?.requestId;
