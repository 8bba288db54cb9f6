import { safeReturnUrl } from "@shared/return-url.ts";
import {
  MutationCache,
  QueryCache,
  QueryClient,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import type { TadaDocumentNode } from "gql.tada";
import { navigate } from "wouter/use-browser-location";
import { toast } from "@/lib/toast";
import { documentInfo, RequestError, request } from "./graphql";
import { currentLocation, mergeQuery } from "./links";

// Request-level error handling (401 to sign-in, 403 to forbidden, a failure on our side with its request id) lives here, in one place, not in pages.

const isLoginPath = (path: string) => /\/(team\/login|v2\/account\/login)$/i.test(path.replace(/\/$/, ""));

/** Where a signed-out visitor of `pathname` signs in: team pages and lead forms go to team/login. */
export function loginPathFor(pathname: string) {
  return /team|forms\//i.test(pathname) ? "/team/login" : "/v2/account/login";
}

/**
 * The sign-in page for the current page, with the page as its ReturnUrl when that is an address the
 * sign-in would follow (shared/return-url.ts): an odd address (e.g. "//host/team" typed in the bar) is
 * not carried along, and the visitor goes to their home after signing in.
 */
export function loginRedirectTarget(loc: { pathname: string; search: string } = currentLocation()) {
  const params = new URLSearchParams();
  const returnUrl = safeReturnUrl(loc.pathname + loc.search);
  if (returnUrl) params.set("ReturnUrl", returnUrl);
  const host = new URLSearchParams(loc.search).get("host");
  if (host) params.set("host", host);
  return `${loginPathFor(loc.pathname)}?${params}`;
}

/** Redirects for 401 / 403 / 404; returns true when it navigated. */
export function redirectForStatus(status: number): boolean {
  const path = window.location.pathname;
  if (status === 401) {
    if (isLoginPath(path)) return false;
    navigate(loginRedirectTarget(), { replace: true });
    return true;
  }
  if (status === 403) {
    // A team page refused stays in the team layout (team/forbidden, with the menu of what is allowed).
    const target = path.startsWith("/team/") ? "/team/forbidden" : "/forbidden";
    if (path === target) return false;
    navigate(mergeQuery(target), { replace: true });
    return true;
  }
  if (status === 404) {
    if (path === "/404") return false;
    navigate(mergeQuery("/404"), { replace: true });
    return true;
  }
  return false;
}

// Errors whose message is written for the person who made the request (bad input, a conflict, too
// many attempts...). Anything else (a masked server failure, a proxy's 502, no connection) is ours.
const userErrorCodes = new Set([
  "BAD_USER_INPUT",
  "CONFLICT",
  "RATE_LIMITED",
  "NOT_FOUND",
  "FORBIDDEN",
  "UNAUTHENTICATED",
  "BRANCH_NOT_FOUND",
]);

let supportPhone: string | null = null;
/** The branch's phone number, offered when something fails on our side (set once branding loads). */
export function setSupportPhone(phone: string | null | undefined) {
  supportPhone = phone?.trim() || null;
}

/** A failure on our side (not an answer to what was typed): the customer sees what to do, not details. */
export function isServerFault(error: unknown): boolean {
  return (
    error instanceof RequestError &&
    (!error.errors.length || error.errors.some((e) => !userErrorCodes.has(e.extensions?.code ?? "")))
  );
}

/** The request id to quote to support for a failure on our side, else null. */
export function requestErrorReference(error: unknown): string | null {
  return error instanceof RequestError && isServerFault(error) ? (error.requestId ?? null) : null;
}

// GraphQL's wording for a variable a scalar refused: `Variable "$input" got invalid value "x" at
// "input.date"; Invalid date: use YYYY-MM-DD.` The person sees the scalar's sentence; the form kit
// puts it on the field the path names.
const INVALID_VARIABLE = /^Variable "\$\w+" got invalid value[\s\S]*?(?: at "([^"]+)")?; ([\s\S]+)$/;

/** The sentence and the field (last part of the path, when named) of a refused variable, else null. */
export function invalidVariable(message: string): { message: string; field?: string } | null {
  const match = INVALID_VARIABLE.exec(message);
  if (!match) return null;
  return { message: match[2] ?? message, field: match[1]?.split(".").pop() };
}

/**
 * What to show for a failed request, to staff and customers alike: the message of an answer meant for
 * the person (bad input, a conflict...); for a failure on our side (a masked server error, a proxy's
 * 502, no connection, a request the server could not read) a plain sentence with what to do (try
 * again, or call the branch) and, unless `reference: false` (the caller shows it itself, small), the
 * request id for support. The server's own words for a failure never reach the page: the details stay
 * in the server's log under that id.
 */
export function describeRequestError(error: unknown, options: { reference?: boolean } = {}): string {
  if (error instanceof RequestError) {
    if (!isServerFault(error))
      return error.errors.map((e) => invalidVariable(e.message)?.message ?? e.message).join("\n");
    const call = supportPhone ? `, or call us at ${supportPhone}` : "";
    const text =
      error.status === 0
        ? `We couldn't reach our server. Check your connection and try again${call}.`
        : `Something went wrong on our side. Please try again in a moment${call}.`;
    return options.reference !== false && error.requestId ? `${text}\nReference: ${error.requestId}` : text;
  }
  return error instanceof Error ? error.message : String(error);
}

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 3 * 3600_000,
        retry: (count, error) =>
          count < 1 && !(error instanceof RequestError && [401, 403, 404].includes(error.status)),
        refetchOnWindowFocus: false,
      },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof RequestError && redirectForStatus(error.status)) return;
        // With data already on screen the page keeps it and a toast tells what failed; without data
        // the page shows the error in an alert (see <QueryError>).
        if (query.state.data !== undefined) {
          const reference = requestErrorReference(error);
          toast.error(describeRequestError(error, { reference: false }), {
            style: { whiteSpace: "pre-line" },
            description: reference ? `Reference: ${reference}` : undefined,
          });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (error instanceof RequestError && error.status === 401) redirectForStatus(401);
      },
    }),
  });
  return client;
}

/** A query keyed by operation name plus variables. */
export function useGqlQuery<TResult, TVariables>(
  doc: TadaDocumentNode<TResult, TVariables>,
  variables?: TVariables,
  options?: Omit<UseQueryOptions<TResult, Error>, "queryKey" | "queryFn">,
) {
  const { operationName } = documentInfo(doc as TadaDocumentNode<unknown, unknown>);
  return useQuery<TResult, Error>({
    queryKey: [operationName, variables ?? {}],
    queryFn: () => request(doc, variables),
    ...options,
  });
}

/** Starts `doc` now, under the key useGqlQuery gives it, so the component that asks later finds it under way. */
export function prefetchGql<TResult, TVariables>(
  client: QueryClient,
  doc: TadaDocumentNode<TResult, TVariables>,
  variables?: TVariables,
) {
  const { operationName } = documentInfo(doc as TadaDocumentNode<unknown, unknown>);
  void client.prefetchQuery({ queryKey: [operationName, variables ?? {}], queryFn: () => request(doc, variables) });
}

/**
 * A mutation whose caller reads the whole answer and says what happened itself: sign-in and the
 * forgot-password mail (their forms word a refusal their own way), sign-out and stopping an
 * impersonation (they navigate whatever the answer), uploads (the caller needs the stored URL and
 * names the file that failed). Every other screen uses useGqlMutation of lib/use-gql-mutation.ts,
 * which shows refusals and failures in one place.
 */
export function useRawMutation<TResult, TVariables>(doc: TadaDocumentNode<TResult, TVariables>) {
  return useMutation<TResult, Error, TVariables>({ mutationFn: (variables) => request(doc, variables) });
}
