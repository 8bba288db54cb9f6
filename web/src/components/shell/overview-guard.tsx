import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { type Overview, useOverview } from "@/lib/overview";
import { loginRedirectTarget } from "@/lib/query-client";
import { QueryError } from "./query-error";
import { ShellSkeleton } from "./skeletons";

/**
 * An area's door: while the signed-in overview loads, the shell's skeleton; signed out, to sign in
 * (with the way back); signed in but not `allowed`, to `elsewhere`; else the area with the overview.
 */
export function OverviewGuard({
  allowed,
  elsewhere,
  children,
}: {
  allowed: (overview: Overview) => boolean;
  elsewhere: string;
  children: (overview: Overview) => ReactNode;
}) {
  const { overview, status, error, refetch } = useOverview();
  if (status === "loading") return <ShellSkeleton variant="side" />;
  if (status === "error")
    return (
      <div className="mx-auto max-w-xl p-6">
        <QueryError error={error} onRetry={() => refetch()} />
      </div>
    );
  if (!overview) return <Redirect to={loginRedirectTarget()} replace />;
  if (!allowed(overview)) return <Redirect to={elsewhere} replace />;
  return <>{children(overview)}</>;
}
