import { GraphQLError } from "graphql";
import { log } from "../log.ts";

// Every expected failure is an AppError with a code; services throw it without knowing the transport.
// toClientError, used by both transports (Yoga over HTTP, graphql-ws), turns it into a GraphQL error
// with the code and the HTTP status of one table (the web client redirects on 401 / 403 / 404).
// Anything else is masked and logged with the request id.
export const errorStatus = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  BRANCH_NOT_FOUND: 404,
  RATE_LIMITED: 429,
  CONFLICT: 409,
} as const;

export type ErrorCode = keyof typeof errorStatus;

const defaultMessages: Record<ErrorCode, string> = {
  UNAUTHENTICATED: "You need to sign in.",
  FORBIDDEN: "You don't have permission to do that.",
  NOT_FOUND: "Not found.",
  BAD_USER_INPUT: "Invalid input.",
  BRANCH_NOT_FOUND: "Unknown branch.",
  RATE_LIMITED: "Too many attempts. Try again later.",
  CONFLICT: "That conflicts with existing data.",
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? defaultMessages[code]);
    this.name = "AppError";
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

const withCode = (error: AppError, message: string, at?: GraphQLError) =>
  new GraphQLError(message, {
    nodes: at?.nodes,
    source: at?.source,
    positions: at?.positions,
    path: at?.path,
    originalError: error,
    extensions: { ...at?.extensions, code: error.code, http: { status: error.status } },
  });

/**
 * What a client sees of an error: an AppError (thrown by a service, a scope or a scalar) keeps its
 * message and gets its code and HTTP status; GraphQL's own errors (syntax, validation, limits) pass;
 * anything else is logged and masked as "Unexpected error.".
 */
export function toClientError(error: unknown): GraphQLError {
  if (error instanceof AppError) return withCode(error, error.message);
  if (error instanceof GraphQLError) {
    const original = error.originalError;
    if (original instanceof AppError) return withCode(original, error.message, error);
    if (!original || original instanceof GraphQLError) return error;
  }
  log.error("unexpected error", { error: (error as GraphQLError)?.originalError ?? error });
  return new GraphQLError("Unexpected error.", { extensions: { code: "INTERNAL_SERVER_ERROR" } });
}

export const notFound = (what = "Not found.") => new AppError("NOT_FOUND", what);
export const badInput = (message: string) => new AppError("BAD_USER_INPUT", message);
