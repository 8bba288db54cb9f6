import { HistoryIcon } from "lucide-react";
import { Link } from "wouter";
import { type DataColumn, DataTable, type ListQuery, RowLink } from "@/components/data-list/data-table";
import type { FacetState, ListFacet } from "@/components/data-list/list-facets";
import { MobileRow } from "@/components/data-list/mobile-row";
import type { useListUrlState } from "@/components/data-list/use-list-url-state";
import type { AutomationRun } from "../api";
import { automationHref, recordRunsHref } from "../labels";
import { recordName } from "./recent-runs";
import { RunStatusBadge, When } from "./run-status";

// Every run, newest first, paged and filtered on the server; a failed run shows its error in red.

export function RunList({
  runs,
  total,
  list,
  pageSize,
  query,
  facets,
  eventLabel,
}: {
  runs: AutomationRun[] | undefined;
  total: number | undefined;
  list: ReturnType<typeof useListUrlState<"CREATED">>;
  pageSize: number;
  query: ListQuery;
  facets: { facets: readonly ListFacet[]; state: FacetState };
  eventLabel: (e: AutomationRun["event"]) => string;
}) {
  const columns: DataColumn<AutomationRun, "CREATED">[] = [
    { header: "Status", cell: (r) => <RunStatusBadge status={r.status} dryRun={r.dryRun} /> },
    {
      header: "Record",
      className: "max-w-72 truncate",
      cell: (r) => <RowLink href={recordRunsHref(r)}>{recordName(r)}</RowLink>,
    },
    {
      header: "Automation",
      cell: (r) => (
        <Link href={automationHref(r.automationId)} className="hover:underline">
          {r.automationName}
        </Link>
      ),
    },
    { header: "Event", className: "text-muted-foreground", cell: (r) => eventLabel(r.event) },
    { header: "Attempts", className: "text-right tabular-nums", cell: (r) => r.attempts },
    {
      header: "Error",
      className: "max-w-80 truncate text-destructive",
      cell: (r) => <span title={r.error || undefined}>{r.error}</span>,
    },
    { header: "When", cell: (r) => <When iso={r.createdAt} /> },
  ];
  return (
    <DataTable
      label="Automation runs"
      noun="runs"
      columns={columns}
      rows={runs}
      total={total}
      rowKey={(r) => r.id}
      rowHref={recordRunsHref}
      mobileRow={(r) => (
        <MobileRow
          href={recordRunsHref(r)}
          title={recordName(r)}
          meta={`${r.automationName} · ${eventLabel(r.event)}`}
          end={<RunStatusBadge status={r.status} />}
        >
          {r.error ? <span className="line-clamp-2 text-destructive text-xs">{r.error}</span> : null}
        </MobileRow>
      )}
      list={list}
      pageSize={pageSize}
      query={query}
      facets={facets}
      empty={{
        icon: <HistoryIcon aria-hidden="true" />,
        title: "No runs yet",
        description: "A run is written each time an automation that is on meets its event.",
      }}
      noMatch={{ title: "No runs match", description: () => "No run matches these filters." }}
    />
  );
}
