import { type Client, createClient } from "graphql-ws";
import { currentBranchHost } from "./graphql";

// Close codes after which reconnecting cannot help; anything else retries.
export const FATAL_CLOSE_CODES = new Set([4500, 4005, 4400, 4004, 4401, 4403, 4406, 4409, 4429]);

let client: Client | undefined;

export function wsClient(): Client {
  client ??= createClient({
    url: `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/graphql`,
    connectionParams: () => {
      const host = currentBranchHost();
      return host ? { BranchHost: host } : {};
    },
    lazy: true,
    retryAttempts: Number.POSITIVE_INFINITY, // the app retries always
    shouldRetry: (event) =>
      !(event && typeof event === "object" && "code" in event && FATAL_CLOSE_CODES.has((event as CloseEvent).code)),
    retryWait: async (retries) => {
      // exponential backoff plus jitter, capped
      const base = Math.min(1000 * 2 ** Math.min(retries, 5), 30_000);
      await new Promise((r) => setTimeout(r, base + Math.floor(Math.random() * 1000)));
    },
  });
  return client;
}
