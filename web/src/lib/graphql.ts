import { print } from "@0no-co/graphql.web";
import { initGraphQLTada, type ResultOf, type TadaDocumentNode, type VariablesOf } from "gql.tada";
import type { introspection } from "../graphql/introspection";
import { currentParams } from "./links";

// Typed operations: documents are checked against the schema printed from the server's Pothos
// schema (npm run generate). Result and variable types are inferred; none are written by hand.
const tada = initGraphQLTada<{
  introspection: typeof introspection;
  scalars: { DateTime: string; Date: string; ID: string };
}>();

// The build lists every document the app can send (scripts/trusted-documents.ts sets this array before
// importing the modules that create them); the server runs those, sent by their hash, without parsing or
// validating them again (docs/decisions/0730-trusted-documents.md).
const collecting = (globalThis as { __graphqlDocuments?: unknown[] }).__graphqlDocuments;
export const graphql: typeof tada = collecting
  ? (Object.assign((...args: Parameters<typeof tada>) => {
      const doc = tada(...args);
      collecting.push(doc);
      return doc;
    }, tada) as typeof tada)
  : tada;
export type { ResultOf, VariablesOf };

export type GraphQLErrorItem = { message: string; path?: (string | number)[]; extensions?: { code?: string } };

/** A non-OK HTTP response or a GraphQL errors array. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: GraphQLErrorItem[],
    readonly operationName: string,
    /** The id this request was logged under on the server (sent as x-request-id). */
    readonly requestId?: string,
  ) {
    super(errors[0]?.message ?? `${status} Error`);
    this.name = "RequestError";
  }
}

/** The branch host of the current page (?host=), sent to the API as the BranchHost header. */
export function currentBranchHost(): string | null {
  return currentParams().get("host");
}

// How a request reaches /graphql: the browser's fetch; the server's render (entry-server.tsx) answers
// it in process, as the signed-in visitor whose page it renders.
type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);
export function setGraphqlTransport(send: Transport) {
  transport = send;
}

type DocumentInfo = { query: string; operationName: string; documentId?: Promise<string | undefined> };
const printed = new WeakMap<object, DocumentInfo>();
export function documentInfo(doc: TadaDocumentNode<unknown, unknown>): DocumentInfo {
  let info = printed.get(doc);
  if (!info) {
    const op = doc.definitions.find((d) => d.kind === "OperationDefinition");
    info = { query: print(doc), operationName: (op && "name" in op && op.name?.value) || "anonymous" };
    printed.set(doc, info);
  }
  return info;
}

/**
 * The document's trusted id, "sha256:<hex of its printed text>" (the build's manifest lists the same), or
 * undefined where the page cannot hash (crypto.subtle exists only on https and loopback pages).
 */
export function documentIdOf(info: DocumentInfo): Promise<string | undefined> {
  info.documentId ??= sha256Hex(info.query).then(
    (hex) => (hex ? `sha256:${hex}` : undefined),
    () => undefined,
  );
  return info.documentId;
}

async function sha256Hex(text: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digest = new Uint8Array(await subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** The server's answer to a document id it does not know (an older or newer build): resent as text. */
export const UNKNOWN_DOCUMENT_CODE = "PERSISTED_QUERY_NOT_FOUND";

export async function request<TResult, TVariables>(
  doc: TadaDocumentNode<TResult, TVariables>,
  variables?: TVariables,
): Promise<TResult> {
  const info = documentInfo(doc as TadaDocumentNode<unknown, unknown>);
  const { query, operationName } = info;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/graphql-response+json, application/json",
  };
  const host = currentBranchHost();
  if (host) headers.BranchHost = host;
  // The server logs the request (and any failure's details) under this id; an error shows it to the
  // customer so support can find those details.
  const requestId = newRequestId();
  headers["x-request-id"] = requestId;
  // The app's own documents go by their id (the server knows them from the build); the text only when
  // this page cannot hash, or when the server does not know the id (it runs another build).
  const documentId = await documentIdOf(info);
  const send = async (byId: boolean) => {
    let response: Response;
    try {
      response = await transport("/graphql", {
        method: "POST",
        credentials: "same-origin",
        headers,
        body: JSON.stringify(
          byId
            ? { documentId, variables: variables ?? {}, operationName }
            : { query, variables: variables ?? {}, operationName },
        ),
      });
    } catch {
      throw new RequestError(
        0,
        [{ message: "Network error: the server could not be reached." }],
        operationName,
        requestId,
      );
    }
    let body: { data?: TResult; errors?: GraphQLErrorItem[] } = {};
    try {
      body = await response.json();
    } catch {
      // a non-JSON body (proxy error page): reported by status below
    }
    return { response, body };
  };
  let { response, body } = await send(!!documentId);
  if (documentId && body.errors?.[0]?.extensions?.code === UNKNOWN_DOCUMENT_CODE)
    ({ response, body } = await send(false));
  if (!response.ok || body.errors?.length) {
    throw new RequestError(response.ok ? 200 : response.status, body.errors ?? [], operationName, requestId);
  }
  return body.data as TResult;
}

function newRequestId(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
