import { BackLink } from "@/components/shell/back-link";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Skeleton } from "@/components/ui/skeleton";
import type { RouteParams } from "@/lib/route-table";
import { useBranchById } from "../api";
import { BranchAllowList } from "../components/allow-list/branch-allow-list";
import { BanksCard, PhonesCard } from "../components/branch/banks-and-phones-card";
import { BranchProvider } from "../components/branch/branch-context";
import { BranchDialogs } from "../components/branch/branch-dialogs";
import { BranchHeader } from "../components/branch/branch-header";
import { ApiKeyCard, GatewayKeysCard } from "../components/branch/keys-card";
import { NoticesCard } from "../components/branch/notices-card";
import { PortalFeaturesCard } from "../components/branch/portal-features-card";
import { SettingsCard } from "../components/branch/settings-card";
import { SignUpCard } from "../components/branch/sign-up-card";
import { WatertightCard } from "../components/branch/watertight-card";

/** admin/b/{branchId}: every setting of one branch. */
export default function BranchPage({ params }: { params: RouteParams }) {
  const branchId = params.branchId ?? "";
  const q = useBranchById(branchId);
  const branch = q.data?.branchById;
  return (
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <DocumentTitle title={branch ? `${branch.company} · Branches` : "Branch"} />
      <BackLink href="/admin/b">Branches</BackLink>
      {q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : !branch ? (
        <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
          <Skeleton className="h-12 w-1/2" />
          <Skeleton className="h-64" />
        </div>
      ) : (
        <BranchProvider branch={branch}>
          <BranchHeader branch={branch} />
          <SettingsCard branch={branch} />
          <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
            <PortalFeaturesCard branch={branch} />
            <SignUpCard branch={branch} />
          </div>
          <WatertightCard branch={branch} />
          <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
            <ApiKeyCard branch={branch} />
            <GatewayKeysCard branch={branch} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
            <BanksCard branch={branch} />
            <PhonesCard branch={branch} />
          </div>
          <NoticesCard branch={branch} />
          <BranchAllowList branchId={branch.id} />
          <BranchDialogs />
        </BranchProvider>
      )}
    </div>
  );
}
