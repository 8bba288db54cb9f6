import { ShieldXIcon } from "lucide-react";
import { LinkButton } from "@/components/ui/link-button";
import { homePathFor, useOverview } from "@/lib/overview";
import { StatusPanel } from "./status-panel";

/** /forbidden: signed in, but not allowed here. */
export function ForbiddenPage() {
  const { overview } = useOverview();
  return (
    <StatusPanel
      icon={ShieldXIcon}
      eyebrow="403"
      title="You don't have access to this page"
      actions={
        <>
          <LinkButton href={overview ? homePathFor(overview) : "/"}>Go to my home page</LinkButton>
          <LinkButton href="/v2/account/login" variant="outline">
            Sign in as someone else
          </LinkButton>
        </>
      }
    >
      <p>Your account doesn't have permission to open it. If you think it should, ask your administrator.</p>
    </StatusPanel>
  );
}
