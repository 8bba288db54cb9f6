import { TruckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { useOverview } from "@/lib/overview";
import { CallUs } from "./call-us";

/** Deliveries are a branch feature (WEB_PORTAL_DELIVERIES); without it the pages say so instead of failing. */
export function DeliveriesGuard({ children }: { children: ReactNode }) {
  const { overview } = useOverview();
  if (overview && !overview.features.includes("WEB_PORTAL_DELIVERIES")) {
    return (
      <section aria-labelledby="page-title">
        <DocumentTitle title="Deliveries" />
        <PageHeader title={<span id="page-title">Deliveries</span>} />
        <EmptyState
          icon={<TruckIcon aria-hidden="true" />}
          title="Deliveries aren't available online"
          description={
            <>
              Scheduling deliveries online isn't available for this branch. <CallUs /> to change a delivery.
            </>
          }
          action={
            <LinkButton href="/v2/billing" variant="outline">
              Go to billing
            </LinkButton>
          }
          className="bg-card"
        />
      </section>
    );
  }
  return <>{children}</>;
}
