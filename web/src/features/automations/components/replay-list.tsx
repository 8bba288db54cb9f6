import { HistoryIcon } from "lucide-react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable } from "@/components/data-list/data-table";
import { MobileRow } from "@/components/data-list/mobile-row";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { AutomationReplay, ReplayItem } from "../api";
import { recordRunsHref } from "../labels";
import { When } from "./run-status";

const PAGE_SIZE = 20;
const SORTS = ["AT", "CUSTOMER"] as const;
type Sort = (typeof SORTS)[number];

/** What each action would do for one record, numbered as the automation's actions are. */
function WouldDo({ item }: { item: ReplayItem }) {
  return (
    <ol className="grid gap-1 text-sm">
      {item.actionOutcomes.map((o) => (
        <li key={o.actionIndex} className="flex items-start gap-2">
          <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-muted text-xs tabular-nums">
            {o.actionIndex + 1}
          </span>
          <span className="min-w-0 break-words">{o.detail}</span>
        </li>
      ))}
    </ol>
  );
}

/** The records a replay matched, in a dialog: when, which record, whose, and what each action would do. */
export function ReplayDialog({
  replay,
  open,
  onOpenChange,
  title,
}: {
  replay: AutomationReplay;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
}) {
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "AT", defaultDir: "DESC" });
  const { rows, total } = useClientRows(replay.items, list.state, {
    searchText: (i) => [i.label, i.customerName, ...i.actionOutcomes.map((o) => o.detail)],
    sortValue: { AT: (i) => i.at, CUSTOMER: (i) => i.customerName ?? "" },
    pageSize: PAGE_SIZE,
  });
  const columns: DataColumn<ReplayItem, Sort>[] = [
    { header: "When", sort: "AT", cell: (i) => <When iso={i.at} /> },
    { header: "Record", className: "whitespace-normal", cell: (i) => <span className="font-medium">{i.label}</span> },
    {
      header: "Customer",
      sort: "CUSTOMER",
      cell: (i) => i.customerName ?? <span className="text-muted-foreground">—</span>,
    },
    { header: "What it would do", className: "min-w-72 whitespace-normal", cell: (i) => <WouldDo item={i} /> },
  ];
  const close = (next: boolean) => {
    // The list's search and page live in the address while it is open only.
    if (!next) list.update({ q: "", page: 1, sort: "AT", dir: "DESC" });
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {replay.listedCapped
              ? `The newest ${replay.items.length.toLocaleString("en-US")} of ${replay.matched.toLocaleString("en-US")} records it would have acted on in the last ${replay.days} days. Nothing was changed.`
              : `Every record it would have acted on in the last ${replay.days} days. Nothing was changed.`}
          </DialogDescription>
        </DialogHeader>
        <div className="min-w-0">
          <DataTable
            label="Records the dry run would act on"
            noun="records"
            columns={columns}
            rows={rows}
            total={total}
            rowKey={(i) => `${i.entityId}:${i.at}`}
            mobileRow={(i) => (
              <MobileRow
                href={recordRunsHref(i)}
                title={i.label}
                meta={[i.customerName, new Date(i.at).toLocaleDateString("en-US")].filter(Boolean).join(" · ")}
              >
                <WouldDo item={i} />
              </MobileRow>
            )}
            list={list}
            pageSize={PAGE_SIZE}
            query={{ isPending: false, isFetching: false, isError: false, error: null, refetch: () => {} }}
            search={{ label: "Search the records", placeholder: "Search by record, customer or action" }}
            noMatch={{ title: "Nothing matches", description: (q) => `No record matches “${q}”.` }}
            empty={{
              icon: <HistoryIcon aria-hidden="true" />,
              title: "Nothing to do",
              description: "No event of the window met the conditions.",
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
