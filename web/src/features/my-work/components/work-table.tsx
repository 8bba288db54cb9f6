import { ClipboardCheckIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, RowLink } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { formatDateTime } from "@/lib/format";
import type { MyWorkActivity } from "../api";
import { type Due, dueOf } from "../time";
import { ActivityActions, threadHref } from "./activity-actions";
import { ActivityDialogs, type OpenActivityDialog } from "./activity-dialogs";
import { PinnedValues } from "./pinned-values";
import { DueBadge, whoFor } from "./work-labels";

// My work's list: search, the due chips (overdue, today, upcoming, with counts), project and
// priority, all in the address; each row resolves in one click and reschedules or reassigns in a dialog.

const PAGE_SIZE = 50;
const SORTS = ["time", "subject", "customer", "project", "priority"] as const;
type Sort = (typeof SORTS)[number];
type Row = MyWorkActivity & { due: Due };

const ALL = "all";
const uniq = (pairs: [string, string][]) =>
  [...new Map(pairs).entries()].sort((a, b) => a[1].localeCompare(b[1])).map(([value, label]) => ({ value, label }));

export function WorkTable({
  activities,
  query,
  timeZone,
  today,
  empty,
}: {
  activities: MyWorkActivity[] | undefined;
  query: { isPending: boolean; isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  timeZone: string;
  today: string;
  empty: { title: string; description: string; action?: ReactNode };
}) {
  const [dialog, setDialog] = useState<OpenActivityDialog>(null);
  const list = useListUrlState({ sorts: SORTS, defaultSort: "time" as Sort });
  const all: Row[] | undefined = activities?.map((a) => ({ ...a, due: dueOf(a.scheduledTime, timeZone, today) }));
  const count = (d: Due) => all?.filter((a) => a.due === d).length;
  const facets: ListFacet[] = [
    {
      key: "status",
      label: "Due",
      kind: "chips",
      options: [
        { value: ALL, label: "All", count: all?.length },
        { value: "overdue", label: "Overdue", count: count("overdue") },
        { value: "today", label: "Today", count: count("today") },
        { value: "upcoming", label: "Upcoming", count: count("upcoming") },
      ],
    },
    {
      key: "project",
      label: "Project",
      open: true,
      options: [
        { value: ALL, label: "All projects" },
        ...uniq((all ?? []).map((a) => [a.projectId, a.projectDescription])),
      ],
    },
    {
      key: "priority",
      label: "Priority",
      open: true,
      className: "sm:w-36",
      options: [
        { value: ALL, label: "Any priority" },
        ...uniq((all ?? []).map((a) => [a.priorityId ?? "none", a.priorityName ?? "No priority"])),
      ],
    },
  ];
  const facetState = useListFacets(facets);
  const status = facetState.value("status");
  const project = facetState.value("project");
  const priority = facetState.value("priority");
  const filtered = all?.filter(
    (a) =>
      (status === ALL || a.due === status) &&
      (project === ALL || a.projectId === project) &&
      (priority === ALL || (a.priorityId ?? "none") === priority),
  );
  const { rows, total } = useClientRows(filtered, list.state, {
    pageSize: PAGE_SIZE,
    searchText: (a) => [
      a.subject,
      a.details,
      a.customerName,
      a.leadId,
      a.projectDescription,
      a.stepDescription,
      ...a.pinnedValues.map((v) => v.value),
    ],
    sortValue: {
      time: (a) => a.scheduledTime,
      subject: (a) => a.subject,
      customer: (a) => a.customerName ?? a.leadId,
      project: (a) => `${a.projectDescription} ${String(a.stepSortLevel).padStart(6, "0")}`,
      priority: (a) => a.priorityName,
    },
  });
  const when = (a: Row) => formatDateTime(a.scheduledTime, { timeZone, omitThisYear: true });
  const actions = (a: Row, compact?: boolean) => (
    <ActivityActions
      activity={a}
      compact={compact}
      showThreadLink
      onOpen={(kind) => setDialog({ kind, activity: a })}
    />
  );

  const columns: DataColumn<Row, Sort>[] = [
    {
      header: "Scheduled",
      sort: "time",
      className: "w-44",
      cell: (a) => (
        <span className="grid">
          <span className={a.due === "overdue" ? "font-medium text-destructive" : undefined}>{when(a)}</span>
          <span className="text-muted-foreground text-xs">{a.lengthMinutes} min</span>
        </span>
      ),
    },
    {
      header: "Subject",
      sort: "subject",
      className: "max-w-80 whitespace-normal",
      cell: (a) => (
        <span className="grid gap-0.5">
          <RowLink href={threadHref(a.threadId)}>{a.subject}</RowLink>
          <PinnedValues values={a.pinnedValues} timeZone={timeZone} />
          {a.details ? <span className="line-clamp-1 text-muted-foreground text-xs">{a.details}</span> : null}
        </span>
      ),
    },
    { header: "Customer or lead", sort: "customer", cell: (a) => whoFor(a) },
    {
      header: "Project and step",
      sort: "project",
      cell: (a) => (
        <span className="grid">
          <span>{a.projectDescription}</span>
          <span className="text-muted-foreground text-xs">{a.stepDescription}</span>
        </span>
      ),
    },
    {
      header: "Priority",
      sort: "priority",
      cell: (a) => a.priorityName ?? <span className="text-muted-foreground">—</span>,
    },
    { header: "Status", cell: (a) => <DueBadge due={a.due} /> },
    { header: "Actions", srOnly: true, className: "w-40 text-right", cell: (a) => actions(a) },
  ];

  const mobileRow = (a: Row) => (
    <div className="grid gap-1.5 px-3 py-3">
      <div className="flex items-start justify-between gap-2">
        <Link href={threadHref(a.threadId)} className="font-medium text-sm hover:underline">
          {a.subject}
        </Link>
        <DueBadge due={a.due} />
      </div>
      <PinnedValues values={a.pinnedValues} timeZone={timeZone} />
      <p className="text-muted-foreground text-xs">
        {whoFor(a)} · {a.projectDescription}: {a.stepDescription}
        {a.priorityName ? ` · ${a.priorityName}` : ""}
      </p>
      <div className="flex items-center justify-between gap-2">
        <span className={a.due === "overdue" ? "text-destructive text-xs" : "text-muted-foreground text-xs"}>
          {when(a)} · {a.lengthMinutes} min
        </span>
        {actions(a, true)}
      </div>
    </div>
  );

  return (
    <>
      <DataTable
        label="My work"
        noun="activities"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(a) => a.id}
        rowHref={(a) => threadHref(a.threadId)}
        mobileRow={mobileRow}
        list={list}
        pageSize={PAGE_SIZE}
        query={query}
        search={{ label: "Search my work", placeholder: "Search subject, customer, project or step" }}
        facets={{ facets, state: facetState }}
        empty={{ icon: <ClipboardCheckIcon aria-hidden="true" />, ...empty }}
        noMatch={{
          title: "No activity matches",
          description: (q) => (q ? `No open activity matches “${q}”.` : "No open activity matches these filters."),
        }}
      />
      <ActivityDialogs dialog={dialog} timeZone={timeZone} onClose={() => setDialog(null)} />
    </>
  );
}
