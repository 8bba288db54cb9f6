import { ListPage } from "@/components/data-list/list-page";
import { MapCard } from "./map-card";
import { PeopleList } from "./people-list";
import { useLeadConfiguration } from "./setup-api";

/**
 * team/lead-setup: the lead map whose zones leads are placed in, and who sees only the leads of their
 * zones (a salesperson given "North" sees North's leads and nothing else, in every lead screen).
 */
export default function LeadSetupPage() {
  const config = useLeadConfiguration();
  const data = config.data?.leadConfiguration;
  return (
    <ListPage title="Lead setup" description="Which map places your leads, and who sees only their zones' leads.">
      {data ? <MapCard config={data} /> : null}
      <PeopleList config={data} query={config} />
    </ListPage>
  );
}
