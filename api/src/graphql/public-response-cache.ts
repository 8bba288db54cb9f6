import { type DocumentNode, Kind, type OperationDefinitionNode, parse } from "graphql";
import { cacheFor } from "../db/read-cache.ts";
import { SHOP_CATALOGUE_MODELS } from "../modules/shop/shop-cache.ts";
import type { Runtime } from "../runtime.ts";

// Whole answers to the shop's public reads, for visitors who are not signed in. A visitor's shop index
// asks the same question as every other visitor of the branch, and the answer is already built from the
// shop's per-branch cache: keeping the serialized answer as well saves executing and serializing it again
// (most of such a request's cost). The entries are dropped with the shop's cache, by any write to the
// tables the answers come from (db/read-cache.ts, docs/decisions/0400-cached-reads-and-invalidation.md).
//
// Only an answer that cannot differ between visitors is kept: a query (never a mutation) whose every
// root field is one of the cached public shop reads, sent without a session or API key, answered 200
// without errors and without setting a cookie. The key is the exact body plus the request's Origin and
// Accept headers (the answer carries that origin's CORS headers and the content type asked for).

/** Root fields answered from the shop's public cache (shop.service.ts: cachedShopRead). */
const PUBLIC_SHOP_FIELDS: ReadonlySet<string> = new Set(["products", "product", "shopBannerAndFooter", "__typename"]);
/** Larger bodies are not the shop's questions. */
const MAX_KEY_BODY_BYTES = 4096;

const publicResponses = {
  name: "shop-public-responses",
  models: SHOP_CATALOGUE_MODELS,
  ttlMs: 60_000,
  maxEntries: 200,
} as const;

type StoredResponse = { body: string; headers: [string, string][] };

/** A miss whose answer may not be kept (an error, a cookie): passed through the cache's load as a refusal. */
class NotKept extends Error {
  constructor(readonly response: StoredResponse & { status: number }) {
    super("not kept");
  }
}

/** Whether a GraphQL POST body reads only the shop's public cached fields. */
export function readsOnlyPublicShop(body: string): boolean {
  let query: unknown;
  try {
    const json = JSON.parse(body) as { query?: unknown; extensions?: unknown };
    if (json.extensions !== undefined) return false;
    query = json.query;
  } catch {
    return false;
  }
  if (typeof query !== "string") return false;
  try {
    return operationReadsOnlyPublicShop(parse(query, { noLocation: true }));
  } catch {
    return false;
  }
}

/**
 * Whether a document is one query reading only the shop's public cached fields. Fragments (inside those
 * fields) only for a trusted document, which was validated on its first use.
 */
export function operationReadsOnlyPublicShop(document: DocumentNode, opts: { fragments?: boolean } = {}): boolean {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) return false;
  if (!opts.fragments && document.definitions.length !== operations.length) return false;
  if (document.definitions.some((d) => d.kind !== Kind.OPERATION_DEFINITION && d.kind !== Kind.FRAGMENT_DEFINITION))
    return false;
  const [operation] = operations as [OperationDefinitionNode];
  const roots = operation.selectionSet.selections;
  return (
    operation.operation === "query" &&
    !operation.directives?.length &&
    roots.every((s) => s.kind === Kind.FIELD && PUBLIC_SHOP_FIELDS.has(s.name.value) && !s.directives?.length) &&
    roots.some((s) => s.kind === Kind.FIELD && s.name.value !== "__typename")
  );
}

/**
 * The answer to `request` (whose JSON body is `body`) for a visitor without a session: from the cache
 * when the same question was answered since the shop last changed, else from `answer`, kept when it may
 * be. Anything else is answered by `answer` alone.
 */
export async function answerPublicShopRead(
  rt: Runtime,
  branchId: string,
  request: Request,
  body: string,
  answer: (request: Request) => Promise<Response>,
  /** Known already (a trusted document): whether `body` reads only the public shop fields. */
  publicShop?: boolean,
): Promise<Response> {
  const fresh = () => new Request(request.url, { method: "POST", headers: request.headers, body });
  if (body.length > MAX_KEY_BODY_BYTES || !(publicShop ?? readsOnlyPublicShop(body))) return answer(fresh());
  // The answer's headers depend on the Origin (CORS) and the Accept (the content type) asked for.
  const key = `${request.headers.get("origin") ?? ""}\n${request.headers.get("accept") ?? ""}\n${body}`;
  let answeredHere = false;
  try {
    const stored = await cacheFor(rt, publicResponses).get(branchId, key, async (): Promise<StoredResponse> => {
      answeredHere = true;
      const response = await answer(fresh());
      const text = await response.text();
      const headers = [...response.headers.entries()];
      const kept = { body: text, headers, status: response.status };
      if (response.status !== 200 || response.headers.has("set-cookie") || hasErrors(text)) throw new NotKept(kept);
      return kept;
    });
    return new Response(stored.body, { status: 200, headers: stored.headers });
  } catch (error) {
    if (!(error instanceof NotKept)) throw error;
    // An answer that was not kept is only ever this request's own (it may carry a cookie): a request
    // that waited on another's is answered afresh.
    if (!answeredHere) return answer(fresh());
    return new Response(error.response.body, { status: error.response.status, headers: error.response.headers });
  }
}

function hasErrors(text: string): boolean {
  try {
    return (JSON.parse(text) as { errors?: unknown }).errors !== undefined;
  } catch {
    return true;
  }
}
