import { GraphQLError } from "graphql";
import { AppError } from "../errors.ts";
import { log } from "../log.ts";

// toClientError, used by both transports (Yoga over HTTP, graphql-ws), turns an AppError (errors.ts)
// into a GraphQL error with its code and HTTP status. Anything else is masked and logged with the
// request id.
export { AppError, badInput, type ErrorCode, errorStatus, notFound } from "../errors.ts";

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
