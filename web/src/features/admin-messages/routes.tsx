import { lazyPage } from "@/lib/lazy-page";

// The admin console's messaging pages load as their own chunks.
export const MessageAuditRoute = lazyPage("admin-message-audit", () => import("./pages/message-audit-page"));
export const TextingAnalyticsRoute = lazyPage(
  "admin-texting-analytics",
  () => import("./pages/texting-analytics-page"),
);
