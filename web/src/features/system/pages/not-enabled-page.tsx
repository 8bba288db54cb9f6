import { PhoneIcon, PowerOffIcon } from "lucide-react";
import { Redirect } from "wouter";
import { Button } from "@/components/ui/button";
import { useBranchBranding } from "@/lib/branding";
import { StatusPanel } from "./status-panel";

/** /not-enabled: the branch's portal is hidden or the branch is disabled. */
export function NotEnabledPage() {
  const { branding } = useBranchBranding();
  // An enabled branch's portal is on: say nothing false, go home.
  if (branding?.enabled) return <Redirect to="/" replace />;
  const phone = branding?.phone;
  return (
    <StatusPanel
      icon={PowerOffIcon}
      title="This portal is not enabled"
      actions={
        phone ? (
          <Button asChild variant="outline">
            <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>
              <PhoneIcon aria-hidden="true" />
              Call {phone}
            </a>
          </Button>
        ) : null
      }
    >
      <p>
        {branding?.name ? `${branding.name}'s` : "This"} customer portal is currently turned off, so you can't sign in
        or pay online here right now.
      </p>
      {phone ? <p>For your account, billing or deliveries, please call us.</p> : null}
    </StatusPanel>
  );
}
