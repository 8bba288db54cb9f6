import { Suspense } from "react";
import { PageSkeleton } from "@/components/shell/skeletons";
import { lazyWithReload } from "@/lib/lazy";

// The admin console's messaging pages load as their own chunks.
const MessageAuditPage = lazyWithReload("admin-message-audit", () => import("./pages/message-audit-page"));
const TextingAnalyticsPage = lazyWithReload("admin-texting-analytics", () => import("./pages/texting-analytics-page"));

export function MessageAuditRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <MessageAuditPage />
    </Suspense>
  );
}

export function TextingAnalyticsRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <TextingAnalyticsPage />
    </Suspense>
  );
}
