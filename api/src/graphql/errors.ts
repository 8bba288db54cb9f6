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
    if (!original || original instanceof GraphQLError) return withinSize(error);
  }
  log.error("unexpected error", { error: (error as GraphQLError)?.originalError ?? error });
  return new GraphQLError("Unexpected error.", { extensions: { code: "INTERNAL_SERVER_ERROR" } });
}

/** The longest refused value echoed back in a message, and the longest message. */
const ECHO_CHARS = 120;
const MESSAGE_CHARS = 1000;

/**
 * GraphQL's own messages echo a refused variable's whole value ('Variable "$i" got invalid value
 * <the value>; ...'): a 600 KB value must not come back 600 KB long. The value is shortened, the
 * reason after it kept.
 */
function withinSize(error: GraphQLError): GraphQLError {
  if (error.message.length <= MESSAGE_CHARS) return error;
  const shorten = (value: string) => (value.length > ECHO_CHARS ? `${value.slice(0, ECHO_CHARS)}…` : value);
  let message = error.message
    .replace(/"[^"]{120,}"/g, (quoted) => `${shorten(quoted.slice(0, -1))}"`)
    .replace(
      /(got invalid value )([\s\S]*?)(; |$)/,
      (_m, head: string, value: string, tail: string) => `${head}${shorten(value)}${tail}`,
    );
  if (message.length > MESSAGE_CHARS) message = `${message.slice(0, MESSAGE_CHARS - 1)}…`;
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: error.extensions,
  });
}
