import { ShieldCheckIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { QueryState } from "@/components/shell/query-state";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useIpWhitelist } from "../api";
import { AllowListCard } from "../components/allow-list/allow-list-card";

/** admin/ip-whitelist: the addresses each branch's employees, API keys and telemetry may come from. */
export default function IpWhitelistPage() {
  const q = useIpWhitelist();
  const [branchId, setBranchId] = useState<string>("all");
  const branches = q.data?.ipWhitelist.branches ?? [];
  const shown = useMemo(
    () => (branchId === "all" ? branches : branches.filter((b) => b.branchId === branchId)),
    [branches, branchId],
  );
  return (
    <ListPage
      title="Whitelist Branch IP"
      description="A branch with addresses here accepts employee sign-in, API keys and telemetry only from them. An empty list allows every address."
    >
      {q.data ? (
        <div className="flex flex-wrap items-end gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="ip-branch">Branch</Label>
            <Select value={branchId} onValueChange={setBranchId}>
              <SelectTrigger id="ip-branch" className="w-64 max-w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">Every branch</SelectItem>
                {branches.map((b) => (
                  <SelectItem key={b.branchId} value={b.branchId}>
                    #{b.branchNumber} {b.company}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
            <ShieldCheckIcon aria-hidden="true" className="size-4" />
            Your address: <span className="font-mono text-foreground">{q.data.ipWhitelist.yourAddress}</span>
          </p>
        </div>
      ) : null}
      <QueryState query={q} loading={<Skeleton className="h-48" />}>
        {(data) =>
          shown.map((b) => <AllowListCard key={b.branchId} branch={b} yourAddress={data.ipWhitelist.yourAddress} />)
        }
      </QueryState>
    </ListPage>
  );
}
