import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates a server-rendered page, true from then on (and at once
 * in a page rendered in the browser): what depends on the browser (local storage, the cart) renders
 * after hydration, so the server's HTML and the browser's first render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
