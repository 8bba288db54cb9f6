import { WhatsNewRoute } from "@/features/announcements/routes";

/** /whats-new: release notes for the viewer's audience (features/announcements). */
export function WhatsNewPage() {
  return <WhatsNewRoute />;
}
