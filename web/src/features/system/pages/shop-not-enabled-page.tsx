import { StoreIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useBranchBranding } from "@/lib/branding";
import { StatusPanel } from "./status-panel";

/** /shop-not-enabled: the E_COMMERCE feature is off for this branch. */
export function ShopNotEnabledPage() {
  const { branding } = useBranchBranding();
  return (
    <StatusPanel
      icon={StoreIcon}
      title="The online shop is not available"
      actions={
        <Button asChild>
          <Link href="/v2/billing">Go to billing</Link>
        </Button>
      }
    >
      <p>
        {branding?.name ?? "This branch"} doesn't sell online at the moment. You can still view your bills and pay them
        here.
      </p>
    </StatusPanel>
  );
}
