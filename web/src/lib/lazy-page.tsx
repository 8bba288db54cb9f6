import { type ComponentType, type ReactNode, Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "./lazy";
import type { RouteParams } from "./route-table";

// Route-level code splitting, written once: each page is its own chunk, loaded on its first visit
// (with the stale-chunk reload of lib/lazy.ts, and known to the server's render by `moduleId`), and a
// page skeleton, not the whole shell, shows while it loads.

// biome-ignore lint/suspicious/noExplicitAny: each page takes its own props (params, or none)
type AnyPage = ComponentType<any>;

export type LazyPageOptions = {
  /** Shown while the chunk loads; a page skeleton unless given. */
  fallback?: ReactNode;
  /** Fixed props the page gets besides `params` (one page shown under two routes). */
  props?: Record<string, unknown>;
  /** Wraps the page and its skeleton (e.g. a feature check that shows its own page instead). */
  guard?: ComponentType<{ children: ReactNode }>;
};

/**
 * A route component for the page that `load` imports: a module whose default export is the page, or
 * the page itself (`import("./pages/x").then((m) => m.XPage)`).
 */
export function lazyPage(
  moduleId: string,
  load: () => Promise<{ default: AnyPage } | AnyPage>,
  options: LazyPageOptions = {},
) {
  const Page = lazyWithReload(moduleId, async () => {
    const loaded = await load();
    return { default: "default" in loaded ? loaded.default : loaded };
  });
  const Guard = options.guard;
  return function LazyPage({ params }: { params?: RouteParams }) {
    const page = (
      <Suspense fallback={options.fallback ?? <PageSkeleton />}>
        <Page {...options.props} params={params ?? {}} />
      </Suspense>
    );
    return Guard ? <Guard>{page}</Guard> : page;
  };
}
