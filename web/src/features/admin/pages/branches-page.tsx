import { BuildingIcon, ChevronRightIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, RowLink } from "@/components/data-list/data-table";
import { ListPage } from "@/components/data-list/list-page";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { type BranchOverviewRow, useBranchesOverview } from "../api";
import { CreateBranchDialog } from "../components/branches/create-branch-dialog";
import { FeatureBadges } from "../components/branches/feature-badges";

const PAGE_SIZE = 50;
type Sort = "NUMBER" | "COMPANY" | "HOST" | "SYNC" | "PAYMENT";
const SORTS: readonly Sort[] = ["NUMBER", "COMPANY", "HOST", "SYNC", "PAYMENT"];
const href = (b: BranchOverviewRow) => `/admin/b/${b.id}`;

function Status({ inactive }: { inactive: boolean }) {
  return inactive ? <Badge variant="destructive">Inactive</Badge> : <Badge variant="success">Active</Badge>;
}

const columns: DataColumn<BranchOverviewRow, Sort>[] = [
  { header: "#", sort: "NUMBER", className: "w-16 font-mono", cell: (b) => b.branchNumber },
  {
    header: "Company",
    sort: "COMPANY",
    cell: (b) => (
      <>
        <RowLink href={href(b)}>{b.company}</RowLink>
        <div className="text-muted-foreground text-xs">{b.tenantName}</div>
      </>
    ),
  },
  { header: "Host", sort: "HOST", className: "font-mono text-sm", cell: (b) => b.host },
  {
    header: "Features",
    className: "max-w-72",
    cell: (b) => <FeatureBadges features={b.features} watertight={b.watertightFeatures} />,
  },
  {
    header: "Last sync",
    sort: "SYNC",
    className: "whitespace-nowrap text-sm",
    cell: (b) => formatDateTime(b.lastWtdSync),
  },
  {
    header: "Last payment run",
    sort: "PAYMENT",
    className: "whitespace-nowrap text-sm",
    cell: (b) => formatDateTime(b.lastPaymentProcessTime),
  },
  { header: "Status", cell: (b) => <Status inactive={b.inactive} /> },
];

const mobileRow = (b: BranchOverviewRow) => (
  <Link href={href(b)} className="flex items-start gap-3 p-3 outline-none hover:bg-muted/60 focus-visible:bg-muted">
    <div className="grid min-w-0 flex-1 gap-1.5">
      <div className="flex items-center gap-2">
        <span className="font-mono text-muted-foreground text-sm">#{b.branchNumber}</span>
        <span className="truncate font-medium">{b.company}</span>
        <Status inactive={b.inactive} />
      </div>
      <div className="text-muted-foreground text-xs">
        <span className="font-mono">{b.host}</span> · Last sync {formatDateTime(b.lastWtdSync)} · Last payment run{" "}
        {formatDateTime(b.lastPaymentProcessTime)}
      </div>
      <FeatureBadges features={b.features} watertight={b.watertightFeatures} />
    </div>
    <ChevronRightIcon aria-hidden="true" className="mt-1 size-4 shrink-0 text-muted-foreground" />
  </Link>
);

/** admin/b: every branch with its number, company, host, features, last sync, last payment run and state. */
export default function BranchesPage() {
  const query = useBranchesOverview();
  const list = useListUrlState({ sorts: SORTS, defaultSort: "NUMBER" as Sort, flags: ["inactive"] as const });
  const { rows, total } = useClientRows(query.data?.branchesOverview, list.state, {
    pageSize: PAGE_SIZE,
    searchText: (b) => [b.branchNumber, b.company, b.host, b.tenantName],
    sortValue: {
      NUMBER: (b) => b.branchNumber,
      COMPANY: (b) => b.company,
      HOST: (b) => b.host,
      SYNC: (b) => b.lastWtdSync,
      PAYMENT: (b) => b.lastPaymentProcessTime,
    },
    flagFilter: { inactive: (b) => b.inactive },
  });
  const [creating, setCreating] = useState(false);
  return (
    <ListPage
      title="Branches"
      description="Every branch on the platform. Open one to change its settings, features, keys and banks."
      actions={
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          New branch
        </Button>
      }
    >
      <DataTable
        label="Branches"
        noun="branches"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(b) => b.id}
        rowHref={href}
        mobileRow={mobileRow}
        list={list}
        pageSize={PAGE_SIZE}
        query={query}
        search={{ label: "Search branches", placeholder: "Number, company, host or tenant" }}
        flags={[{ key: "inactive", label: "Inactive only" }]}
        empty={{ icon: <BuildingIcon />, title: "No branches yet", description: "Create the first with New branch." }}
        noMatch={{ title: "No branches match", description: () => "Try another number, company or host." }}
      />
      {creating ? <CreateBranchDialog open={creating} onOpenChange={setCreating} /> : null}
    </ListPage>
  );
}
