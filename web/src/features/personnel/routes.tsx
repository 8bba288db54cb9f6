import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";
import type { RouteParams } from "@/lib/route-table";

// Personnel, security and API key pages load as their own chunks.
const PersonnelPage = lazyWithReload("team-personnel", () => import("./pages/personnel-page"));
const PersonPage = lazyWithReload("team-person", () => import("./pages/person-page"));
const SecurityPage = lazyWithReload("team-security", () => import("./pages/security-page"));
const ApiKeysPage = lazyWithReload("team-api-keys", () => import("./pages/api-keys-page"));

export function PersonnelRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <PersonnelPage />
    </Suspense>
  );
}

export function PersonRoute({ params }: { params: RouteParams }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <PersonPage params={params} />
    </Suspense>
  );
}

export function SecurityRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <SecurityPage />
    </Suspense>
  );
}

export function ApiKeysRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <ApiKeysPage />
    </Suspense>
  );
}
