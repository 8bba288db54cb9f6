import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";
import { formatLongDate } from "../format";
import { MoneyTotals } from "./billing-lines";
import type { FixedLine, PricedRow } from "./delivery-lines";

type Totals = { subtotal: number; tax: number; total: number };

/** The chosen lines ("2 × Spring water 5 gal") and the office's own lines, each with its amount. */
export function ChosenLines({
  chosen,
  fixedLines,
  className,
}: {
  chosen: PricedRow[];
  fixedLines: FixedLine[];
  className?: string;
}) {
  return (
    <ul className={cn("grid text-sm", className)}>
      {chosen.map((p) => (
        <li key={p.row.catalogItemId} className="flex justify-between gap-3">
          <span className="min-w-0">
            {p.row.canHaveQuantity ? `${p.quantity} × ` : ""}
            {p.row.name}
          </span>
          <span className="tabular-nums">{formatMoney(p.amount)}</span>
        </li>
      ))}
      {fixedLines.map((l) => (
        <li key={l.id} className="flex justify-between gap-3 text-muted-foreground">
          <span className="min-w-0">{l.name}</span>
          <span className="tabular-nums">{formatMoney(l.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The order summary beside the form (below it on a phone): date, lines, totals and the review button. */
export function DeliverySummary({
  scheduled,
  chosen,
  fixedLines,
  totals,
  taxLabel,
  isEdit,
  pending,
}: {
  scheduled: string;
  chosen: PricedRow[];
  fixedLines: FixedLine[];
  totals: Totals;
  taxLabel: string;
  isEdit: boolean;
  pending: boolean;
}) {
  return (
    <aside aria-labelledby="summary-title" className="lg:sticky lg:top-4">
      <Card className="gap-3">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="summary-title">Order summary</h2>
          </CardTitle>
          <p className="text-sm">
            {scheduled ? (
              <span className="font-medium">{formatLongDate(scheduled)}</span>
            ) : (
              <span className="text-muted-foreground">No date chosen yet</span>
            )}
          </p>
        </CardHeader>
        <CardContent className="grid gap-3">
          {chosen.length || fixedLines.length ? (
            <ChosenLines chosen={chosen} fixedLines={fixedLines} className="gap-1.5" />
          ) : (
            <p className="text-muted-foreground text-sm">No items chosen yet.</p>
          )}
          <Separator />
          <MoneyTotals subtotal={totals.subtotal} tax={totals.tax} total={totals.total} taxLabel={taxLabel} />
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
            {isEdit ? "Review changes" : "Review delivery"}
          </Button>
          <p className="text-center text-muted-foreground text-xs">Charged to your account when delivered.</p>
        </CardContent>
      </Card>
    </aside>
  );
}
