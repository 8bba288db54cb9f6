import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";

// What's new: the public page and the admin console's editor, each its own chunk.
const WhatsNewPage = lazyWithReload("whats-new", () => import("./pages/whats-new-page"));
const WhatsNewAdminPage = lazyWithReload("admin-whats-new", () => import("./pages/whats-new-admin-page"));

export function WhatsNewRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <WhatsNewPage />
    </Suspense>
  );
}

export function WhatsNewAdminRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <WhatsNewAdminPage />
    </Suspense>
  );
}
