import { TruckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
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
            <Button asChild variant="outline">
              <Link href="/v2/billing">Go to billing</Link>
            </Button>
          }
          className="bg-card"
        />
      </section>
    );
  }
  return <>{children}</>;
}
