import { useCallback } from "react";
import type { BaseLocationHook } from "wouter";
import { useBrowserLocation } from "wouter/use-browser-location";
import { withHost } from "./links";

type NavigateOptions = { replace?: boolean; state?: unknown; transition?: boolean };

/**
 * The app's location hook: the browser location, but every navigation goes through `withHost` so the
 * branch (`?host=`) stays on the address. Pass it to wouter's <Router hook>.
 */
export const useHostLocation: BaseLocationHook = (options?: { ssrPath?: string }) => {
  const [location, navigate] = useBrowserLocation(options);
  const go = useCallback((to: string, opts?: NavigateOptions) => navigate(withHost(to), opts), [navigate]);
  return [location, go];
};

/** wouter `hrefs` formatter: rendered <Link> hrefs carry `?host=` too (so open-in-new-tab keeps it). */
export const hostHrefs = (href: string) => withHost(href);

/**
 * A ReturnUrl is followed only when it is a path on this site (no open redirects): the rule is shared
 * with the API, which applies it to the redirects of the pages it renders (api/src/shared/return-url.ts).
 */
export { safeReturnUrl } from "@shared/return-url.ts";
