import { useLocation, useSearch } from "wouter";
import { ListPage } from "@/components/data-list/list-page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useHasPermission } from "@/lib/permissions";
import { DuplicateGroups } from "./cleaning-groups";
import { MergeHistory } from "./cleaning-history";

/**
 * team/lead-cleaning: leads that share a phone, email or address with another lead or a customer, to
 * merge into one (field by field) or mark as duplicates; and the merge history, where a merge can be
 * undone for 30 days. Lead admins merge; lead data entry reviews and marks duplicates.
 */
export default function LeadCleaningPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = new URLSearchParams(search).get("tab") === "history" ? "history" : "review";
  const canMerge = useHasPermission()("LEAD_ADMIN");
  // Each tab has its own list: switching starts it on its first page with its own filters.
  const selectTab = (id: string) => navigate(`/team/lead-cleaning${id === "history" ? "?tab=history" : ""}`);
  return (
    <ListPage
      title="Lead cleaning"
      description="Leads that share a phone, email or address with another lead or a customer: merge them into one, or mark them as duplicates."
    >
      <Tabs value={tab} onValueChange={selectTab} className="min-w-0">
        <TabsList>
          <TabsTrigger value="review">To review</TabsTrigger>
          <TabsTrigger value="history">Merge history</TabsTrigger>
        </TabsList>
        <TabsContent value="review">{tab === "review" ? <DuplicateGroups canMerge={canMerge} /> : null}</TabsContent>
        <TabsContent value="history">{tab === "history" ? <MergeHistory canUnmerge={canMerge} /> : null}</TabsContent>
      </Tabs>
    </ListPage>
  );
}
