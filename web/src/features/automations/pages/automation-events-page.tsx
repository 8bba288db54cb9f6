import { WorkflowIcon } from "lucide-react";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { ListPage } from "@/components/data-list/list-page";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { PageLinks } from "@/components/page-links";
import { type AutomationEvent, type RunStatus, useAutomationEvents, useAutomationRuns, useAutomations } from "../api";
import { ALL, eventFacet } from "../components/automation-list";
import { RunList } from "../components/run-list";
import { EVENT_LABELS, RUN_STATUS_LABELS } from "../labels";

const PAGE_SIZE = 25;
const SORTS = ["CREATED"] as const;

const statusFacet: ListFacet = {
  key: "status",
  label: "Status",
  kind: "chips",
  defaultValue: ALL,
  options: [
    { value: ALL, label: "All" },
    ...Object.entries(RUN_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  ],
};
const automationFacet = (options: { value: string; label: string }[]): ListFacet => ({
  key: "automation",
  label: "Automation",
  defaultValue: ALL,
  open: true,
  className: "sm:w-56",
  options: [{ value: ALL, label: "Every automation" }, ...options],
});
const FACETS = [statusFacet, automationFacet([]), eventFacet];

/** team/automation-events: every automation run, newest first; the failed ones stand out. */
export default function AutomationEventsPage() {
  const list = useListUrlState({ sorts: SORTS, defaultSort: "CREATED" });
  const facets = useListFacets(FACETS);
  const automations = useAutomations(false);
  const events = useAutomationEvents();
  const pick = (key: string) => (facets.value(key) === ALL ? null : facets.value(key));
  const query = useAutomationRuns({
    status: pick("status") as RunStatus | null,
    event: pick("event") as AutomationEvent | null,
    automationId: pick("automation"),
    skip: (list.state.page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
  });
  const labels = new Map((events.data?.automationEvents ?? []).map((e) => [e.event, e.label]));
  const shownFacets = [
    statusFacet,
    automationFacet((automations.data?.automations ?? []).map((a) => ({ value: a.id, label: a.name }))),
    eventFacet,
  ];
  return (
    <ListPage
      title="Automation events"
      description="Every automation run and its result. A failed run has been retried and its owner told."
      actions={<PageLinks links={[{ href: "/team/automations", icon: WorkflowIcon, label: "Automations" }]} />}
    >
      <RunList
        runs={query.data?.automationRuns.items}
        total={query.data?.automationRuns.totalCount}
        list={list}
        pageSize={PAGE_SIZE}
        query={query}
        facets={{ facets: shownFacets, state: facets }}
        eventLabel={(e) => labels.get(e) ?? EVENT_LABELS[e]}
      />
    </ListPage>
  );
}
