import { ExternalLinkIcon, HistoryIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { BackLink } from "@/components/shell/back-link";
import { BreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { CustomerWorkCard } from "@/features/my-work/components/customer-work-card";
import type { RouteParams } from "@/lib/route-table";
import { type TableId, useAutomationEvents, useAutomationRuns } from "../api";
import { RunCard } from "../components/run-card";
import { EVENT_LABELS, recordHref, tableNoun } from "../labels";

const PAGE_SIZE = 20;

/** team/automation-events/{tableId}/{entityId}: every automation run about one record, with each action's outcome. */
export default function EntityEventsPage({ params }: { params: RouteParams }) {
  const tableId = (params.tableId ?? "ACTIVITY") as TableId;
  const entityId = params.entityId ?? "";
  const [page, setPage] = useState(1);
  const events = useAutomationEvents();
  const q = useAutomationRuns({ tableId, entityId, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE });
  if (q.isPending) return <PageSkeleton />;
  if (q.isError || !q.data)
    return <QueryError error={q.error} onRetry={() => q.refetch()} title="We couldn't load these runs" />;
  const { items, totalCount } = q.data.automationRuns;
  const first = items[0];
  const title = first?.record?.label ?? `A ${tableNoun(tableId)}`;
  const heading = title.charAt(0).toUpperCase() + title.slice(1);
  const href = first ? recordHref(first) : null;
  const label = (e: (typeof items)[number]["event"]) =>
    events.data?.automationEvents.find((x) => x.event === e)?.label ?? EVENT_LABELS[e];
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={`Automation runs: ${heading}`} />
      <BreadcrumbTitle title={heading} />
      <BackLink href="/team/automation-events">Automation events</BackLink>
      <PageHeader
        title={heading}
        description={`The automation runs about this ${tableNoun(tableId)}, newest first.`}
        actions={
          href ? (
            <Button variant="outline" asChild>
              <Link href={href}>
                <ExternalLinkIcon aria-hidden="true" />
                Open its project thread
              </Link>
            </Button>
          ) : null
        }
      />
      {tableId === "CUSTOMER" && entityId ? <CustomerWorkCard customerId={entityId} /> : null}
      {items.length === 0 ? (
        <EmptyState
          icon={<HistoryIcon aria-hidden="true" />}
          title="No runs"
          description={`No automation has run on this ${tableNoun(tableId)}.`}
        />
      ) : (
        <ol className="grid gap-4" aria-label="Runs">
          {items.map((r) => (
            <li key={r.id}>
              <RunCard run={r} eventLabel={label(r.event)} />
            </li>
          ))}
        </ol>
      )}
      {totalCount > PAGE_SIZE ? (
        <Pagination page={page} pageSize={PAGE_SIZE} total={totalCount} onPage={setPage} label="runs" />
      ) : null}
    </div>
  );
}
