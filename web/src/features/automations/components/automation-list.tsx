import { WorkflowIcon } from "lucide-react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, type ListQuery, RowLink } from "@/components/data-list/data-table";
import type { FacetState, ListFacet } from "@/components/data-list/list-facets";
import { MobileRow } from "@/components/data-list/mobile-row";
import { noMatchOf } from "@/components/data-list/no-match";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import { pluralize } from "@/lib/format";
import type { AutomationRow } from "../api";
import { ACTION_LABELS, automationHref, EVENT_LABELS, RUN_STATUS_LABELS, STATUS_LABELS } from "../labels";
import { AutomationStatusSwitch } from "./automation-status-switch";
import { DeleteAutomationButton } from "./delete-automation-button";
import { RunStatusBadge, When } from "./run-status";

// team/automations' table: searched and sorted in the browser (a branch has a few dozen), filtered
// by event and status with the state in the address; each row switches its automation on or off.

const PAGE_SIZE = 25;
type Sort = "NAME" | "EVENT" | "LAST_RUN";
const SORTS: readonly Sort[] = ["NAME", "EVENT", "LAST_RUN"];
export const ALL = "all";

export const statusFacet: ListFacet = {
  key: "status",
  label: "Status",
  kind: "chips",
  defaultValue: ALL,
  options: [
    { value: ALL, label: "All" },
    { value: "ON", label: STATUS_LABELS.ON },
    { value: "OFF", label: STATUS_LABELS.OFF },
    { value: "DELETED", label: STATUS_LABELS.DELETED },
  ],
};

/** The event filter of both automation lists (the automations and their runs). */
export const eventFacet: ListFacet = {
  key: "event",
  label: "Event",
  defaultValue: ALL,
  className: "sm:w-64",
  options: [
    { value: ALL, label: "Every event" },
    ...Object.entries(EVENT_LABELS).map(([value, label]) => ({ value, label })),
  ],
};

const actionsSummary = (a: AutomationRow) =>
  a.actions.length ? a.actions.map((x) => ACTION_LABELS[x.type]).join(" → ") : "No actions yet";

function LastRun({ run }: { run: AutomationRow["lastRun"] }) {
  if (!run) return <span className="text-muted-foreground">Never run</span>;
  return (
    <span className="flex flex-wrap items-center gap-2" title={run.error || undefined}>
      <RunStatusBadge status={run.status} />
      <When iso={run.createdAt} />
    </span>
  );
}

export function AutomationList({
  automations,
  query,
  facets,
  eventLabel,
  ownerName,
}: {
  automations: AutomationRow[] | undefined;
  query: ListQuery;
  facets: { facets: readonly ListFacet[]; state: FacetState };
  eventLabel: (event: AutomationRow["event"]) => string;
  ownerName: (personId: string | null) => string;
}) {
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "NAME" });
  const [event, status] = [facets.state.value("event"), facets.state.value("status")];
  const shown = automations?.filter(
    (a) => (event === ALL || a.event === event) && (status === ALL || status === "DELETED" || a.status === status),
  );
  const { rows, total } = useClientRows(shown, list.state, {
    searchText: (a) => [a.name, eventLabel(a.event), ownerName(a.ownerPersonId), actionsSummary(a)],
    sortValue: {
      NAME: (a) => a.name,
      EVENT: (a) => eventLabel(a.event),
      LAST_RUN: (a) => a.lastRun?.createdAt,
    },
    pageSize: PAGE_SIZE,
  });

  const columns: DataColumn<AutomationRow, Sort>[] = [
    { header: "Name", sort: "NAME", cell: (a) => <RowLink href={automationHref(a.id)}>{a.name}</RowLink> },
    { header: "When", sort: "EVENT", cell: (a) => eventLabel(a.event) },
    {
      header: "Conditions",
      className: "tabular-nums",
      cell: (a) => (a.conditions.length ? pluralize(a.conditions.length, "condition") : "Always"),
    },
    { header: "Actions", className: "max-w-64 truncate", cell: actionsSummary },
    { header: "Owner", cell: (a) => ownerName(a.ownerPersonId) },
    {
      header: "On",
      cell: (a) =>
        a.status === "DELETED" ? <Badge variant="secondary">Deleted</Badge> : <AutomationStatusSwitch automation={a} />,
    },
    { header: "Last run", sort: "LAST_RUN", cell: (a) => <LastRun run={a.lastRun} /> },
    {
      header: "Delete",
      srOnly: true,
      className: "w-10 text-right",
      cell: (a) => (a.status === "DELETED" ? null : <DeleteAutomationButton automation={a} compact />),
    },
  ];

  return (
    <DataTable
      label="Automations"
      noun="automations"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(a) => a.id}
      rowHref={(a) => automationHref(a.id)}
      mobileRow={(a) => (
        <MobileRow
          href={automationHref(a.id)}
          title={a.name}
          meta={`${eventLabel(a.event)} · ${actionsSummary(a)}`}
          end={
            a.lastRun?.status === "FAILED" ? (
              <Badge variant="destructive">{RUN_STATUS_LABELS.FAILED}</Badge>
            ) : (
              <Badge variant={a.status === "ON" ? "success" : "secondary"}>{STATUS_LABELS[a.status]}</Badge>
            )
          }
        />
      )}
      list={list}
      pageSize={PAGE_SIZE}
      query={query}
      search={{ label: "Search automations", placeholder: "Search by name, event, owner or action" }}
      facets={facets}
      empty={{
        icon: <WorkflowIcon aria-hidden="true" />,
        title: "No automations yet",
        description: "Let the follow-ups happen by themselves: when a sale is resolved, book the install.",
      }}
      noMatch={noMatchOf("automation", "automations")}
    />
  );
}
