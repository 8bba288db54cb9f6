import { QueryError } from "@/components/shell/query-error";
import { Skeleton } from "@/components/ui/skeleton";
import { useIpWhitelist } from "../../api";
import { AllowListCard } from "./allow-list-card";

/** One branch's allow-list on its branch page (the same card as on Whitelist Branch IP). */
export function BranchAllowList({ branchId }: { branchId: string }) {
  const q = useIpWhitelist();
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} />;
  if (!q.data) return <Skeleton className="h-32" />;
  const list = q.data.ipWhitelist.branches.find((b) => b.branchId === branchId);
  return list ? (
    <AllowListCard branch={list} yourAddress={q.data.ipWhitelist.yourAddress} title="IP allow-list" />
  ) : null;
}
