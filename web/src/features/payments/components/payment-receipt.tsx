import { CircleCheckIcon, PrinterIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { PrintAreaStyle } from "@/components/print-style";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { useBranchBranding } from "@/lib/branding";
import { formatInstantDate } from "@/lib/format";
import { useOverview } from "@/lib/overview";
import { formatBalance, formatMoney } from "@/lib/utils";

export type Receipt = {
  message: string;
  amount: number;
  method: string;
  reference: string;
  paidAt: string;
  balance: number;
};

/**
 * What an approved payment leaves the customer: amount, method, the processor's reference, the date
 * and the new balance, with Print. The payment form is gone until "Make another payment", so a second
 * payment is a deliberate act.
 */
export function PaymentReceipt({
  receipt,
  customerId,
  onAnother,
}: {
  receipt: Receipt;
  customerId: string;
  onAnother: () => void;
}) {
  const { overview } = useOverview();
  const { branding } = useBranchBranding();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const rows: [string, string, string?][] = [
    ["Amount paid", formatMoney(receipt.amount)],
    ["Paid with", receipt.method],
    ["Reference", receipt.reference, "receipt-reference"],
    ["Date", formatInstantDate(receipt.paidAt, overview?.branchTimezone)],
    ["New balance", formatBalance(receipt.balance), "receipt-balance"],
  ];
  return (
    <section
      data-print-area
      aria-labelledby="receipt-heading"
      className="grid gap-4 rounded-lg border border-success/50 bg-card p-4 shadow-xs sm:p-6"
    >
      <PrintAreaStyle />
      <div className="flex items-start gap-3">
        <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success" />
        <div className="grid gap-1">
          <h2 id="receipt-heading" ref={heading} tabIndex={-1} className="font-semibold text-lg outline-none">
            Payment receipt
          </h2>
          <p className="text-muted-foreground text-sm" role="status">
            Thank you! {receipt.message}
          </p>
          {branding?.name ? <p className="hidden text-sm print:block">{branding.name}</p> : null}
        </div>
      </div>
      <dl className="grid gap-2 text-sm sm:max-w-md">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="flex justify-between gap-4 border-b pb-2 last:border-b-0">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-all text-right font-medium tabular-nums" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button className="max-sm:h-10" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
        <Button variant="outline" className="max-sm:h-10" onClick={onAnother}>
          Make another payment
        </Button>
        <LinkButton href={`/v2/billing/${customerId}`} variant="ghost" className="max-sm:h-10">
          Back to billing
        </LinkButton>
      </div>
    </section>
  );
}
