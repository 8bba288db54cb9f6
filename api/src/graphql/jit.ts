import {
  BREAK,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  type OperationDefinitionNode,
  type SourceLocation,
  visit,
} from "graphql";
import { type CompiledQuery, compileQuery, isCompiledQuery } from "graphql-jit";
import type { Plugin } from "graphql-yoga";
import { log } from "../log.ts";

// Queries and mutations over HTTP run as compiled JavaScript (graphql-jit), compiled once per operation
// of a document: no walk of the selection per field with its argument and promise checks, which was
// most of the cost of a large answer (billing: about 1,100 fields). The schema's own resolvers still
// run (with scope-auth's and the prisma plugin's wrappers), and every Yoga hook (limits, impersonation,
// error masking) still runs around the execution. Why, and what keeps the usual executor:
// docs/decisions/0412-compiled-queries.md.

// Yoga's parser cache hands out the same DocumentNode for the same text, so an operation's compiled form
// lives as long as its document stays in that cache. Kept per operation node, never per name asked for: a
// name that is in no operation is not remembered (a client sending one document with a million made-up
// operation names must not grow this). null: run by the usual executor.
const compiledByOperation = new WeakMap<OperationDefinitionNode, CompiledQuery | null>();

/** The compiled operation (compiled on its first run), or undefined to leave it to the usual executor. */
function compiledFor(args: ExecutionArgs): CompiledQuery | undefined {
  const operation = getOperationAST(args.document, args.operationName);
  // No such operation, or several and no name: the usual executor answers with its own error.
  if (!operation) return undefined;
  return compiledOperation(args.schema, args.document, operation);
}

/**
 * An operation's compiled form, compiled on first use (trusted documents: when their manifest is read),
 * or undefined when it runs by the usual executor.
 */
export function compiledOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): CompiledQuery | undefined {
  let compiled = compiledByOperation.get(operation);
  if (compiled === undefined) {
    compiled = compile(schema, document, operation);
    compiledByOperation.set(operation, compiled);
  }
  return compiled ?? undefined;
}

/** Only queries and mutations (subscriptions keep the usual executor); null when it cannot be compiled. */
function compile(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): CompiledQuery | null {
  if (operation.operation === "subscription") return null;
  if (hasMarkerText(document)) return null;
  try {
    const compiled = compileQuery(schema, document, operation.name?.value);
    return isCompiledQuery(compiled) ? compiled : null;
  } catch (error) {
    log.warn("graphql-jit could not compile an operation; it runs uncompiled", { error });
    return null;
  }
}

/**
 * graphql-jit writes an operation's literal arguments into the code it generates as JSON, then turns
 * its own marker strings back into code (`"__MAGIC_DATE__<uuid><n>"` becomes `new Date(<n>)`, with
 * <n> any text). A string in the document that carries such a marker would be run as code on the
 * server, so such a document is never compiled.
 */
function hasMarkerText(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    StringValue(node) {
      if (node.value.includes(JIT_MARKER)) found = true;
      return found ? BREAK : undefined;
    },
  });
  return found;
}
const JIT_MARKER = "__MAGIC_";

/**
 * A result as the usual executor gives it: errors before data, and errors that keep their locations
 * through Yoga's serialization (which rebuilds each error from its nodes or source positions, and
 * graphql-jit's errors have only line and column).
 */
export function asUsual(result: ExecutionResult, document: DocumentNode): ExecutionResult {
  if (!result.errors) return result;
  const source = document.loc?.source;
  const errors = result.errors.map((e) =>
    e.nodes || e.positions || !e.locations || !source
      ? e
      : new GraphQLError(e.message, {
          source,
          positions: e.locations.map((l) => offsetOf(source.body, l)),
          path: e.path,
          originalError: e.originalError,
          extensions: e.extensions,
        }),
  );
  return { errors, data: result.data };
}

/** The offset in `body` of a 1-based line and column (lines end as graphql-js's lexer ends them). */
function offsetOf(body: string, at: SourceLocation): number {
  const lineStarts = [0];
  for (const m of body.matchAll(/\r\n|[\n\r]/g)) lineStarts.push(m.index + m[0].length);
  return (lineStarts[at.line - 1] ?? 0) + at.column - 1;
}

/** Yoga plugin (last in the list, so that it sees the final arguments): runs the compiled operation. */
export function jitPlugin(): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const compiled = compiledFor(args);
      if (!compiled) return;
      setExecuteFn((a) => {
        const result = compiled.query(a.rootValue, a.contextValue, a.variableValues ?? undefined);
        // Variables that do not coerce (no data: nothing has run) are answered by the usual executor, with
        // its messages and its 400.
        if (!("then" in result) && !("data" in result)) return executeFn(a);
        const finish = (r: ExecutionResult) => asUsual(r, a.document);
        return ("then" in result ? result.then(finish) : finish(result)) as never;
      });
    },
  };
}
