import { ArrowLeftIcon } from "lucide-react";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, formatNumber } from "@/lib/format";
import type { RouteParams } from "@/lib/route-table";
import { useDesktopError } from "../api";
import { ResolveCard } from "../components/resolve-card";
import { SeverityBadge, StatusBadge } from "../components/severity";

function Field({ label, children, mono }: { label: string; children: React.ReactNode; mono?: boolean }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className={mono ? "break-all font-mono text-sm" : "text-sm"}>{children}</dd>
    </div>
  );
}

/** admin/errors/{errorId}: one error with where it happened; resolve or un-resolve it. */
export default function ErrorPage({ params }: { params: RouteParams }) {
  const errorId = params.errorId ?? "";
  const detail = useDesktopError(errorId);

  const d = detail.data?.desktopError;
  const e = d?.error;

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={e ? `Error: ${e.message.slice(0, 60)}` : "Wtd Error"} />
      <div>
        <LinkButton href="/admin/errors" variant="ghost" size="sm" className="-ml-2" icon={ArrowLeftIcon}>
          Wtd Errors
        </LinkButton>
      </div>
      {detail.error && !d ? <QueryError error={detail.error} onRetry={() => detail.refetch()} /> : null}
      {detail.isPending ? <Skeleton className="h-72" /> : null}
      {d && e ? (
        <>
          <PageHeader
            title={<span className="break-words">{e.message}</span>}
            description={
              <span className="flex flex-wrap items-center gap-2">
                <SeverityBadge severity={e.severity} />
                <StatusBadge status={d.status} />
                <span>
                  {formatNumber(e.errorCount)} {e.errorCount === 1 ? "time" : "times"}, last {formatDateTime(e.logTime)}
                </span>
              </span>
            }
          />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Card>
              <CardHeader>
                <CardTitle>Details</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4">
                <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  <Field label="Branch">{e.branch ? `${e.branch.branchNumber} · ${e.branch.company}` : "—"}</Field>
                  <Field label="Program · line" mono>
                    {e.program || "—"} · {e.lineNum}
                  </Field>
                  <Field label="Build" mono>
                    {e.buildVersion || "—"}
                  </Field>
                  <Field label="Error number" mono>
                    {e.errorNo}
                  </Field>
                  <Field label="User">{e.loginUserName || "—"}</Field>
                  <Field label="Machine">{d.machineName || "—"}</Field>
                  <Field label="Windows version">{d.windowsVersion || "—"}</Field>
                  <Field label="Instance" mono>
                    {d.loginInstanceId || "—"}
                  </Field>
                  <Field label="Retried">{e.retried ? "Yes" : "No"}</Field>
                  <Field label="First seen">{formatDateTime(e.firstSeen)}</Field>
                  <Field label="Last seen">{formatDateTime(e.logTime)}</Field>
                  <Field label="Fixed in" mono>
                    {e.fixedVersion || "—"}
                  </Field>
                </dl>
                <div className="grid gap-1.5">
                  <h2 className="font-medium text-sm">Call stack</h2>
                  <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/50 p-3 font-mono text-xs">
                    {e.callStack || "No call stack was reported."}
                  </pre>
                </div>
              </CardContent>
            </Card>
            <ResolveCard errorId={errorId} detail={d} />
          </div>
        </>
      ) : null}
    </div>
  );
}
