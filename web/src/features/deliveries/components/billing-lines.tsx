import { cn, formatMoney } from "@/lib/utils";
import type { DeliveryWorkOrder } from "../api";

const pieceStyle = {
  IMPORTANT: "font-medium text-destructive",
  SUBTLE: "text-muted-foreground",
  NORMAL: "text-foreground/80",
  HEADER: "font-semibold",
} as const;

/** The lines of a work order: name, description pieces (styled), amount. */
export function BillingLines({ items }: { items: DeliveryWorkOrder["billingItems"] }) {
  return (
    <ul className="grid gap-2">
      {items.map((item) => (
        <li key={item.id} className="flex items-start justify-between gap-3 text-sm">
          <div className="grid min-w-0 gap-0.5">
            <span className="font-medium">
              {item.canHaveQuantity && item.quantity !== 1 ? `${item.quantity} × ` : ""}
              {item.name}
            </span>
            {item.description.length ? (
              <span className="flex flex-wrap gap-x-2 text-xs">
                {item.description.map((piece, i) => (
                  <span key={`${piece.text}-${i}`} className={cn(pieceStyle[piece.style])}>
                    {piece.text}
                  </span>
                ))}
              </span>
            ) : null}
          </div>
          <span className="shrink-0 tabular-nums">{formatMoney(item.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, tax and total of an order (cents). */
export function MoneyTotals({
  subtotal,
  tax,
  total,
  taxLabel = "Tax",
  className,
}: {
  subtotal: number;
  tax: number;
  total: number;
  taxLabel?: string;
  className?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm", className)}>
      <dt className="text-muted-foreground">Subtotal</dt>
      <dd className="text-right tabular-nums">{formatMoney(subtotal)}</dd>
      <dt className="text-muted-foreground">{taxLabel}</dt>
      <dd className="text-right tabular-nums">{formatMoney(tax)}</dd>
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold tabular-nums">{formatMoney(total)}</dd>
    </dl>
  );
}
