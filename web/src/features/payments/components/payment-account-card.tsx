import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Billing } from "@/features/billing/api";
import { formatBalance, formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Beside the payment form: the balance (updated after a payment), what is past due, the open invoices. */
export function PaymentAccountCard({
  billing,
  openInvoices,
  success,
}: {
  billing: Billing;
  openInvoices: number;
  success: boolean;
}) {
  return (
    <Card className={cn("lg:sticky lg:top-4", success && "border-success/50")}>
      <CardHeader>
        <CardTitle asChild>
          <h2>Your account</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Balance</dt>
            <dd className="font-semibold tabular-nums" data-testid="payment-balance">
              {formatBalance(billing.balance)}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Past due</dt>
            <dd className={cn("tabular-nums", billing.pastDueAmount > 0 && "font-semibold text-warning")}>
              {formatMoney(billing.pastDueAmount)}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Open invoices</dt>
            <dd className="tabular-nums">{openInvoices}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
