import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense } from "react";
import { Router } from "wouter";
import { ClientOnly } from "@/components/client-only";
import { AppErrorBoundary } from "@/components/shell/error-pages";
import { hostHrefs, useHostLocation } from "@/lib/router";
import { useHydrated } from "@/lib/use-hydrated";
import { AppRoutes } from "./routes";

// The toaster, the version watcher and the impersonation banner load right after the first render
// (not in the first load), and only in the browser.
// Each Tooltip brings its own provider (components/ui/tooltip.tsx), so none is needed here.
// A chunk that fails to load (a stale deployment) leaves them out instead of failing the page.
const AppExtras = lazy<ComponentType>(() =>
  import("@/components/shell/app-extras").catch(() => ({ default: () => null })),
);

type AppProps = {
  queryClient: QueryClient;
  /** The server's render (entry-server.tsx): the page's path and query string; a <Redirect> notes its target. */
  location?: { path: string; search: string; redirect: { redirectTo?: string } };
};

/** Providers, the router that keeps ?host= on every link and navigation, the routes and the toaster. */
export function App({ queryClient, location }: AppProps) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Router
          hook={useHostLocation}
          hrefs={hostHrefs}
          ssrPath={location?.path}
          ssrSearch={location?.search}
          ssrContext={location?.redirect}
        >
          <AppRoutes />
        </Router>
        <ClientOnly>
          <Suspense fallback={null}>
            <AppExtras />
          </Suspense>
        </ClientOnly>
        <HydrationShield />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}

/**
 * Covers a server-rendered page until the browser has hydrated it: a tap before then would do nothing,
 * or send a form the old way (its fields in the address). Not in a page rendered in the browser.
 */
function HydrationShield() {
  return useHydrated() ? null : <div aria-hidden="true" className="fixed inset-0 z-[1000] cursor-progress" />;
}
