import { CreditCardIcon } from "lucide-react";
import { Link, useSearch } from "wouter";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/link-button";
import { useOverview } from "@/lib/overview";
import { useBilling } from "../api";
import { BillingSkeleton, BillingSummary } from "../components/billing-summary";
import { CustomerPageLayout, type CustomerPageProps, customerPage } from "../components/customer-route";
import { InvoicesSection } from "../components/invoices-section";
import { InvoicePrintView, StatementPrintView } from "../components/print-views";
import { StatementsSection } from "../components/statements-section";
import { TransactionsTable } from "../components/transactions-table";

const BASE = "/v2/billing";

/** v2/billing[/{custId}]: balance, past due, statements, invoices; ?view=all for everything, ?print=... to print. */
export default customerPage(BASE, BillingForCustomer);

function BillingForCustomer(props: CustomerPageProps) {
  const { customer } = props;
  const search = new URLSearchParams(useSearch());
  const viewAll = search.get("view") === "all";
  const print = search.get("print");
  const printId = search.get("id");
  const here = `${BASE}/${customer.id}${viewAll ? "?view=all" : ""}`;

  if (print === "statement" && printId)
    return <StatementPrintView customerId={customer.id} statementId={printId} backHref={here} />;
  if (print === "invoice" && printId)
    return <InvoicePrintView customerId={customer.id} invoiceId={printId} backHref={here} />;

  return (
    <CustomerPageLayout
      {...props}
      title="Billing"
      basePath={BASE}
      actions={
        <>
          <LinkButton
            href={`/v2/payment-methods/${customer.id}`}
            variant="outline"
            className="self-end max-sm:h-10"
            icon={CreditCardIcon}
          >
            Payment methods
          </LinkButton>
          <LinkButton href={`/v2/payment/${customer.id}`} className="self-end max-sm:h-10">
            Make a payment
          </LinkButton>
        </>
      }
    >
      <BillingBody customerId={customer.id} viewAll={viewAll} />
    </CustomerPageLayout>
  );
}

function BillingBody({ customerId, viewAll }: { customerId: string; viewAll: boolean }) {
  const q = useBilling(customerId, viewAll);
  const { overview } = useOverview();
  const tz = overview?.branchTimezone;
  if (q.isPending) return <BillingSkeleton />;
  if (q.isError)
    return <QueryError error={q.error} title="We couldn't load your billing" onRetry={() => q.refetch()} />;
  const b = q.data.billing;
  const base = `${BASE}/${customerId}`;
  return (
    <>
      <BillingSummary billing={b} customerId={customerId} />
      <section aria-labelledby="activity-title" className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <h2 id="activity-title" className="font-semibold text-lg">
          Activity since your last statement
        </h2>
        {b.recentTransactions.length ? (
          <Card className="py-0">
            <TransactionsTable transactions={b.recentTransactions} timeZone={tz} caption="Recent activity" />
          </Card>
        ) : (
          <p className="text-muted-foreground text-sm">No activity since your last statement.</p>
        )}
      </section>
      {b.isInvoiceAccount || b.invoices.length ? (
        <InvoicesSection invoices={b.invoices} customerId={customerId} basePath={base} viewAll={viewAll} />
      ) : null}
      <StatementsSection statements={b.statements} basePath={base} viewAll={viewAll} timeZone={tz} />
      <div className="flex justify-center">
        <Button asChild variant="outline">
          <Link href={viewAll ? base : `${base}?view=all`}>
            {viewAll ? "Show recent statements and open invoices only" : "View all statements and invoices"}
          </Link>
        </Button>
      </div>
    </>
  );
}
