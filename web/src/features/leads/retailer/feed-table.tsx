import { InboxIcon } from "lucide-react";
import { Link } from "wouter";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, type ListQuery } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import type { FeedItemRow } from "./api";

// Every referral the feed gave, with what became of it: new ones can be selected (import, discard),
// decided ones say how and why, one another dealer opened first is marked, and each shows whether the
// retailer has been told (and confirmed).

type Sort = "RECEIVED" | "NAME";
const SORTS: readonly Sort[] = ["RECEIVED", "NAME"];
const PAGE_SIZE = 25;

export const OUTCOME_LABELS: Record<string, string> = {
  NEW: "New",
  IMPORTED: "Imported",
  DUPLICATE: "Duplicate",
  DISCARDED: "Discarded",
  INVALID: "Invalid",
  NOT_OFFERED: "Not offered",
  ALREADY_OPENED: "Opened elsewhere",
};
const VARIANT: Record<string, "default" | "secondary" | "outline" | "destructive"> = {
  NEW: "default",
  IMPORTED: "outline",
  DUPLICATE: "outline",
  DISCARDED: "secondary",
  INVALID: "destructive",
  NOT_OFFERED: "secondary",
  ALREADY_OPENED: "secondary",
};

function Outcome({ item }: { item: FeedItemRow }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge variant={VARIANT[item.outcome]}>{OUTCOME_LABELS[item.outcome]}</Badge>
      {item.openedOnRetailer && item.outcome !== "ALREADY_OPENED" ? (
        <Badge variant="secondary">Opened at the retailer</Badge>
      ) : null}
    </span>
  );
}

function Result({ item }: { item: FeedItemRow }) {
  return (
    <span className="grid gap-0.5 text-sm">
      {item.leadId ? (
        <Link href={`/team/leads/${item.leadId}`} className="font-medium underline-offset-4 hover:underline">
          Lead #{item.leadNumber}
        </Link>
      ) : null}
      {item.reason ? <span className="text-muted-foreground text-xs">{item.reason}</span> : null}
    </span>
  );
}

function Told({ item }: { item: FeedItemRow }) {
  if (item.writeBackState === "CONFIRMED") return <span className="text-xs">Confirmed</span>;
  if (item.writeBackState === "PENDING")
    return (
      <span className="text-muted-foreground text-xs" title={item.writeBackError || undefined}>
        {item.writeBackAttempts ? `Retrying (${item.writeBackAttempts} tries)` : "Sending"}
      </span>
    );
  return <span className="text-muted-foreground text-xs">—</span>;
}

export function FeedTable({
  items,
  query,
  bulkActions,
}: {
  items: FeedItemRow[] | undefined;
  query: ListQuery;
  bulkActions?: (selected: FeedItemRow[], clear: () => void) => React.ReactNode;
}) {
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "RECEIVED", defaultDir: "DESC" });
  const facet: ListFacet = {
    key: "outcome",
    label: "Outcome",
    kind: "chips",
    options: [
      { value: "ALL", label: "All", count: items?.length },
      ...Object.entries(OUTCOME_LABELS).map(([value, label]) => ({
        value,
        label,
        count: items?.filter((i) => i.outcome === value).length,
      })),
    ],
  };
  const facets = useListFacets([facet]);
  const outcome = facets.value("outcome");
  const { rows, total } = useClientRows(
    items?.filter((i) => outcome === "ALL" || i.outcome === outcome),
    list.state,
    {
      searchText: (i) => [i.name, i.retailLeadId, i.phone, i.email, i.address, i.storeNumber],
      sortValue: { RECEIVED: (i) => i.referredAt ?? i.receivedAt, NAME: (i) => i.name },
      pageSize: PAGE_SIZE,
    },
  );
  const columns: DataColumn<FeedItemRow, Sort>[] = [
    {
      header: "Referral",
      sort: "NAME",
      cell: (i) => (
        <span className="grid gap-0.5">
          <span className="font-medium">{i.name}</span>
          <span className="text-muted-foreground text-xs">{[i.phone, i.email].filter(Boolean).join(" · ")}</span>
        </span>
      ),
    },
    { header: "Address", cell: (i) => <span className="text-sm">{i.address}</span> },
    {
      header: "Referred",
      sort: "RECEIVED",
      cell: (i) => (
        <span className="grid gap-0.5 text-sm">
          <span>{formatDateTime(i.referredAt ?? i.receivedAt, { omitThisYear: true })}</span>
          <span className="font-mono text-muted-foreground text-xs">
            {i.retailLeadId} · store {i.storeNumber}
          </span>
        </span>
      ),
    },
    { header: "Outcome", cell: (i) => <Outcome item={i} /> },
    { header: "Result", cell: (i) => <Result item={i} /> },
    { header: "Retailer told", cell: (i) => <Told item={i} /> },
  ];
  return (
    <DataTable
      label="Referrals"
      noun="referrals"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(i) => i.id}
      mobileRow={(i) => (
        <div className="grid gap-1 px-3 py-3">
          <span className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium text-sm">{i.name}</span>
            <Outcome item={i} />
          </span>
          <span className="text-muted-foreground text-xs">{i.address}</span>
          <span className="font-mono text-muted-foreground text-xs">
            {i.retailLeadId} · store {i.storeNumber}
          </span>
          <Result item={i} />
        </div>
      )}
      list={list}
      pageSize={PAGE_SIZE}
      query={query}
      search={{ label: "Search referrals", placeholder: "Search by name, phone, address or referral id" }}
      facets={{ facets: [facet], state: facets }}
      bulkActions={bulkActions}
      empty={{
        icon: <InboxIcon aria-hidden="true" />,
        title: "No referrals yet",
        description: "Referrals appear here as the feed is read, every few minutes, or when you check now.",
      }}
      noMatch={{
        title: "No referrals match",
        description: (q) => (q ? `No referral matches “${q}”.` : "No referral has this outcome."),
      }}
    />
  );
}
