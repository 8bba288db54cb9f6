import { log } from "./log.ts";

// Bun ends the process on an unhandled promise rejection or an uncaught exception. One request or
// socket must never take every branch down with it: such an error is logged (with the request id
// when it happened inside one) and the server keeps serving. The transports catch their own errors
// first (app.ts onError, graphql/ws.ts); this is the last net, and every line it logs is a bug to fix.
let installed = false;

export function guardProcess() {
  if (installed) return;
  installed = true;
  process.on("unhandledRejection", (reason) => log.error("unhandled rejection", { error: reason }));
  process.on("uncaughtException", (error) => log.error("uncaught exception", { error }));
}
