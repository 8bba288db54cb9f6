import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";

const PortalSettingsPage = lazyWithReload("team-portal-settings", () => import("./pages/portal-settings-page"));

export function WebSettingsRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <PortalSettingsPage title="Web settings" description="Your customer portal: features, payments and sign-up." />
    </Suspense>
  );
}

export function MobileAndWebRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <PortalSettingsPage
        title="Mobile and web"
        description="What customers get in the portal and the app: features, payments and sign-up."
      />
    </Suspense>
  );
}
