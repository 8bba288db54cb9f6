import type { DehydratedState } from "@tanstack/react-query";

// What the server's render (entry-server.tsx), the API that sends it (api/src/http/server-render.ts) and
// the browser that hydrates it (main.tsx) agree on. No imports at run time: the API reads it too.

/**
 * The pages rendered on the server: the ones customers land on first, the team home (the back
 * office's first page) and the personnel list's first view (a page employees open from a bookmark).
 * Others (the rest of the team and the portal, the console) render in the browser; the API sends them
 * index.html without loading the render.
 */
export const SERVER_RENDERED_PATHS: readonly RegExp[] = [
  /^\/v2\/account\/login\/?$/i,
  /^\/v2\/billing(\/[^/]+)?\/?$/i,
  /^\/shop\/?$/i,
  /^\/team\/?$/i,
  /^\/team\/personnel\/?$/i,
];

export const isServerRenderedPath = (pathname: string) => SERVER_RENDERED_PATHS.some((p) => p.test(pathname));

/** The id of the JSON block in a server-rendered page (entry-server.tsx) that main.tsx reads. */
export const SERVER_STATE_ID = "server-state";

export type ServerRenderState = {
  /** The queries the page was rendered with (TanStack Query's dehydrated cache). */
  queries: DehydratedState;
  /** The lazy modules the page rendered, parents first (lib/lazy.ts). */
  lazyModules: string[];
};
