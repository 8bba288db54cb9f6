import {
  ChevronDownIcon,
  ChevronRightIcon,
  CreditCardIcon,
  FileTextIcon,
  PrinterIcon,
  ReceiptTextIcon,
} from "lucide-react";
import { Fragment, useState } from "react";
import { Link, useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatCalendarDate as formatDate } from "@/lib/format";
import { useOverview } from "@/lib/overview";
import type { RouteParams } from "@/lib/route-table";
import { cn, formatBalance, formatMoney, ordinal } from "@/lib/utils";
import { type Billing, type BillingInvoice, type BillingStatement, useBilling } from "../api";
import { accountLine, CustomerRoute, CustomerSwitcher } from "../components/customer-route";
import { InvoicePrintView, StatementPrintView } from "../components/print-views";
import { TransactionsTable } from "../components/transactions-table";

const BASE = "/v2/billing";

/** v2/billing[/{custId}]: balance, past due, statements, invoices; ?view=all for everything, ?print=... to print. */
export default function BillingPage({ params }: { params: RouteParams }) {
  return (
    <CustomerRoute basePath={BASE} custId={params.custId}>
      {({ customer, customers }) => <BillingForCustomer key={customer.id} customer={customer} customers={customers} />}
    </CustomerRoute>
  );
}

function BillingForCustomer({
  customer,
  customers,
}: {
  customer: Parameters<typeof accountLine>[0] & { id: string };
  customers: (Parameters<typeof accountLine>[0] & { id: string })[];
}) {
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
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <DocumentTitle title="Billing" />
      <PageHeader
        title="Billing"
        description={accountLine(customer)}
        actions={
          <>
            <CustomerSwitcher customers={customers} current={customer} basePath={BASE} />
            <Button asChild variant="outline" className="self-end max-sm:h-10">
              <Link href={`/v2/payment-methods/${customer.id}`}>
                <CreditCardIcon aria-hidden="true" />
                Payment methods
              </Link>
            </Button>
            <Button asChild className="self-end max-sm:h-10">
              <Link href={`/v2/payment/${customer.id}`}>Make a payment</Link>
            </Button>
          </>
        }
      />
      <BillingBody customerId={customer.id} viewAll={viewAll} />
    </div>
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
      <Summary billing={b} customerId={customerId} />
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
        <Invoices invoices={b.invoices} customerId={customerId} viewAll={viewAll} timeZone={tz} />
      ) : null}
      <Statements statements={b.statements} customerId={customerId} viewAll={viewAll} timeZone={tz} />
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

function Summary({ billing: b, customerId }: { billing: Billing; customerId: string }) {
  const ap = b.autoPay;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Card>
        <CardHeader>
          <CardDescription>Current balance</CardDescription>
          <CardTitle className="font-semibold text-3xl tabular-nums" data-testid="balance">
            {formatBalance(b.balance)}
          </CardTitle>
        </CardHeader>
        <CardContent className="text-muted-foreground text-sm">
          {b.balance < 0
            ? "You have a credit on your account."
            : b.balance === 0
              ? "You're all paid up."
              : "Thank you for your business."}
        </CardContent>
      </Card>
      <Card className={cn(b.pastDueAmount > 0 && "border-warning/60 bg-warning/5")}>
        <CardHeader>
          <CardDescription>Past due</CardDescription>
          <CardTitle className="font-semibold text-3xl tabular-nums" data-testid="past-due">
            {formatMoney(b.pastDueAmount)}
          </CardTitle>
        </CardHeader>
        <CardContent className="text-sm">
          {b.pastDueAmount > 0 ? (
            <Link
              href={`/v2/payment/${customerId}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Pay the past due amount
            </Link>
          ) : (
            <span className="text-muted-foreground">Nothing is past due.</span>
          )}
        </CardContent>
      </Card>
      <Card className="sm:col-span-2 lg:col-span-1">
        <CardHeader>
          <CardDescription>Automatic payments</CardDescription>
          <CardTitle className="text-base" data-testid="autopay-status">
            {ap
              ? `${ap.amountIsFixed ? formatMoney(ap.fixedAmount ?? 0) : "Your balance"} on the ${ordinal(ap.dayOfMonth)}`
              : "Off"}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1 text-muted-foreground text-sm">
          {ap ? (
            <span>
              {ap.paymentMethod ? `With ${ap.paymentMethod.label}` : "The payment method was removed"}
              {!ap.amountIsFixed && ap.limit != null ? `, up to ${formatMoney(ap.limit)}` : ""}.
            </span>
          ) : (
            <span>Pay automatically each month with a saved card or bank account.</span>
          )}
          <Link
            href={`/v2/payment-methods/${customerId}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {ap ? "Change automatic payments" : "Set up automatic payments"}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

function Statements({
  statements,
  customerId,
  viewAll,
  timeZone,
}: {
  statements: BillingStatement[];
  customerId: string;
  viewAll: boolean;
  timeZone?: string;
}) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="statements-title" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="statements-title" className="font-semibold text-lg">
        {viewAll ? "All statements" : "Recent statements"}
      </h2>
      {statements.length ? (
        <Card className="py-0">
          <Table aria-label="Statements">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Statement date</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Previous balance</TableHead>
                <TableHead className="text-right">Balance</TableHead>
                <TableHead className="hidden md:table-cell">Due</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {statements.map((s) => {
                const expanded = open === s.id;
                return (
                  <Fragment key={s.id}>
                    <TableRow>
                      <TableCell>
                        <button
                          type="button"
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                          aria-expanded={expanded}
                          aria-controls={`statement-${s.id}`}
                          onClick={() => setOpen(expanded ? null : s.id)}
                        >
                          {expanded ? (
                            <ChevronDownIcon aria-hidden="true" className="size-4" />
                          ) : (
                            <ChevronRightIcon aria-hidden="true" className="size-4" />
                          )}
                          {formatDate(s.closeDate)}
                        </button>
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">
                        {formatBalance(s.openingBalance)}
                      </TableCell>
                      <TableCell className="text-right font-medium tabular-nums">{formatBalance(s.balance)}</TableCell>
                      <TableCell className="hidden text-muted-foreground md:table-cell">
                        {formatDate(s.dueDate)}
                      </TableCell>
                      <TableCell className="text-right">
                        <Button asChild variant="ghost" size="sm" className="max-sm:h-10 max-sm:px-3.5 max-sm:text-sm">
                          <Link
                            href={`${BASE}/${customerId}?print=statement&id=${s.id}`}
                            aria-label={`Print statement of ${formatDate(s.closeDate)}`}
                          >
                            <PrinterIcon aria-hidden="true" />
                            <span className="hidden sm:inline">Print</span>
                          </Link>
                        </Button>
                      </TableCell>
                    </TableRow>
                    {expanded ? (
                      <TableRow id={`statement-${s.id}`} className="bg-muted/30 hover:bg-muted/30">
                        <TableCell colSpan={5} className="p-0">
                          <div className="grid gap-2 px-3 py-3">
                            {s.transactions.length ? (
                              <TransactionsTable
                                transactions={s.transactions}
                                timeZone={timeZone}
                                caption={`Statement of ${formatDate(s.closeDate)}`}
                              />
                            ) : (
                              <p className="text-muted-foreground text-sm">No activity in this period.</p>
                            )}
                            {s.comment ? <p className="text-muted-foreground text-sm">{s.comment}</p> : null}
                          </div>
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </Card>
      ) : (
        <EmptyState
          icon={<FileTextIcon aria-hidden="true" />}
          title="No statements yet"
          description="Your statements appear here after each monthly close."
          className="bg-card"
        />
      )}
    </section>
  );
}

function Invoices({
  invoices,
  customerId,
  viewAll,
}: {
  invoices: BillingInvoice[];
  customerId: string;
  viewAll: boolean;
  timeZone?: string;
}) {
  return (
    <section aria-labelledby="invoices-title" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="invoices-title" className="font-semibold text-lg">
        {viewAll ? "All invoices" : "Open invoices"}
      </h2>
      {invoices.length ? (
        <Card className="py-0">
          <Table aria-label="Invoices">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Invoice</TableHead>
                <TableHead>Date</TableHead>
                <TableHead className="hidden md:table-cell">Terms</TableHead>
                <TableHead className="hidden lg:table-cell">PO number</TableHead>
                <TableHead className="hidden sm:table-cell text-right">Total</TableHead>
                <TableHead className="text-right">Balance</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invoices.map((i) => (
                <TableRow key={i.id}>
                  <TableCell className="font-medium">{i.displayId}</TableCell>
                  <TableCell className="text-muted-foreground">{formatDate(i.date)}</TableCell>
                  <TableCell className="hidden text-muted-foreground md:table-cell">{i.term}</TableCell>
                  <TableCell className="hidden text-muted-foreground lg:table-cell">
                    {i.purchaseOrderNumber || "—"}
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatMoney(i.total)}</TableCell>
                  <TableCell className="text-right font-medium tabular-nums">{formatMoney(i.balance)}</TableCell>
                  <TableCell>
                    {i.balance <= 0 ? (
                      <Badge variant="secondary">Paid</Badge>
                    ) : i.isPastDue ? (
                      <Badge variant="warning">Past due</Badge>
                    ) : (
                      <Badge variant="outline">Due {formatDate(i.dueDate)}</Badge>
                    )}
                  </TableCell>
                  <TableCell className="text-right">
                    <div className="flex justify-end gap-1">
                      {i.balance > 0 ? (
                        <Button
                          asChild
                          variant="outline"
                          size="sm"
                          className="max-sm:h-10 max-sm:px-3.5 max-sm:text-sm"
                        >
                          <Link
                            href={`/v2/payment/${customerId}?invoice=${i.id}`}
                            aria-label={`Pay invoice ${i.displayId}`}
                          >
                            Pay
                          </Link>
                        </Button>
                      ) : null}
                      <Button asChild variant="ghost" size="sm" className="max-sm:h-10 max-sm:px-3.5 max-sm:text-sm">
                        <Link
                          href={`${BASE}/${customerId}?print=invoice&id=${i.id}`}
                          aria-label={`Print invoice ${i.displayId}`}
                        >
                          <PrinterIcon aria-hidden="true" />
                          <span className="hidden sm:inline">Print</span>
                        </Link>
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      ) : (
        <EmptyState
          icon={<ReceiptTextIcon aria-hidden="true" />}
          title={viewAll ? "No invoices yet" : "No open invoices"}
          description={viewAll ? "Your invoices appear here." : "Every invoice is paid. Thank you!"}
          className="bg-card"
        />
      )}
    </section>
  );
}

function BillingSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
      <Skeleton className="h-6 w-64" />
      <Skeleton className="h-40" />
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-56" />
    </div>
  );
}
