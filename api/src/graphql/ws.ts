import { randomUUID } from "node:crypto";
import type { ServerWebSocket } from "bun";
import { type GraphQLSchema, getOperationAST } from "graphql";
import { CloseCode } from "graphql-ws";
import { makeHandler } from "graphql-ws/use/bun";
import { buildContext } from "../auth/context.ts";
import { AppError } from "../errors.ts";
import { log } from "../log.ts";
import { guardOperation } from "../modules/admin/impersonation.ts";
import { requestStore } from "../request-store.ts";
import type { Context, RequestInfo, Runtime } from "../runtime.ts";
import { toClientError } from "./errors.ts";
import { limitError, prepareOperation, sanitizeResult } from "./limits.ts";
import { admitDocument, trustedDocumentsFor } from "./trusted-documents.ts";

// The websocket at /graphql (graphql-ws) carries subscriptions only; queries and mutations go over
// HTTP (decision 0014). What it runs goes through the same pipeline as HTTP:
//   - the request context is built by the one buildContext (branch, session or API key, IP checks),
//     first when the connection opens (a refusal closes it: 4401 not signed in or a bad key, 4403
//     forbidden or an unknown branch, 4400 bad input) and again for every subscription, so a
//     session ended or a key deleted since the socket opened stops the next subscription;
//   - the same limits (prepareOperation), the same admission of documents (admitDocument: in
//     production only the app's own for visitors and customers), the impersonation guard and audit
//     (guardOperation), and the same error masking (toClientError);
//   - every message is handled inside its own request id; an error while serving one socket closes
//     that socket (1011) and is logged with the id: it never reaches the process.

export type SocketData = { headers: Headers; url: string; ip: string; protocolOk: boolean; requestId: string };

export const wsMessages = {
  subscriptionsOnly:
    "The websocket carries subscriptions only: send queries and mutations to /graphql over HTTP (POST).",
  internal: "Internal error",
};

/** The close code for a context that could not be built. */
export function closeCodeFor(error: unknown): { code: number; reason: string } {
  if (!(error instanceof AppError)) return { code: CloseCode.InternalServerError, reason: wsMessages.internal };
  const code =
    error.code === "UNAUTHENTICATED"
      ? CloseCode.Unauthorized
      : error.code === "FORBIDDEN" || error.code === "BRANCH_NOT_FOUND" || error.code === "NOT_FOUND"
        ? CloseCode.Forbidden
        : CloseCode.BadRequest;
  // A close reason is at most 123 bytes.
  return { code, reason: truncateUtf8(error.message, 123) };
}

function truncateUtf8(s: string, bytes: number) {
  const encoded = new TextEncoder().encode(s);
  if (encoded.length <= bytes) return s;
  return `${new TextDecoder().decode(encoded.slice(0, bytes - 3)).replace(/\uFFFD$/, "")}...`;
}

/** A refusal that closes the socket with its own code. */
class SocketRefusal extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

function branchHostParam(params: unknown): string | null {
  const p = params as Record<string, unknown> | undefined;
  const v = p?.BranchHost ?? p?.branchHost;
  return typeof v === "string" && v ? v : null;
}

const requestInfo = (data: SocketData, params: unknown, requestId: string): RequestInfo => ({
  headers: data.headers,
  url: data.url,
  ip: data.ip,
  requestId,
  branchHostParam: branchHostParam(params),
});

type Socket = ServerWebSocket<SocketData>;
const socketOf = (extra: unknown) => (extra as { socket: Socket }).socket;

export function websocketHandler(runtime: Runtime, schema: GraphQLSchema) {
  const production = runtime.config.NODE_ENV === "production";
  const trusted = trustedDocumentsFor(runtime.config.WEB_DIST, schema, production);
  const handler = makeHandler({
    schema,
    onConnect: async (ctx) => {
      const data = socketOf(ctx.extra).data;
      try {
        await buildContext(runtime, requestInfo(data, ctx.connectionParams, data.requestId));
      } catch (error) {
        const { code, reason } = closeCodeFor(error);
        throw new SocketRefusal(code, reason);
      }
      return true;
    },
    onSubscribe: async (ctx, id, payload) => {
      // The app's own documents are recognised by their text: parsed and validated once, on their
      // first use (trusted-documents.ts).
      const known = typeof payload.query === "string" ? trusted.byDocumentText(payload.query) : undefined;
      const args = prepareOperation(schema, payload, {
        production,
        activeOnSocket: Object.keys(ctx.subscriptions).length,
        trusted: known,
      });
      if (Array.isArray(args)) return args;
      const operation = getOperationAST(args.document, args.operationName);
      if (operation && operation.operation !== "subscription")
        return [limitError(wsMessages.subscriptionsOnly, "BAD_REQUEST")];
      const data = socketOf(ctx.extra).data;
      const requestId = `${data.requestId}:${id}`.slice(0, 100);
      let contextValue: Context;
      try {
        contextValue = await buildContext(runtime, requestInfo(data, ctx.connectionParams, requestId));
      } catch (error) {
        return [toClientError(error)];
      }
      // In production a visitor or a customer sends only the app's own documents (as over HTTP).
      const admission = known ? undefined : admitDocument(payload, contextValue, trusted, production);
      if (admission?.kind === "refused") return [admission.error];
      const refused = await guardOperation(contextValue, args.document, args.operationName);
      if (refused) return [refused];
      return { ...args, contextValue };
    },
    onNext: (_ctx, _id, _payload, _args, result) => {
      // Errors reach a websocket client as they reach an HTTP one (graphql/errors.ts).
      const mapped = result.errors ? { ...result, errors: result.errors.map(toClientError) } : result;
      sanitizeResult(production, mapped);
      return mapped;
    },
    onError: (_ctx, _id, _payload, errors) => errors.map(toClientError).map((e) => e.toJSON()),
  });

  /** Runs one socket event inside the socket's request id; a failure closes that socket only. */
  const guarded = (socket: Socket, run: () => unknown) =>
    requestStore.run({ requestId: socket.data.requestId }, async () => {
      try {
        await run();
      } catch (error) {
        if (error instanceof SocketRefusal) return socket.close(error.code, error.reason);
        log.error("websocket error", { error });
        try {
          socket.close(CloseCode.InternalServerError, wsMessages.internal);
        } catch {
          // already closed
        }
      }
    });

  return {
    open: (socket: Socket) => guarded(socket, () => handler.open?.(socket as never)),
    message: (socket: Socket, message: string | Buffer) =>
      guarded(socket, () => handler.message(socket as never, message)),
    close: (socket: Socket, code: number, reason: string) =>
      guarded(socket, () => handler.close?.(socket as never, code, reason)),
  };
}

/** A new socket's request id: every message on it is logged under it (with the subscription's id). */
export const newSocketRequestId = () => `ws-${randomUUID()}`;
