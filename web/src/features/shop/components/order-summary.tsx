import { Skeleton } from "@/components/ui/skeleton";
import { cn, formatMoney } from "@/lib/utils";

export type Totals = { products: number; tax: number; shipping: number; shippingTax: number; total: number };

/** Products, tax, shipping (and its tax), total: the same block on checkout, success and order pages. */
export function TotalsList({ totals, className }: { totals: Totals | null; className?: string }) {
  const row = (label: string, value: number | null, testId?: string) => (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value === null ? <Skeleton className="h-4 w-16" /> : formatMoney(value)}
      </dd>
    </div>
  );
  return (
    <dl className={cn("grid gap-2 text-sm", className)}>
      {row("Products", totals?.products ?? null, "cost-products")}
      {row("Sales tax", totals?.tax ?? null, "cost-tax")}
      {row("Shipping", totals?.shipping ?? null, "cost-shipping")}
      {totals && totals.shippingTax > 0 ? row("Tax on shipping", totals.shippingTax, "cost-shipping-tax") : null}
      <div className="flex justify-between gap-4 border-t pt-2 font-semibold text-base">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="cost-total">
          {totals ? formatMoney(totals.total) : <Skeleton className="h-5 w-20" />}
        </dd>
      </div>
    </dl>
  );
}
