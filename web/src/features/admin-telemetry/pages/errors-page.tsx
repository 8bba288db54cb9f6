import { BugIcon, SearchIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type Severity, useDesktopErrors } from "../api";
import { formatWhen, numberFormat, type PeriodKey, PeriodSelect, usePeriod } from "../components/period";
import { SEVERITIES, SeverityBadge, StatusBadge, severityLabel } from "../components/severity";

type StatusFilter = "ACTIVE" | "RESOLVED" | "ALL";

/** admin/errors: desktop and app errors by period and severity; each opens its detail. */
export default function ErrorsPage() {
  const [periodKey, setPeriodKey] = useState<PeriodKey>("7d");
  const [severities, setSeverities] = useState<Severity[]>(["FATAL", "ERROR", "WARNING"]);
  const [status, setStatus] = useState<StatusFilter>("ACTIVE");
  const [q, setQ] = useState("");
  const period = usePeriod(periodKey);
  const errors = useDesktopErrors({ ...period, severities: severities.length ? severities : null });
  const periodId = useId();
  const statusId = useId();

  const rows = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (errors.data?.desktopErrors ?? []).filter(
      (e) =>
        (status === "ALL" || e.status === status) &&
        (!needle ||
          [e.message, e.program, e.loginUserName, e.buildVersion, e.branch?.company ?? ""].some((v) =>
            v.toLowerCase().includes(needle),
          )),
    );
  }, [errors.data, q, status]);

  const toggle = (s: Severity, on: boolean) =>
    setSeverities((list) => (on ? SEVERITIES.filter((x) => x === s || list.includes(x)) : list.filter((x) => x !== s)));

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Wtd Errors" />
      <PageHeader
        title="Wtd Errors"
        description="Errors the desktop software and apps report, newest first. The same error again adds to its count."
      />
      <div className="flex flex-col flex-wrap gap-3 lg:flex-row lg:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={periodId}>Period</Label>
          <PeriodSelect id={periodId} value={periodKey} onChange={setPeriodKey} />
        </div>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 font-medium text-sm">Severity</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {SEVERITIES.map((s) => (
              <Label key={s} className="flex items-center gap-2 font-normal">
                <Checkbox checked={severities.includes(s)} onCheckedChange={(v) => toggle(s, v === true)} />
                {severityLabel(s)}
              </Label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor={statusId}>Status</Label>
          <Select value={status} onValueChange={(v) => setStatus(v as StatusFilter)}>
            <SelectTrigger id={statusId} className="w-full sm:w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="ACTIVE">Active</SelectItem>
              <SelectItem value="RESOLVED">Resolved</SelectItem>
              <SelectItem value="ALL">All</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div className="relative lg:ml-auto lg:w-72">
          <SearchIcon
            aria-hidden="true"
            className="-translate-y-1/2 absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          />
          <Input
            aria-label="Search errors"
            placeholder="Message, program, user, build…"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="pl-8"
          />
        </div>
      </div>

      {errors.error && !errors.data ? <QueryError error={errors.error} onRetry={() => errors.refetch()} /> : null}
      {errors.isPending ? (
        <Skeleton className="h-64" />
      ) : errors.data && !rows.length ? (
        <EmptyState
          icon={<BugIcon />}
          title="No errors"
          description="Nothing matches this period, severity and status."
        />
      ) : errors.data ? (
        <>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {rows.length === 1 ? "1 error" : `${numberFormat.format(rows.length)} errors`},{" "}
            {numberFormat.format(rows.reduce((s, e) => s + e.errorCount, 0))} occurrences
            {(errors.data?.desktopErrors.length ?? 0) >= 500 ? " (the newest 500: narrow the period or severity)" : ""}
          </p>
          {/* Phones: one card per error. */}
          <ul className="grid gap-2 md:hidden" aria-label="Errors">
            {rows.map((e) => (
              <li key={e.id} className="rounded-lg border bg-card p-3">
                <div className="flex flex-wrap items-center gap-2 text-xs">
                  <SeverityBadge severity={e.severity} />
                  <StatusBadge status={e.status} />
                  <span className="text-muted-foreground">{formatWhen(e.logTime)}</span>
                  <span className="ml-auto font-medium tabular-nums">×{numberFormat.format(e.errorCount)}</span>
                </div>
                <Link
                  href={`/admin/errors/${e.id}`}
                  className="mt-1.5 block break-words font-medium text-primary underline-offset-2 hover:underline"
                >
                  {e.message}
                </Link>
                <p className="mt-1 break-all font-mono text-muted-foreground text-xs">
                  {e.program || "—"} · {e.lineNum} · {e.buildVersion || "no build"}
                </p>
                <p className="text-muted-foreground text-xs">
                  {e.branch ? `${e.branch.branchNumber} · ${e.branch.company}` : "—"}
                  {e.loginUserName ? ` · ${e.loginUserName}` : ""}
                </p>
              </li>
            ))}
          </ul>
          <Table aria-label="Errors" containerClassName="hidden md:block">
            <TableHeader>
              <TableRow>
                <TableHead>Last seen</TableHead>
                <TableHead>Severity</TableHead>
                <TableHead>Message</TableHead>
                <TableHead>Branch · user</TableHead>
                <TableHead className="text-right">Count</TableHead>
                <TableHead>Retried</TableHead>
                <TableHead>Fixed in</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((e) => (
                <TableRow key={e.id}>
                  <TableCell className="whitespace-nowrap align-top">{formatWhen(e.logTime)}</TableCell>
                  <TableCell className="align-top">
                    <SeverityBadge severity={e.severity} />
                  </TableCell>
                  <TableCell className="min-w-72 whitespace-normal">
                    <Link
                      href={`/admin/errors/${e.id}`}
                      className="line-clamp-2 break-words font-medium text-primary underline-offset-2 hover:underline"
                    >
                      {e.message}
                    </Link>
                    <span className="font-mono text-muted-foreground text-xs">
                      {e.program || "—"} · line {e.lineNum} · build {e.buildVersion || "—"}
                    </span>
                  </TableCell>
                  <TableCell className="align-top">
                    <div className="whitespace-nowrap">
                      {e.branch ? `${e.branch.branchNumber} · ${e.branch.company}` : "—"}
                    </div>
                    <div className="text-muted-foreground text-xs">{e.loginUserName || "—"}</div>
                  </TableCell>
                  <TableCell className="text-right align-top tabular-nums">
                    {numberFormat.format(e.errorCount)}
                  </TableCell>
                  <TableCell className="align-top">{e.retried ? "Yes" : "No"}</TableCell>
                  <TableCell className="align-top font-mono text-xs">{e.fixedVersion || "—"}</TableCell>
                  <TableCell className="align-top">
                    <StatusBadge status={e.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </div>
  );
}
