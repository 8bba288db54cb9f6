import { CompassIcon } from "lucide-react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { useBranchBranding } from "@/lib/branding";
import { RequestError } from "@/lib/graphql";
import { StatusPanel } from "./status-panel";

/** /404 and every unknown customer path. */
export function NotFoundPage() {
  const [location] = useLocation();
  const { error } = useBranchBranding();
  const unknownBranch =
    error instanceof RequestError && error.errors.some((e) => e.extensions?.code === "BRANCH_NOT_FOUND")
      ? error.message
      : null;
  return (
    <StatusPanel
      icon={CompassIcon}
      eyebrow="404"
      title="Page not found"
      actions={
        <>
          <Button asChild>
            <Link href="/">Go to the home page</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/v2/account/login">Sign in</Link>
          </Button>
        </>
      }
    >
      {unknownBranch ? (
        <p>{unknownBranch} Check the address you were given.</p>
      ) : (
        <p>
          We couldn't find{" "}
          {location === "/404" ? (
            "that page"
          ) : (
            <code className="break-all rounded bg-muted px-1.5 py-0.5 text-foreground text-sm">{location}</code>
          )}
          . It may have moved, or the link may be mistyped.
        </p>
      )}
    </StatusPanel>
  );
}
