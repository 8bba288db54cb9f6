import { print } from "@0no-co/graphql.web";
import { initGraphQLTada, type ResultOf, type TadaDocumentNode, type VariablesOf } from "gql.tada";
import type { introspection } from "../graphql/introspection";
import { currentParams } from "./links";

// Typed operations: documents are checked against the schema printed from the server's Pothos
// schema (npm run generate). Result and variable types are inferred; none are written by hand.
export const graphql = initGraphQLTada<{
  introspection: typeof introspection;
  scalars: { DateTime: string; Date: string; ID: string };
}>();
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

const printed = new WeakMap<object, { query: string; operationName: string }>();
export function documentInfo(doc: TadaDocumentNode<unknown, unknown>) {
  let info = printed.get(doc);
  if (!info) {
    const op = doc.definitions.find((d) => d.kind === "OperationDefinition");
    info = { query: print(doc), operationName: (op && "name" in op && op.name?.value) || "anonymous" };
    printed.set(doc, info);
  }
  return info;
}

export async function request<TResult, TVariables>(
  doc: TadaDocumentNode<TResult, TVariables>,
  variables?: TVariables,
): Promise<TResult> {
  const { query, operationName } = documentInfo(doc as TadaDocumentNode<unknown, unknown>);
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
  let response: Response;
  try {
    response = await transport("/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers,
      body: JSON.stringify({ query, variables: variables ?? {}, operationName }),
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
  if (!response.ok || body.errors?.length) {
    throw new RequestError(response.ok ? 200 : response.status, body.errors ?? [], operationName, requestId);
  }
  return body.data as TResult;
}

function newRequestId(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
