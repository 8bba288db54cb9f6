import type { DehydratedState } from "@tanstack/react-query";

/** The id of the JSON block in a server-rendered page (entry-server.tsx) that main.tsx reads. */
export const SERVER_STATE_ID = "server-state";

export type ServerRenderState = {
  /** The queries the page was rendered with (TanStack Query's dehydrated cache). */
  queries: DehydratedState;
  /** The lazy modules the page rendered, parents first (lib/lazy.ts). */
  lazyModules: string[];
};
