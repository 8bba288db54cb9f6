import { CompassIcon } from "lucide-react";
import { useLocation } from "wouter";
import { LinkButton } from "@/components/ui/link-button";
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
          <LinkButton href="/">Go to the home page</LinkButton>
          <LinkButton href="/v2/account/login" variant="outline">
            Sign in
          </LinkButton>
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
