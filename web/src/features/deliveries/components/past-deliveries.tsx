import { Badge } from "@/components/ui/badge";
import { formatMoney } from "@/lib/utils";
import type { DeliveryWorkOrder } from "../api";
import { deliveryName, formatShortDate } from "../format";

/** Completed deliveries, newest first: date, number, what was delivered, total. */
export function PastDeliveries({ orders }: { orders: DeliveryWorkOrder[] }) {
  return (
    <div className="overflow-hidden rounded-lg border bg-card">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[8rem_6rem_1fr_7rem] gap-4 border-b bg-muted/50 px-4 py-2 font-medium text-muted-foreground text-xs uppercase tracking-wide md:grid"
      >
        <span>Date</span>
        <span>Number</span>
        <span>Items</span>
        <span className="text-right">Total</span>
      </div>
      <ul>
        {orders.map((o) => (
          <li
            key={o.id}
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-b px-4 py-3 text-sm last:border-b-0 md:grid-cols-[8rem_6rem_1fr_7rem] md:items-center"
          >
            <span className="font-medium">{formatShortDate(o.workTime.scheduled)}</span>
            <span className="text-right text-muted-foreground md:text-left">
              <span className="sr-only">{deliveryName(o).kind} </span>
              {deliveryName(o).number}
            </span>
            <span className="col-span-2 text-muted-foreground md:col-span-1">
              {o.billingItems.map((b) => `${b.canHaveQuantity ? `${b.quantity} × ` : ""}${b.name}`).join(", ") ||
                "No items"}
              {o.purchaseOrderNumber ? (
                <Badge variant="outline" className="ml-2 align-middle">
                  PO {o.purchaseOrderNumber}
                </Badge>
              ) : null}
            </span>
            <span className="col-span-2 text-right font-medium tabular-nums md:col-span-1">
              <span className="text-muted-foreground md:sr-only">Total </span>
              {formatMoney(o.total)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
