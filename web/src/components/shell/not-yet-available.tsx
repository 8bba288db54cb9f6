import { ConstructionIcon } from "lucide-react";
import type * as React from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { DocumentTitle } from "./document-title";

export type NotYetAvailableProps = {
  /** The page's title (an <h1>). */
  title: string;
  /** What the page will do, in one sentence. */
  description?: string;
  /** Optional links or buttons (e.g. back to a related page). */
  action?: React.ReactNode;
};

/**
 * The one panel for pages whose capability arrives in a later release: the page's title, what it will
 * do, and a plain statement that it is not available yet. Never shows sample data.
 */
export function NotYetAvailable({ title, description, action }: NotYetAvailableProps) {
  return (
    <section aria-labelledby="page-title" className="grid gap-2" data-testid="not-yet-available">
      <DocumentTitle title={title} />
      <PageHeader title={<span id="page-title">{title}</span>} description={description} />
      <EmptyState
        icon={<ConstructionIcon aria-hidden="true" />}
        title="Not yet available"
        description="This page isn't available yet. It will be turned on in an upcoming update; nothing here needs your attention."
        action={action}
        className="bg-card"
      />
    </section>
  );
}
