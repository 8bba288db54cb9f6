import { MailIcon } from "lucide-react";
import { useMemo } from "react";
import { DataTable } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { ListPage } from "@/components/data-list/list-page";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import {
  type MessageDeliveryStatus,
  type MessagePlatform,
  type OutboundMessage,
  PLATFORM_LABELS,
  STATUS_LABELS,
  useMessageAudit,
} from "../api";
import { MessageCard, messageColumns } from "../components/message-parts";
import { PERIOD_LABELS } from "../periods";

// admin/message-audit: every outbound message of every branch with its delivery status. Search, the
// branch, type, status and period filters and the page live in the address
// (?q=&branch=&platform=&status=&period=&page=), so a view can be linked; the server pages.

const PAGE_SIZE = 25;
const ALL = "all";
const PERIOD_DAYS: Record<string, number | null> = { "7": 7, "30": 30, "90": 90, all: null };
const any = (label: string) => ({ value: ALL, label });

// The branches come with the answer: until then a branch in the address is kept as it is (open).
const BRANCH_FACET: ListFacet = {
  key: "branch",
  label: "Branch",
  open: true,
  options: [any("All branches")],
  className: "sm:w-44",
};

const FACETS: ListFacet[] = [
  BRANCH_FACET,
  {
    key: "platform",
    label: "Type",
    options: [any("All types"), ...Object.entries(PLATFORM_LABELS).map(([value, label]) => ({ value, label }))],
    className: "sm:w-32",
  },
  {
    key: "status",
    label: "Delivery status",
    options: [any("Any status"), ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))],
    className: "sm:w-44",
  },
  {
    key: "period",
    label: "Period",
    options: [...Object.entries(PERIOD_LABELS).map(([value, label]) => ({ value, label })), any("All time")],
    defaultValue: "30",
    className: "sm:w-36",
  },
];

/** admin/message-audit: every outbound message of every branch with its delivery status. */
export default function MessageAuditPage() {
  const list = useListUrlState<"createdAt">({ sorts: ["createdAt"], defaultSort: "createdAt", defaultDir: "DESC" });
  const facets = useListFacets(FACETS);
  const chosen = (key: string) => (facets.value(key) === ALL ? null : facets.value(key));
  const period = facets.value("period");

  // The period starts at midnight (local) N days ago; fixed for the page's life so the query key is stable.
  const start = useMemo(() => {
    const days = PERIOD_DAYS[period];
    if (!days) return null;
    const d = new Date();
    d.setHours(0, 0, 0, 0);
    d.setDate(d.getDate() - days + 1);
    return d.toISOString();
  }, [period]);

  const audit = useMessageAudit({
    branchId: chosen("branch"),
    platform: chosen("platform") as MessagePlatform | null,
    status: chosen("status") as MessageDeliveryStatus | null,
    search: list.state.q.trim() || null,
    start,
    skip: (list.state.page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
  });
  const page = audit.data?.messageAudit;
  const branchOptions = (page?.branches ?? []).map((b) => ({ value: b.id, label: `${b.company} (${b.host})` }));
  const shown = [{ ...BRANCH_FACET, options: [...BRANCH_FACET.options, ...branchOptions] }, ...FACETS.slice(1)];

  return (
    <ListPage
      title="Text/Call Usage"
      description="Every message the platform sent for a branch — mail now, texts and robo calls as messaging arrives — with its delivery status."
    >
      <DataTable<OutboundMessage, "createdAt">
        label="Outbound messages"
        noun="messages"
        columns={messageColumns}
        rows={page?.messages}
        total={page?.totalCount}
        rowKey={(m) => m.id}
        mobileRow={(m) => <MessageCard m={m} />}
        list={list}
        pageSize={PAGE_SIZE}
        query={audit}
        search={{ label: "Search messages", placeholder: "Search recipient, subject or text" }}
        facets={{ facets: shown, state: facets }}
        empty={{
          icon: <MailIcon aria-hidden="true" />,
          title: "No messages",
          description: "Nothing was sent that matches these filters.",
        }}
        noMatch={{ title: "No messages", description: () => "Nothing was sent that matches these filters." }}
      />
    </ListPage>
  );
}
