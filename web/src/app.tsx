import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense } from "react";
import { Router } from "wouter";
import { AppErrorBoundary } from "@/components/shell/error-pages";
import { hostHrefs, useHostLocation } from "@/lib/router";
import { AppRoutes } from "./routes";

// The toaster, the version watcher and the impersonation banner load right after the first render
// (not in the first load).
// Each Tooltip brings its own provider (components/ui/tooltip.tsx), so none is needed here.
// A chunk that fails to load (a stale deployment) leaves them out instead of failing the page.
const AppExtras = lazy<ComponentType>(() =>
  import("@/components/shell/app-extras").catch(() => ({ default: () => null })),
);

/** Providers, the router that keeps ?host= on every link and navigation, the routes and the toaster. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Router hook={useHostLocation} hrefs={hostHrefs}>
          <AppRoutes />
        </Router>
        <Suspense fallback={null}>
          <AppExtras />
        </Suspense>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
