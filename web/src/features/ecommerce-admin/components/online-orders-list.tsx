import { ChevronDownIcon, ReceiptTextIcon } from "lucide-react";
import { useState } from "react";
import { type DataColumn, DataTable } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Button } from "@/components/ui/button";
import { formatDateTime, formatMoney, formatOrderId } from "@/lib/format";
import { cn } from "@/lib/utils";
import { type OnlineOrderRow, type OrderStatus, useOnlineOrders } from "../api";
import { useBranchTimeZone } from "../format";
import { deliveryText, ORDER_STATUSES, OrderStatusBadge, orderStatusLabel } from "./order-status";

// The online orders tab: paged and searched on the server, filtered by the status chips (each with
// its count); everything in the address (?q=&page=&status=). A row opens to show the order's lines.

const PAGE_SIZE = 20;
type Sort = "CREATED";

/** The status chips, with the counts of the current search once they are known. */
function statusFacets(counts: { status: OrderStatus; count: number }[] | undefined): ListFacet[] {
  const count = (s: OrderStatus) => (counts ? (counts.find((c) => c.status === s)?.count ?? 0) : undefined);
  return [
    {
      key: "status",
      label: "Filter by status",
      kind: "chips",
      options: [
        { value: "ALL", label: "All", count: counts?.reduce((sum, c) => sum + c.count, 0) },
        ...ORDER_STATUSES.map((s) => ({ value: s, label: orderStatusLabel[s], count: count(s) })),
      ],
    },
  ];
}

function OrderLines({ order }: { order: OnlineOrderRow }) {
  const totals: [string, number][] = [
    ["Products", order.subtotalCents],
    ["Sales tax", order.taxCents],
    ["Shipping", order.shippingCents],
  ];
  return (
    <div className="grid gap-2 rounded-md bg-muted/40 p-3 text-sm">
      <ul className="grid gap-1">
        {order.lines.map((l) => (
          <li key={l.id} className="flex justify-between gap-3">
            <span>
              {l.quantity} × {l.title} <span className="text-muted-foreground">@ {formatMoney(l.unitPriceCents)}</span>
            </span>
            <span className="tabular-nums">{formatMoney(l.amountCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="grid gap-0.5 border-t pt-2 text-muted-foreground text-xs">
        {totals.map(([term, cents]) => (
          <div key={term} className="flex justify-between">
            <dt>{term}</dt>
            <dd className="tabular-nums">{formatMoney(cents)}</dd>
          </div>
        ))}
        <div className="flex justify-between font-medium text-foreground">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatMoney(order.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}

export function OnlineOrdersList() {
  const tz = useBranchTimeZone();
  const [open, setOpen] = useState<string | null>(null);
  const toggle = (id: string) => setOpen(open === id ? null : id);
  const list = useListUrlState<Sort>({ sorts: ["CREATED"], defaultSort: "CREATED" });
  const chips = useListFacets(statusFacets(undefined));
  const status = chips.value("status");
  const { state } = list;
  const orders = useOnlineOrders({
    status: status === "ALL" ? null : (status as OrderStatus),
    search: state.q || null,
    skip: (state.page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
  });
  const data = orders.data?.onlineOrders;
  const placed = (o: OnlineOrderRow) => formatDateTime(o.createdAt, { timeZone: tz, omitThisYear: true });

  const columns: DataColumn<OnlineOrderRow, Sort>[] = [
    {
      header: "Details",
      srOnly: true,
      className: "w-8 py-1",
      cell: (o) => (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-expanded={open === o.id}
          aria-label={`Show lines of order ${formatOrderId(o.number)}`}
          onClick={() => toggle(o.id)}
        >
          <ChevronDownIcon aria-hidden="true" className={cn("transition-transform", open === o.id && "rotate-180")} />
        </Button>
      ),
    },
    { header: "Order", className: "font-medium", cell: (o) => formatOrderId(o.number) },
    { header: "Placed", className: "text-muted-foreground", cell: placed },
    {
      header: "Customer",
      cell: (o) => (
        <>
          {o.customerName}
          <span className="block text-muted-foreground text-xs">#{o.customerAccountNumber}</span>
        </>
      ),
    },
    {
      header: "Items",
      className: "min-w-40 max-w-64 whitespace-normal text-muted-foreground",
      cell: (o) => <span className="line-clamp-2">{o.lines.map((l) => `${l.title} ×${l.quantity}`).join(", ")}</span>,
    },
    { header: "Delivery", cell: deliveryText },
    { header: "Status", cell: (o) => <OrderStatusBadge status={o.status} /> },
    { header: "Total", className: "text-right font-medium tabular-nums", cell: (o) => formatMoney(o.totalCents) },
  ];

  return (
    <DataTable
      label="Online orders"
      noun="orders"
      columns={columns}
      rows={data?.orders}
      total={data?.totalCount}
      rowKey={(o) => o.id}
      expandedRow={(o) => (open === o.id ? <OrderLines order={o} /> : null)}
      mobileRow={(o) => (
        <div className="grid gap-2 p-3">
          <button
            type="button"
            className="grid gap-1 text-left"
            aria-expanded={open === o.id}
            onClick={() => toggle(o.id)}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="font-medium">{formatOrderId(o.number) || "Order"}</span>
              <OrderStatusBadge status={o.status} />
            </span>
            <span className="text-sm">
              {o.customerName} <span className="text-muted-foreground">#{o.customerAccountNumber}</span>
            </span>
            <span className="flex justify-between text-muted-foreground text-xs">
              <span>{placed(o)}</span>
              <span className="font-medium text-foreground text-sm tabular-nums">{formatMoney(o.totalCents)}</span>
            </span>
          </button>
          {open === o.id ? <OrderLines order={o} /> : null}
        </div>
      )}
      list={list}
      pageSize={PAGE_SIZE}
      query={orders}
      search={{ label: "Search orders", placeholder: "Order #, account number or customer" }}
      facets={{ facets: statusFacets(data?.statusCounts), state: chips }}
      empty={{
        icon: <ReceiptTextIcon aria-hidden="true" />,
        title: "No online orders yet",
        description: "Orders placed in your online shop appear here with their delivery state.",
      }}
      noMatch={{ title: "No orders match", description: () => "Try another status or search." }}
    />
  );
}
