import { StoreIcon } from "lucide-react";
import { LinkButton } from "@/components/ui/link-button";
import { useBranchBranding } from "@/lib/branding";
import { StatusPanel } from "./status-panel";

/** /shop-not-enabled: the E_COMMERCE feature is off for this branch. */
export function ShopNotEnabledPage() {
  const { branding } = useBranchBranding();
  return (
    <StatusPanel
      icon={StoreIcon}
      title="The online shop is not available"
      actions={<LinkButton href="/v2/billing">Go to billing</LinkButton>}
    >
      <p>
        {branding?.name ?? "This branch"} doesn't sell online at the moment. You can still view your bills and pay them
        here.
      </p>
    </StatusPanel>
  );
}
