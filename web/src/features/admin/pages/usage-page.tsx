import { BarChart3Icon } from "lucide-react";
import { useClientRows } from "@/components/data-list/client-rows";
import { DataTable } from "@/components/data-list/data-table";
import { ListPage } from "@/components/data-list/list-page";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { useUsageReport } from "../api";
import {
  USAGE_SORTS,
  type UsageSort,
  usageColumns,
  usageHref,
  usageMobileRow,
  usageSortValue,
} from "../components/usage/usage-columns";

const PAGE_SIZE = 50;

/** admin/usage: per branch (account), what it holds and how it is used. */
export default function UsagePage() {
  const query = useUsageReport();
  const list = useListUrlState({
    sorts: USAGE_SORTS,
    defaultSort: "ACCOUNT" as UsageSort,
    flags: ["inactive"] as const,
  });
  const { rows, total } = useClientRows(query.data?.watertightUsageReport, list.state, {
    pageSize: PAGE_SIZE,
    searchText: (r) => [r.account, r.accountName, r.host, r.tenantName],
    sortValue: usageSortValue,
    flagFilter: { inactive: (r) => r.inactive },
  });
  return (
    <ListPage
      title="Branch Usage"
      description="Per account (branch number): customers, work orders, sales receipts, sign-ins, the last transaction and the features on. Open an account for its users."
    >
      <DataTable
        label="Branch usage"
        noun="accounts"
        columns={usageColumns}
        rows={rows}
        total={total}
        rowKey={(r) => r.branchId}
        rowHref={usageHref}
        mobileRow={usageMobileRow}
        list={list}
        pageSize={PAGE_SIZE}
        query={query}
        search={{ label: "Search accounts", placeholder: "Account, name or host" }}
        flags={[{ key: "inactive", label: "Inactive only" }]}
        empty={{ icon: <BarChart3Icon />, title: "No accounts yet" }}
        noMatch={{ title: "No accounts match", description: () => "Try another account number, name or host." }}
      />
    </ListPage>
  );
}
