import { ClipboardCheckIcon } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "wouter";
import { type DataColumn, DataTable, RowLink } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { formatDateTime } from "@/lib/format";
import { type MyWorkActivity, type MyWorkVariables, useMyWork } from "../api";
import { type Due, dueOf } from "../time";
import { ActivityActions, threadHref } from "./activity-actions";
import { ActivityDialogs, type OpenActivityDialog } from "./activity-dialogs";
import { PinnedValues } from "./pinned-values";
import { DueBadge, whoFor } from "./work-labels";

// My work's list: search, the due chips (overdue, today, upcoming, with counts), project and
// priority, all in the address; the server filters, searches, sorts, counts and pages (50 a page).
// Each row resolves in one click and reschedules or reassigns in a dialog.

const PAGE_SIZE = 50;
const SORTS = ["time", "subject", "customer", "project", "priority"] as const;
type Sort = (typeof SORTS)[number];
type Row = MyWorkActivity & { due: Due };

const ALL = "all";
/** The priority facet's value for work without a priority (the server's too). */
const NO_PRIORITY = "none";
const DUES = { all: "ALL", overdue: "OVERDUE", today: "TODAY", upcoming: "UPCOMING" } as const;

/** The facets as the address knows them (their options come with the answer). */
const FACETS: ListFacet[] = [
  { key: "status", label: "Due", kind: "chips", options: Object.keys(DUES).map((value) => ({ value, label: value })) },
  { key: "project", label: "Project", open: true, options: [{ value: ALL, label: "All projects" }] },
  {
    key: "priority",
    label: "Priority",
    open: true,
    className: "sm:w-36",
    options: [{ value: ALL, label: "Any priority" }],
  },
];

export function WorkTable({
  scope,
  timeZone,
  today,
  empty,
}: {
  /** Whose work and which period: the page's choice. */
  scope: Pick<MyWorkVariables, "personId" | "from" | "to">;
  timeZone: string;
  today: string;
  empty: { title: string; description: string; action?: ReactNode };
}) {
  const [dialog, setDialog] = useState<OpenActivityDialog>(null);
  const list = useListUrlState({ sorts: SORTS, defaultSort: "time" as Sort });
  const { state } = list;
  const facetState = useListFacets(FACETS);
  const query = useMyWork({
    ...scope,
    due: DUES[facetState.value("status") as keyof typeof DUES] ?? "ALL",
    projectId: facetState.value("project") === ALL ? null : facetState.value("project"),
    priorityId: facetState.value("priority") === ALL ? null : facetState.value("priority"),
    search: state.q.trim() || null,
    sort: state.sort.toUpperCase() as MyWorkVariables["sort"],
    sortDirection: state.dir,
    skip: (state.page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
  });
  const data = query.data?.myWork;
  // A page emptied under the reader (its last rows resolved): back to the last page there is.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const pastTheEnd = !!data && !query.isPlaceholderData && state.page > lastPage;
  // biome-ignore lint/correctness/useExhaustiveDependencies: list.update writes the address as it is now
  useEffect(() => {
    if (pastTheEnd) list.update({ page: lastPage });
  }, [pastTheEnd, lastPage]);
  const rows: Row[] | undefined = data?.activities.map((a) => ({ ...a, due: dueOf(a.scheduledTime, timeZone, today) }));
  const facets: ListFacet[] = [
    {
      ...FACETS[0]!,
      options: [
        { value: ALL, label: "All", count: data?.dueCounts.all },
        { value: "overdue", label: "Overdue", count: data?.dueCounts.overdue },
        { value: "today", label: "Today", count: data?.dueCounts.today },
        { value: "upcoming", label: "Upcoming", count: data?.dueCounts.upcoming },
      ],
    },
    {
      ...FACETS[1]!,
      options: [
        { value: ALL, label: "All projects" },
        ...(data?.projects ?? []).map((p) => ({ value: p.id, label: p.description })),
      ],
    },
    {
      ...FACETS[2]!,
      options: [
        { value: ALL, label: "Any priority" },
        ...(data?.priorities ?? []).map((p) => ({ value: p.id ?? NO_PRIORITY, label: p.name ?? "No priority" })),
      ],
    },
  ];
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
        total={data?.total}
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
