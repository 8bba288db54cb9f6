import { ArrowLeftIcon, ListFilterIcon, SaveIcon } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "wouter";
import { type DataColumn, DataTable, RowLink } from "@/components/data-list/data-table";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { BreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import type { RouteParams } from "@/lib/route-table";
import {
  type LeadViewLead,
  useLeadView,
  useLeadViewLeads,
  useLeadViewOptions,
  useLeadViewTotal,
  useUpdateLeadView,
} from "./api";
import { LeadBulkActions } from "./bulk-actions";
import { columnsFor, LEAD_SORTS, type LeadSort, StatusBadge } from "./columns";
import { ViewFilters } from "./filters";
import { GroupCounts } from "./group-counts";
import { inputOfParams, searchOfView, useViewParams, whereOf } from "./url-state";

/**
 * team/lead-views/{leadViewId}: the leads of one saved view, with its filters, grouping, columns and
 * sort in the address; pages of 50, and the total (counted up to 10,000) asked apart so the page does not
 * wait for it; bulk actions on the selection;
 * "Save view" writes the address's state into the view. The page's leads are remembered in order
 * (sessionStorage "lead-nav") so that the lead opened from it offers the next and previous one.
 */

const PAGE_SIZE = 50;
export const LEAD_NAV_KEY = "lead-nav";

/** The ordered ids of the page the lead was opened from, for the lead page's next and previous. */
export function rememberLeadNav(viewId: string, label: string, leads: LeadViewLead[]) {
  try {
    sessionStorage.setItem(LEAD_NAV_KEY, JSON.stringify({ viewId, label, ids: leads.map((l) => l.id) }));
  } catch {
    // storage full or off: next and previous are simply not offered
  }
}

export default function LeadViewPage({ params: route }: { params: RouteParams }) {
  const id = route.leadViewId ?? "";
  const view = useLeadView(id);
  const options = useLeadViewOptions();
  const [location, navigate] = useLocation();
  const { params, set, hasState } = useViewParams();
  const list = useListUrlState<LeadSort>({ sorts: LEAD_SORTS, defaultSort: "enteredTime", defaultDir: "DESC" });
  const { state } = list;
  const v = view.data?.leadView;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved state is taken in once, when the address has none
  useEffect(() => {
    if (v && !hasState) navigate(`${location}${searchOfView(v)}`, { replace: true });
  }, [v?.id, hasState]);
  const where = whereOf(params, state.q);
  const leads = useLeadViewLeads(
    {
      where,
      order: [{ field: state.sort, ascending: state.dir === "ASC" }],
      skip: (state.page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    },
    hasState,
  );
  const counted = useLeadViewTotal(where, hasState);
  const save = useUpdateLeadView();
  const rows = hasState ? leads.data?.filteredLeads.leads : undefined;
  // The page's leads in order, for the lead page's next and previous (a lead is opened from this page).
  useEffect(() => {
    if (v && rows) rememberLeadNav(v.id, v.name, rows);
  }, [v, rows]);
  if (view.isPending) return <PageSkeleton />;
  if (!v) return <QueryError error={view.error} onRetry={() => view.refetch()} />;

  const page = counted.data?.filteredLeads;
  const href = (l: LeadViewLead) => `/team/leads/${l.id}`;
  const nameCell = (l: LeadViewLead) => <RowLink href={href(l)}>{l.name}</RowLink>;
  const columns: DataColumn<LeadViewLead, LeadSort>[] = columnsFor(params.cols, nameCell);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <DocumentTitle title={v.name} />
      <BreadcrumbTitle title={v.name} />
      <PageHeader
        title={v.name}
        description={v.description || "The leads of this view. Filters, grouping, columns and sort are in the address."}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link href="/team/lead-views">
                <ArrowLeftIcon aria-hidden="true" />
                All views
              </Link>
            </Button>
            {v.canChange ? (
              <Button
                disabled={save.isPending}
                onClick={() =>
                  save.run({ id: v.id, input: inputOfParams(params, state.q, state.sort, state.dir === "ASC") })
                }
              >
                <SaveIcon aria-hidden="true" />
                Save view
              </Button>
            ) : null}
          </>
        }
      >
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
          <Badge variant={v.isPublic ? "secondary" : "outline"}>{v.isPublic ? "Public" : "Private"}</Badge>
          {v.creatorName ? <span>by {v.creatorName}</span> : null}
        </div>
      </PageHeader>
      <section aria-label="Filters" className="flex min-w-0 items-start gap-2">
        <ListFilterIcon aria-hidden="true" className="mt-1.5 size-4 shrink-0 text-muted-foreground" />
        <ViewFilters params={params} set={set} options={options.data?.leadViewOptions} />
      </section>
      {params.group ? (
        <GroupCounts where={where} groupBy={params.group} onPick={(key, value) => set({ [key]: [value] })} />
      ) : null}
      {page?.totalIsCapped ? (
        <p className="text-muted-foreground text-sm">More than 10,000 leads match: narrow the filters to count them.</p>
      ) : null}
      <DataTable
        label={`Leads of ${v.name}`}
        noun={page?.totalIsCapped ? "leads or more" : "leads"}
        columns={columns}
        rows={rows}
        total={page?.total}
        rowKey={(l) => l.id}
        rowHref={href}
        mobileRow={(l) => (
          <Link href={href(l)} className="grid gap-1 px-3 py-3">
            <span className="flex items-center gap-2">
              <span className="truncate font-medium text-sm">{l.name}</span>
              <StatusBadge status={l.status} />
            </span>
            <span className="text-muted-foreground text-xs">
              #{l.number} · {[l.phone, l.city, l.leadSourceName, l.personName].filter(Boolean).join(" · ")}
            </span>
          </Link>
        )}
        list={list}
        pageSize={PAGE_SIZE}
        query={leads}
        search={{ label: "Search leads", placeholder: "Name, email, phone, address or #number" }}
        bulkActions={(selected, clear) => (
          <LeadBulkActions selected={selected} clear={clear} options={options.data?.leadViewOptions} />
        )}
        empty={{ icon: <ListFilterIcon aria-hidden="true" />, title: "No leads in this view" }}
        noMatch={{
          title: "No leads match",
          description: (q) => (q ? `No lead of this view matches “${q}”.` : "No lead matches these filters."),
        }}
      />
    </div>
  );
}
