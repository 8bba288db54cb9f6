import { ShieldXIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
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
          <Button asChild>
            <Link href={overview ? homePathFor(overview) : "/"}>Go to my home page</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/v2/account/login">Sign in as someone else</Link>
          </Button>
        </>
      }
    >
      <p>Your account doesn't have permission to open it. If you think it should, ask your administrator.</p>
    </StatusPanel>
  );
}
