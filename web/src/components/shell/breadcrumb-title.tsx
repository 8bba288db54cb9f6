import { useEffect, useSyncExternalStore } from "react";

// The record a detail page shows ("Kevin Park", a map's name), for the area's breadcrumb to name
// instead of the route's generic title ("Team member"). Set by rendering <BreadcrumbTitle>; cleared
// when that page goes away.

let current: string | null = null;
const listeners = new Set<() => void>();
const set = (title: string | null) => {
  current = title;
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current page's record name, or null when the page names none. */
export function useBreadcrumbTitle(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Names the record this page shows in the breadcrumb. */
export function BreadcrumbTitle({ title }: { title: string | null | undefined }) {
  useEffect(() => {
    if (!title) return;
    set(title);
    return () => set(null);
  }, [title]);
  return null;
}
