import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { QueryError } from "@/components/shell/query-error";
import { ShellSkeleton } from "@/components/shell/skeletons";
import { type Overview, useOverview } from "@/lib/overview";
import { loginRedirectTarget } from "@/lib/query-client";

/**
 * Team pages need an employee: signed out -> team/login with ReturnUrl;
 * signed in without an employee person id -> /forbidden.
 */
export function TeamGuard({ children }: { children: (employee: Overview) => ReactNode }) {
  const { overview, status, error, refetch } = useOverview();
  if (status === "loading") return <ShellSkeleton variant="side" />;
  if (status === "error")
    return (
      <div className="mx-auto max-w-xl p-6">
        <QueryError error={error} onRetry={() => refetch()} />
      </div>
    );
  if (!overview) return <Redirect to={loginRedirectTarget()} replace />;
  if (!overview.employeePersonId) return <Redirect to="/forbidden" replace />;
  return <>{children(overview)}</>;
}
