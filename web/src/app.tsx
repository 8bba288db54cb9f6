import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { AppErrorBoundary } from "@/components/shell/error-pages";
import { ImpersonationBanner } from "@/components/shell/impersonation-banner";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";
import { useWatchVersion } from "@/features/system/api";
import { hostHrefs, useHostLocation } from "@/lib/router";
import { AppRoutes } from "./routes";

function VersionWatcher() {
  useWatchVersion();
  return null;
}

/** Providers, the router that keeps ?host= on every link and navigation, the routes and the toaster. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <Router hook={useHostLocation} hrefs={hostHrefs}>
            <AppRoutes />
          </Router>
          <VersionWatcher />
          <ImpersonationBanner />
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
