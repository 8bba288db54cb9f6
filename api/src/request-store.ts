import { AsyncLocalStorage } from "node:async_hooks";

/** Per-request values that logging needs without threading them through every call. */
export type RequestStore = {
  requestId: string;
  /** SQL statements run for this request (SQL_STATEMENT_COUNT=on). */
  sqlStatements?: number;
  /**
   * Writes to report again once the request has ended (db/change-feed.ts records and replays them):
   * `key` names the write (its model and branch), so that each is reported once.
   */
  changes?: { key: string; replay: () => void }[];
};
export const requestStore = new AsyncLocalStorage<RequestStore>();
export const currentRequestId = () => requestStore.getStore()?.requestId;
