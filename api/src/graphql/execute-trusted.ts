import type { ExecutionResult, GraphQLError } from "graphql";
import { guardOperation } from "../modules/admin/impersonation.ts";
import type { Context } from "../runtime.ts";
import { toClientError } from "./errors.ts";
import { asUsual } from "./jit.ts";
import { checkVariables, stripSuggestions } from "./limits.ts";
import type { TrustedDocument } from "./trusted-documents.ts";

// A trusted document over HTTP, run without Yoga: it was parsed, validated and compiled once, on its
// first use (trusted-documents.ts), so what is left per request is what Yoga's plugins do around
// the execution, in the same order and through the same functions: the variables' checks
// (limits.ts), the impersonation guard and audit, the compiled execution, error masking (errors.ts),
// no suggestions in production, and the answer serialized once. Anything unusual (a subscription,
// variables that do not coerce) returns "usual", and Yoga answers it with the document's text: the same
// messages and statuses as before.

export type TrustedAnswer = { status: number; body: string } | "usual";

const INTERNAL_EXTENSIONS = new Set(["http", "unexpected"]);

/** An error as Yoga serializes it: its JSON form without the internal extensions (the HTTP status). */
function errorJson(error: GraphQLError) {
  const json = error.toJSON() as { extensions?: Record<string, unknown> };
  if (json.extensions) {
    const kept = Object.entries(json.extensions).filter(([k]) => !INTERNAL_EXTENSIONS.has(k));
    json.extensions = kept.length ? Object.fromEntries(kept) : undefined;
  }
  return json;
}

/** The HTTP status of an answer with these errors, as Yoga sets it (the highest status an error names). */
function statusOf(errors: readonly GraphQLError[] | undefined): number {
  let status = 0;
  for (const e of errors ?? []) {
    const s = (e.extensions?.http as { status?: number } | undefined)?.status;
    if (s && s > status) status = s;
  }
  return status || 200;
}

function answer(result: ExecutionResult): { status: number; body: string } {
  const errors = result.errors;
  const body = errors?.length
    ? JSON.stringify({ errors: errors.map(errorJson), data: result.data, extensions: result.extensions })
    : JSON.stringify({ data: result.data });
  return { status: statusOf(errors), body };
}

export async function executeTrusted(
  ctx: Context,
  entry: TrustedDocument,
  variables: Record<string, unknown> | undefined,
  opts: { production: boolean; method: string },
): Promise<TrustedAnswer> {
  const { document, operation } = entry;
  if (operation.operation === "subscription") return "usual";
  // Yoga answers a mutation sent by GET with its 405.
  if (operation.operation === "mutation" && opts.method !== "POST") return "usual";
  const compiled = entry.compiled;
  if (!compiled) return "usual";
  const refusedInput = checkVariables(document, variables);
  if (refusedInput) return answer({ errors: [refusedInput] });
  const refused = await guardOperation(ctx, document, entry.operationName);
  if (refused) return answer({ errors: [refused] });
  const raw = await compiled.query(undefined, ctx, variables);
  // Variables that do not coerce (no data: nothing has run): Yoga's own messages and 400.
  if (!("data" in raw)) return "usual";
  const result = asUsual(raw, document);
  if (!result.errors?.length) return answer(result);
  const errors = result.errors.map(toClientError);
  return answer({ ...result, errors: opts.production ? stripSuggestions(errors) : errors });
}
