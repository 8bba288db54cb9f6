import { UsersIcon } from "lucide-react";
import { type DataColumn, DataTable, RowLink } from "@/components/data-list/data-table";
import { MobileRow } from "@/components/data-list/mobile-row";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useBranchTimeZone } from "@/features/my-work/time";
import { formatCalendarDate, formatDateTime, formatInstantDate } from "@/lib/format";
import { type ResultLead, useLeadResultLeads } from "./api";
import { useDrill, useSearchParam } from "./params";

// The leads behind a number: a dialog over the report with the leads it counted, newest first, 25 a
// page (?drillPage=), each opening its lead page. What is open is in the address (?drill=), so the
// back button and a shared link show the same leads.

const PAGE = 25;
const statusText: Record<string, string> = { UNASSIGNED: "Unassigned", ASSIGNED: "Assigned", DISCARDED: "Discarded" };
const href = (l: ResultLead) => `/team/leads/${l.id}`;

const columnsIn = (timeZone: string): DataColumn<ResultLead, "entered">[] => [
  { header: "Lead", cell: (l) => <RowLink href={href(l)}>{l.name}</RowLink>, className: "min-w-40 whitespace-normal" },
  { header: "Number", cell: (l) => `#${l.number}`, className: "text-muted-foreground tabular-nums" },
  { header: "Entered", cell: (l) => formatDateTime(l.enteredTime, { timeZone }) },
  { header: "Source", cell: (l) => l.leadSourceName ?? "–" },
  { header: "Assigned to", cell: (l) => l.personName ?? "–" },
  {
    header: "Status",
    cell: (l) => (
      <span className="flex gap-1">
        <Badge variant="outline">{statusText[l.status] ?? l.status}</Badge>
        {l.customerId ? <Badge variant="secondary">Customer</Badge> : null}
      </span>
    ),
  },
];

export function DrillDialog({ from, to }: { from: string; to: string }) {
  const { drill, close } = useDrill();
  const timeZone = useBranchTimeZone();
  const [rawPage, setPage] = useSearchParam("drillPage");
  const page = Math.max(1, Number.parseInt(rawPage ?? "1", 10) || 1);
  const { title, ...cell } = drill ?? { title: "" };
  const query = useLeadResultLeads(
    { cell: { ...(cell as { metric: "LEADS" }), from, to }, skip: (page - 1) * PAGE, take: PAGE },
    !!drill,
  );
  const data = query.data?.leadResultLeads;
  const list = {
    state: { q: "", page, sort: "entered" as const, dir: "DESC" as const, flags: {} as Record<never, boolean> },
    update: (patch: { page?: number }) => setPage(patch.page && patch.page > 1 ? String(patch.page) : null),
    sortProps: () => ({}),
  };
  return (
    <Dialog open={!!drill} onOpenChange={(open) => (open ? null : close())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{title || "Leads"}</DialogTitle>
          <DialogDescription>
            Leads that came in {formatCalendarDate(from)} – {formatCalendarDate(to)}
            {data ? `: ${data.totalCount.toLocaleString("en-US")} in all, newest first.` : "."}
          </DialogDescription>
        </DialogHeader>
        <DataTable
          label={`Leads: ${title}`}
          noun="leads"
          columns={columnsIn(timeZone)}
          rows={data?.leads}
          total={data?.totalCount}
          rowKey={(l) => l.id}
          rowHref={href}
          mobileRow={(l) => (
            <MobileRow
              href={href(l)}
              title={l.name}
              meta={`#${l.number} · ${formatInstantDate(l.enteredTime, timeZone)} · ${l.leadSourceName ?? "No source"}`}
              end={<Badge variant="outline">{statusText[l.status] ?? l.status}</Badge>}
            />
          )}
          list={list}
          pageSize={PAGE}
          query={query}
          empty={{
            icon: <UsersIcon aria-hidden="true" />,
            title: "No leads",
            description: "None of these leads is left.",
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
