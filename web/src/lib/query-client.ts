import {
  MutationCache,
  QueryCache,
  QueryClient,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import type { TadaDocumentNode } from "gql.tada";
import { toast } from "sonner";
import { navigate } from "wouter/use-browser-location";
import { documentInfo, RequestError, request } from "./graphql";
import { mergeQuery } from "./links";

// The error handling of SPEC section 8 lives here, in one place, not in pages.

const isLoginPath = (path: string) => /\/(team\/login|v2\/account\/login)$/i.test(path.replace(/\/$/, ""));

/** Where a signed-out visitor of `pathname` signs in: team pages and lead forms go to team/login. */
export function loginPathFor(pathname: string) {
  return /team|forms\//i.test(pathname) ? "/team/login" : "/v2/account/login";
}

export function loginRedirectTarget(loc: Location = window.location) {
  const params = new URLSearchParams();
  params.set("ReturnUrl", loc.pathname + loc.search);
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
    if (path === "/forbidden") return false;
    navigate(mergeQuery("/forbidden"), { replace: true });
    return true;
  }
  if (status === 404) {
    if (path === "/404") return false;
    navigate(mergeQuery("/404"), { replace: true });
    return true;
  }
  return false;
}

/** "message\nOperation: a.b" per GraphQL error, or "<status> Error" when there are none. */
export function describeRequestError(error: unknown): string {
  if (error instanceof RequestError) {
    if (!error.errors.length) return `${error.status} Error`;
    return error.errors
      .map((e) => (e.path?.length ? `${e.message}\nOperation: ${e.path.join(".")}` : e.message))
      .join("\n");
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
        if (query.state.data !== undefined)
          toast.error(describeRequestError(error), { style: { whiteSpace: "pre-line" } });
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

/** A mutation; variables are passed when it runs. */
export function useGqlMutation<TResult, TVariables>(doc: TadaDocumentNode<TResult, TVariables>) {
  return useMutation<TResult, Error, TVariables>({ mutationFn: (variables) => request(doc, variables) });
}
