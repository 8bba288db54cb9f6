import { useLocation, useSearch } from "wouter";
import { ListPage } from "@/components/data-list/list-page";
import { PageTabs } from "@/components/page-tabs";
import { PeopleTab } from "../components/people-tab";
import { SlotsTab } from "../components/slots-tab";

/** team/availability: people's weekly hours and time off; appointment slots per zone (tab and zone in the address). */
export default function AvailabilityPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const tab = params.get("tab") === "slots" ? "slots" : "people";
  const zoneId = params.get("zone") ?? "";
  const go = (patch: Record<string, string>) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) v ? p.set(k, v) : p.delete(k);
    navigate(`${location}?${p}`, { replace: true });
  };
  return (
    <ListPage title="Availability" description="Who works when, and the appointment windows each zone offers.">
      <PageTabs
        value={tab}
        onValueChange={(t) => go({ tab: t })}
        className="min-w-0"
        contentClassName="pt-2"
        tabs={[
          { value: "people", label: "People", content: <PeopleTab /> },
          {
            value: "slots",
            label: "Appointment slots",
            content: <SlotsTab zoneId={zoneId} onZone={(zone) => go({ zone, tab: "slots" })} />,
          },
        ]}
      />
    </ListPage>
  );
}
