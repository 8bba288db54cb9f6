import { ArrowLeftIcon, CheckIcon, RotateCcwIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import type { RouteParams } from "@/lib/route-table";
import {
  refusalMessage,
  useDesktopError,
  useRefreshTelemetry,
  useResolveDesktopError,
  useUnresolveDesktopError,
} from "../api";
import { formatWhen, numberFormat } from "../components/period";
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
  const resolve = useResolveDesktopError();
  const unresolve = useUnresolveDesktopError();
  const refresh = useRefreshTelemetry();
  const [fixedVersion, setFixedVersion] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const d = detail.data?.desktopError;
  const e = d?.error;

  const act = async (resolved: boolean) => {
    setProblem(null);
    try {
      if (resolved) await resolve.mutateAsync({ errorId, fixedVersion: fixedVersion.trim() || null });
      else await unresolve.mutateAsync({ errorId });
      await refresh();
      toast.success(resolved ? "Marked resolved." : "Marked active again.");
      setFixedVersion("");
    } catch (err) {
      setProblem(refusalMessage(err));
    }
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={e ? `Error: ${e.message.slice(0, 60)}` : "Wtd Error"} />
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link href="/admin/errors">
            <ArrowLeftIcon aria-hidden="true" />
            Wtd Errors
          </Link>
        </Button>
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
                  {numberFormat.format(e.errorCount)} {e.errorCount === 1 ? "time" : "times"}, last{" "}
                  {formatWhen(e.logTime)}
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
                  <Field label="First seen">{formatWhen(e.firstSeen)}</Field>
                  <Field label="Last seen">{formatWhen(e.logTime)}</Field>
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
            <Card className="h-fit">
              <CardHeader>
                <CardTitle>{d.status === "RESOLVED" ? "Resolved" : "Resolve"}</CardTitle>
                <CardDescription>
                  {d.status === "RESOLVED"
                    ? `Resolved ${formatWhen(e.resolvedAt)}. It becomes active again if it is reported again.`
                    : "Mark it fixed, with the build that fixes it. It becomes active again if it is reported again."}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-3">
                {d.status === "RESOLVED" ? (
                  <Button variant="outline" onClick={() => act(false)} disabled={unresolve.isPending}>
                    {unresolve.isPending ? <Spinner /> : <RotateCcwIcon aria-hidden="true" />}
                    Un-resolve
                  </Button>
                ) : (
                  <form
                    className="grid gap-3"
                    onSubmit={(ev) => {
                      ev.preventDefault();
                      void act(true);
                    }}
                  >
                    <FormField label="Fixed in version" description="Optional, e.g. 7.5.0110.">
                      <Input value={fixedVersion} onChange={(ev) => setFixedVersion(ev.target.value)} maxLength={50} />
                    </FormField>
                    <Button type="submit" disabled={resolve.isPending}>
                      {resolve.isPending ? <Spinner /> : <CheckIcon aria-hidden="true" />}
                      Resolve
                    </Button>
                  </form>
                )}
                {problem ? (
                  <Alert variant="destructive">
                    <AlertDescription className="whitespace-pre-line">{problem}</AlertDescription>
                  </Alert>
                ) : null}
              </CardContent>
            </Card>
          </div>
        </>
      ) : null}
    </div>
  );
}
