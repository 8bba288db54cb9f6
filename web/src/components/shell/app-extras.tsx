import { ImpersonationBanner } from "@/components/shell/impersonation-banner";
import { Toaster } from "@/components/ui/toaster";
import { useWatchVersion } from "@/lib/version";

/**
 * What every page has but no page needs to show itself: the toaster, the live version check (its
 * websocket client) and the "Viewing as" banner of an impersonation (fixed at the bottom). Loaded as
 * its own chunk right after the first render, so sonner and graphql-ws stay out of the first load
 * (docs/decisions/0410-first-load-budget.md).
 */
export default function AppExtras() {
  useWatchVersion();
  return (
    <>
      <Toaster />
      <ImpersonationBanner />
    </>
  );
}
