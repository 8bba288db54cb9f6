import { BugIcon } from "lucide-react";
import { useMemo } from "react";
import { Link } from "wouter";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { ListPage } from "@/components/data-list/list-page";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { formatDateTime, formatNumber, pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import { type DesktopErrorRow, type Severity, useDesktopErrors } from "../api";
import { PERIODS, type PeriodKey, usePeriod } from "../components/period";
import { SEVERITIES, SeverityBadge, StatusBadge, severityLabel } from "../components/severity";

// admin/errors: desktop and app errors by period and severity (asked of the server, at most the newest
// 500), then status, search, sort and paging in the browser; all of it in the address.

const PAGE_SIZE = 50;
/** The server returns at most this many errors of a period. */
const CAP = 500;
const SORTS = ["logTime", "errorCount"] as const;
type Sort = (typeof SORTS)[number];

const FACETS: ListFacet[] = [
  {
    key: "period",
    label: "Period",
    options: (Object.keys(PERIODS) as PeriodKey[]).map((k) => ({ value: k, label: PERIODS[k].label })),
    defaultValue: "7d",
    className: "sm:w-44",
  },
  {
    key: "severity",
    label: "Severity",
    kind: "checks",
    options: SEVERITIES.map((s) => ({ value: s, label: severityLabel(s) })),
    defaultValues: ["FATAL", "ERROR", "WARNING"],
  },
  {
    key: "status",
    label: "Status",
    options: [
      { value: "ACTIVE", label: "Active" },
      { value: "RESOLVED", label: "Resolved" },
      { value: "ALL", label: "All statuses" },
    ],
    className: "sm:w-36",
  },
];

const href = (e: DesktopErrorRow) => `/admin/errors/${e.id}`;
const branchOf = (e: DesktopErrorRow) => (e.branch ? `${e.branch.branchNumber} · ${e.branch.company}` : "—");

const columns: DataColumn<DesktopErrorRow, Sort>[] = [
  {
    header: "Last seen",
    sort: "logTime",
    className: "whitespace-nowrap align-top",
    cell: (e) => formatDateTime(e.logTime),
  },
  { header: "Severity", className: "align-top", cell: (e) => <SeverityBadge severity={e.severity} /> },
  {
    header: "Message",
    className: "min-w-72 whitespace-normal",
    cell: (e) => (
      <>
        <MessageLink e={e} className="line-clamp-2" />
        <span className="font-mono text-muted-foreground text-xs">
          {e.program || "—"} · line {e.lineNum} · build {e.buildVersion || "—"}
        </span>
      </>
    ),
  },
  {
    header: "Branch · user",
    className: "align-top",
    cell: (e) => (
      <>
        <div className="whitespace-nowrap">{branchOf(e)}</div>
        <div className="text-muted-foreground text-xs">{e.loginUserName || "—"}</div>
      </>
    ),
  },
  {
    header: "Count",
    sort: "errorCount",
    className: "text-right align-top tabular-nums",
    cell: (e) => formatNumber(e.errorCount),
  },
  { header: "Retried", className: "align-top", cell: (e) => (e.retried ? "Yes" : "No") },
  { header: "Fixed in", className: "align-top font-mono text-xs", cell: (e) => e.fixedVersion || "—" },
  { header: "Status", className: "align-top", cell: (e) => <StatusBadge status={e.status} /> },
];

/** The error's message, opening its detail. */
function MessageLink({ e, className }: { e: DesktopErrorRow; className: string }) {
  return (
    <Link
      href={href(e)}
      className={cn("break-words font-medium text-primary underline-offset-2 hover:underline", className)}
    >
      {e.message}
    </Link>
  );
}

/** Phones: one card per error. */
function ErrorCard({ e }: { e: DesktopErrorRow }) {
  return (
    <div className="p-3">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <SeverityBadge severity={e.severity} />
        <StatusBadge status={e.status} />
        <span className="text-muted-foreground">{formatDateTime(e.logTime)}</span>
        <span className="ml-auto font-medium tabular-nums">×{formatNumber(e.errorCount)}</span>
      </div>
      <MessageLink e={e} className="mt-1.5 block" />
      <p className="mt-1 break-all font-mono text-muted-foreground text-xs">
        {e.program || "—"} · {e.lineNum} · {e.buildVersion || "no build"}
      </p>
      <p className="text-muted-foreground text-xs">
        {branchOf(e)}
        {e.loginUserName ? ` · ${e.loginUserName}` : ""}
      </p>
    </div>
  );
}

const searchText = (e: DesktopErrorRow) => [e.message, e.program, e.loginUserName, e.buildVersion, e.branch?.company];

/** admin/errors: desktop and app errors by period and severity; each opens its detail. */
export default function ErrorsPage() {
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "logTime", defaultDir: "DESC" });
  const facets = useListFacets(FACETS);
  const period = usePeriod(facets.value("period") as PeriodKey);
  const severities = facets.checked("severity") as Severity[];
  const errors = useDesktopErrors({ ...period, severities: severities.length ? severities : null });
  const status = facets.value("status");
  const fetched = errors.data?.desktopErrors;
  const inStatus = useMemo(() => fetched?.filter((e) => status === "ALL" || e.status === status), [fetched, status]);
  const { rows, total } = useClientRows(inStatus, list.state, {
    pageSize: PAGE_SIZE,
    searchText,
    sortValue: { logTime: (e) => e.logTime, errorCount: (e) => e.errorCount },
  });
  // The summary counts every matching error, not only this page's.
  const needle = list.state.q.trim().toLowerCase();
  const matching = (inStatus ?? []).filter(
    (e) => !needle || searchText(e).some((v) => v?.toLowerCase().includes(needle)),
  );

  return (
    <ListPage
      title="Wtd Errors"
      description="Errors the desktop software and apps report, newest first. The same error again adds to its count."
    >
      {fetched && matching.length ? (
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {pluralize(matching.length, "error")}, {formatNumber(matching.reduce((s, e) => s + e.errorCount, 0))}{" "}
          occurrences
          {fetched.length >= CAP ? ` (the newest ${CAP}: narrow the period or severity)` : ""}
        </p>
      ) : null}
      <DataTable<DesktopErrorRow, Sort>
        label="Errors"
        noun="errors"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(e) => e.id}
        rowHref={href}
        mobileRow={(e) => <ErrorCard e={e} />}
        list={list}
        pageSize={PAGE_SIZE}
        query={errors}
        search={{ label: "Search errors", placeholder: "Message, program, user, build…" }}
        facets={{ facets: FACETS, state: facets }}
        empty={{
          icon: <BugIcon aria-hidden="true" />,
          title: "No errors",
          description: "Nothing matches this period, severity and status.",
        }}
        noMatch={{ title: "No errors", description: () => "Nothing matches this period, severity, status and search." }}
      />
    </ListPage>
  );
}
