import { NotYetAvailable } from "@/components/shell/not-yet-available";

/** /whats-new: release notes (a later issue builds them). */
export function WhatsNewPage() {
  return <NotYetAvailable title="What's new" description="Highlights of the latest updates to your portal." />;
}
