import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  type OperationDefinitionNode,
  specifiedRules,
  validate,
} from "graphql";
import type { CompiledQuery } from "graphql-jit";
import { log } from "../log.ts";
import type { Context } from "../runtime.ts";
import { answersFromReadCaches } from "./customer-answer-cache.ts";
import { compiledOperation } from "./jit.ts";
import { limitError, limitRules, parseDocument } from "./limits.ts";
import { operationReadsOnlyPublicShop } from "./public-response-cache.ts";

// Trusted documents: the web's operations, known when it is built. scripts/trusted-documents.ts writes
// <WEB_DIST>/.trusted-documents.json ({ documents: { "sha256:<hex>": text } }, the hex of the text as the
// browser prints it); the browser sends { documentId, variables } instead of the text. Each document is
// parsed, validated with every limit rule and compiled once, on its first use: a request for one does no
// parsing, validation or cost analysis of its own. The same document sent as text (the
// websocket sends text) is recognised by its exact text.
//
// In production a signed-out visitor or a customer may send only these; an employee's session, an API
// key, and any server that is not in production (or has no manifest) may send any document, within
// the limits of limits.ts. Both transports admit documents through admitDocument. Why:
// docs/decisions/0730-trusted-documents.md.

export type TrustedDocument = {
  id: string;
  text: string;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  operationName: string | undefined;
  /** A visitor's answer is the same for every visitor of the branch (public-response-cache.ts). */
  publicShop: boolean;
  /** Its answer for a customer may be kept whole (customer-answer-cache.ts). */
  readCached: boolean;
  /** Compiled by graphql-jit (undefined: a subscription, run by the usual executor). */
  compiled: CompiledQuery | undefined;
};

export const MANIFEST_FILE = ".trusted-documents.json";

export const trustedMessages = {
  unknown: "This operation is not one this app was built with: reload the page to get the current version.",
  modified: "The document does not match its id: send the app's own document unchanged.",
  untrusted:
    "Only this app's own operations are answered here: sign in as an employee or use an API key to send others.",
  badId: "A document id is a string: sha256:<64 hex digits>.",
};

/** The codes of these refusals (the web's client resends a document by its text on UNKNOWN). */
export const TRUSTED_CODES = {
  unknown: "PERSISTED_QUERY_NOT_FOUND",
  modified: "PERSISTED_QUERY_MISMATCH",
  untrusted: "PERSISTED_QUERY_ONLY",
} as const;

const RECHECK_MS = 1000;

/** The manifest of one web build, read on first use and again when the file changes (a new build). */
export class TrustedDocuments {
  /** id -> text as listed; each is prepared (parsed, validated, compiled) on its first use. */
  private texts = new Map<string, string>();
  private idsByText = new Map<string, string>();
  private prepared = new Map<string, TrustedDocument | null>();
  private mtimeMs = -1;
  private checkedAt = 0;

  constructor(
    readonly path: string,
    readonly schema: GraphQLSchema,
    private readonly production: boolean,
  ) {}

  /** Whether a manifest was found (with no manifest every document is admitted as before). */
  get loaded(): boolean {
    this.refresh();
    return this.mtimeMs >= 0;
  }

  byDocumentId(id: string): TrustedDocument | undefined {
    if (!this.texts.has(id)) this.refresh();
    return this.entry(id);
  }

  byDocumentText(text: string): TrustedDocument | undefined {
    if (!this.idsByText.has(text)) this.refresh();
    const id = this.idsByText.get(text);
    return id === undefined ? undefined : this.entry(id);
  }

  get size(): number {
    return this.texts.size;
  }

  private entry(id: string): TrustedDocument | undefined {
    let entry = this.prepared.get(id);
    if (entry === undefined) {
      const text = this.texts.get(id);
      if (text === undefined) return undefined;
      entry = this.prepare(id, text);
      this.prepared.set(id, entry);
    }
    return entry ?? undefined;
  }

  /** Reads the manifest when its file changed (looked at most once a second). True when it was read again. */
  private refresh(): boolean {
    const now = Date.now();
    if (this.checkedAt && now - this.checkedAt < RECHECK_MS) return false;
    this.checkedAt = now;
    let mtimeMs = -1;
    try {
      mtimeMs = statSync(this.path).mtimeMs;
    } catch {
      // no manifest (the API alone, tests, development without a build)
    }
    if (mtimeMs === this.mtimeMs) return false;
    this.load(mtimeMs);
    return true;
  }

  private load(mtimeMs: number) {
    const texts = new Map<string, string>();
    if (mtimeMs >= 0) {
      try {
        const manifest = JSON.parse(readFileSync(this.path, "utf8")) as { documents?: Record<string, unknown> };
        for (const [id, text] of Object.entries(manifest.documents ?? {}))
          if (typeof text === "string") texts.set(id, text);
      } catch (error) {
        log.warn("the trusted documents could not be read; documents are sent as text", { error, path: this.path });
        mtimeMs = -1;
      }
    }
    this.texts = texts;
    this.idsByText = new Map([...texts].map(([id, text]) => [text, id]));
    this.prepared = new Map();
    this.mtimeMs = mtimeMs;
  }

  /** Parsed, validated (with the limit rules), compiled: once for the life of the manifest. */
  private prepare(id: string, text: string): TrustedDocument | null {
    try {
      const document = parseDocument(text);
      const errors = validate(this.schema, document, [...specifiedRules, ...limitRules(this.production)]);
      const operation = getOperationAST(document);
      if (errors.length || !operation) {
        log.warn("a trusted document does not validate against this schema; it is not trusted", {
          id,
          error: errors[0]?.message ?? "not one operation",
        });
        return null;
      }
      const entry: TrustedDocument = {
        id,
        text,
        document,
        operation,
        operationName: operation.name?.value,
        publicShop: operationReadsOnlyPublicShop(document, { fragments: true }),
        readCached: answersFromReadCaches(document),
        compiled: compiledOperation(this.schema, document, operation),
      };
      return entry;
    } catch (error) {
      log.warn("a trusted document could not be prepared; it is not trusted", { id, error });
      return null;
    }
  }
}

const stores = new Map<string, TrustedDocuments>();

/** The one manifest reader of a web build for this schema (HTTP and websocket share it). */
export function trustedDocumentsFor(webDist: string, schema: GraphQLSchema, production: boolean): TrustedDocuments {
  const path = join(resolve(webDist), MANIFEST_FILE);
  const key = `${path}\n${production}`;
  let store = stores.get(key);
  if (!store || store.schema !== schema) {
    store = new TrustedDocuments(path, schema, production);
    stores.set(key, store);
  }
  return store;
}

/** Whether this caller may send documents that are not the app's own (employees, API keys, development). */
export function mayRunAnyDocument(ctx: Context, production: boolean, store: TrustedDocuments): boolean {
  if (!production || ctx.apiKey || ctx.viewer?.personId || ctx.viewer?.isSuperAdmin) return true;
  return !store.loaded;
}

/** What a request asks to run: a document id (documentId, or extensions.persistedQuery.sha256Hash) and/or text. */
export type DocumentRequest = { documentId?: unknown; query?: unknown; extensions?: unknown };

export type Admission =
  | { kind: "trusted"; entry: TrustedDocument }
  | { kind: "text"; query: string }
  | { kind: "refused"; error: GraphQLError; status: number };

const refusal = (message: string, code: string, status = 400): Admission => ({
  kind: "refused",
  error: limitError(message, code),
  status,
});

/** The id a request names, if any: `documentId`, or Apollo's `extensions.persistedQuery.sha256Hash`. */
export function requestedDocumentId(params: DocumentRequest): unknown {
  if (params.documentId !== undefined) return params.documentId;
  const persisted = (params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery;
  if (persisted && typeof persisted === "object")
    return typeof persisted.sha256Hash === "string" ? `sha256:${persisted.sha256Hash}` : persisted.sha256Hash;
  return undefined;
}

/**
 * Which document a request runs, for both transports: a trusted one (by its id, or by its exact text),
 * any other text when this caller may send any document, else a refusal. A known id sent with another
 * text is refused (a modified document), as is an unknown id.
 */
export function admitDocument(
  params: DocumentRequest,
  ctx: Context,
  store: TrustedDocuments,
  production: boolean,
): Admission {
  const id = requestedDocumentId(params);
  if (id !== undefined) {
    if (typeof id !== "string" || id.length > 200) return refusal(trustedMessages.badId, "BAD_REQUEST");
    const entry = store.byDocumentId(id);
    if (!entry) return refusal(trustedMessages.unknown, TRUSTED_CODES.unknown);
    if (params.query !== undefined && params.query !== null && params.query !== entry.text)
      return refusal(trustedMessages.modified, TRUSTED_CODES.modified);
    return { kind: "trusted", entry };
  }
  if (typeof params.query !== "string") return { kind: "text", query: params.query as string };
  const entry = store.byDocumentText(params.query);
  if (entry) return { kind: "trusted", entry };
  if (mayRunAnyDocument(ctx, production, store)) return { kind: "text", query: params.query };
  return refusal(trustedMessages.untrusted, TRUSTED_CODES.untrusted, 403);
}
