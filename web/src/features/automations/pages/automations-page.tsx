import { HistoryIcon, PlusIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { useListFacets } from "@/components/data-list/list-facets";
import { ListPage } from "@/components/data-list/list-page";
import { PageLinks } from "@/components/page-links";
import { Button } from "@/components/ui/button";
import { useActivePersonnel } from "@/features/personnel/api";
import { type AutomationEvent, useAutomationEvents, useAutomations } from "../api";
import { ALL, AutomationList, eventFacet, statusFacet } from "../components/automation-list";
import { NewAutomationDialog } from "../components/new-automation-dialog";
import { EVENT_LABELS } from "../labels";

const FACETS = [eventFacet, statusFacet];

/** team/automations: what runs by itself when activities or work orders change, and how it went last. */
export default function AutomationsPage() {
  const facets = useListFacets(FACETS);
  const deleted = facets.value("status") === "DELETED";
  const query = useAutomations(deleted);
  const events = useAutomationEvents();
  const people = useActivePersonnel();
  const [adding, setAdding] = useState(false);
  const labels = useMemo(
    () => new Map((events.data?.automationEvents ?? []).map((e) => [e.event, e.label])),
    [events.data],
  );
  const names = useMemo(
    () => new Map((people.data?.activePersonnel ?? []).map((p) => [p.id, p.fullName])),
    [people.data],
  );
  const eventLabel = (e: AutomationEvent) => labels.get(e) ?? EVENT_LABELS[e];
  const shownFacets = FACETS.map((f) =>
    f.key === "status" && query.data && !deleted
      ? {
          ...f,
          options: f.options.map((o) => ({
            ...o,
            count:
              o.value === "DELETED"
                ? undefined
                : query.data.automations.filter((a) => o.value === ALL || a.status === o.value).length,
          })),
        }
      : f,
  );

  return (
    <ListPage
      title="Automations"
      description="When something happens to an activity or a work order, and its conditions hold, these act by themselves."
      actions={
        <PageLinks links={[{ href: "/team/automation-events", icon: HistoryIcon, label: "Runs" }]}>
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden="true" />
            New automation
          </Button>
        </PageLinks>
      }
    >
      <NewAutomationDialog
        open={adding}
        onOpenChange={setAdding}
        events={
          events.data?.automationEvents ??
          Object.entries(EVENT_LABELS).map(([event, label]) => ({
            event: event as AutomationEvent,
            label,
            tableId: "ACTIVITY" as const,
          }))
        }
      />
      <AutomationList
        automations={query.data?.automations}
        query={query}
        facets={{ facets: shownFacets, state: facets }}
        eventLabel={eventLabel}
        ownerName={(id) => (id ? (names.get(id) ?? "A former employee") : "Nobody")}
      />
    </ListPage>
  );
}
