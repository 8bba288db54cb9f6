import { AsyncLocalStorage } from "node:async_hooks";

/** Per-request values that logging needs without threading them through every call. */
export const requestStore = new AsyncLocalStorage<{ requestId: string }>();
export const currentRequestId = () => requestStore.getStore()?.requestId;
