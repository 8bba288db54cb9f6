import { AsyncLocalStorage } from "node:async_hooks";
import { dehydrate, QueryClient } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { sanitizeStaffHtml } from "../../api/src/security/html";
import { App } from "./app";
import { setServerSanitizer } from "./components/safe-html";
import { setGraphqlTransport } from "./lib/graphql";
import { isLazyModuleLoaded, preloadLazyModules, RenderedLazyModules } from "./lib/lazy";
import { setServerLocation, withHost } from "./lib/links";
import { isServerRenderedPath, type ServerRenderState } from "./server-state";

// The server's render of the pages customers land on first (built with `vite build --ssr` into
// dist/.ssr, called by api/src/http/server-render.ts). The page comes as HTML with its data, so a phone
// on a slow network shows it before the scripts have arrived; main.tsx then hydrates it.
//
// The page renders (synchronously: the HTML needs no script to put it together), then what it lacked is
// fetched: the lazy modules it reached and the queries it asked for (in process, as the signed-in
// visitor); and it renders again, until it lacks nothing. A page whose data fails, or that redirects, is
// not rendered here: the browser renders it as every other page (the server sends index.html as it is).

/** A page that still lacks something after this many renders is left to the browser. */
const MAX_PASSES = 8;

type Visit = { pathname: string; search: string; graphql: (request: Request) => Promise<Response> };
const visits = new AsyncLocalStorage<Visit>();

setServerSanitizer((html) => (html ? sanitizeStaffHtml(html) : ""));
setServerLocation(() => visits.getStore() ?? { pathname: "/", search: "" });
setGraphqlTransport((path, init) => {
  const visit = visits.getStore();
  if (!visit) return Promise.reject(new Error("A GraphQL request outside a server render."));
  return visit.graphql(new Request(new URL(path, "http://server-render.invalid"), init));
});

/** A page to send, or where the page sends the visitor (with ?host= kept). */
export type RenderedPage = { html: string; state: ServerRenderState } | { redirect: string };

/**
 * The HTML of the page at `url` with the state main.tsx hydrates it from, where it redirects to, or
 * null when the browser should render it. `graphql` answers the page's GraphQL requests (path /graphql) as the visitor.
 */
export async function renderPage(url: URL, graphql: Visit["graphql"]): Promise<RenderedPage | null> {
  if (!isServerRenderedPath(url.pathname)) return null;
  return visits.run({ pathname: url.pathname, search: url.search, graphql }, async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const lazyModules = new Set<string>();
      const redirect: { redirectTo?: string } = {};
      const html = renderToString(
        <RenderedLazyModules.Provider value={lazyModules}>
          <App queryClient={queryClient} location={{ path: url.pathname, search: url.search, redirect }} />
        </RenderedLazyModules.Provider>,
      );
      if (redirect.redirectTo) return { redirect: withHost(redirect.redirectTo) };
      const queries = queryClient.getQueryCache().getAll();
      if (queries.some((q) => q.state.status === "error")) return null;
      const missingModules = [...lazyModules].filter((id) => !isLazyModuleLoaded(id));
      const asked = queries.filter(
        (q) =>
          q.state.status === "pending" &&
          q.state.fetchStatus === "idle" &&
          (q.options as { enabled?: unknown }).enabled !== false,
      );
      if (!missingModules.length && !asked.length) {
        // A part that failed to render is marked for the browser to render (<!--$!-->): not a page to send.
        if (html.includes("<!--$!-->")) return null;
        return { html, state: { queries: dehydrate(queryClient), lazyModules: [...lazyModules] } };
      }
      await Promise.all([preloadLazyModules(missingModules), ...asked.map((q) => q.fetch().catch(() => undefined))]);
    }
    return null;
  });
}
