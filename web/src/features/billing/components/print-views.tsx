import { ArrowLeftIcon, PrinterIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PrintAreaStyle } from "@/components/print-style";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { useBranchBranding } from "@/lib/branding";
import { formatCalendarDate } from "@/lib/format";
import type { ResultOf } from "@/lib/graphql";
import { useOverview } from "@/lib/overview";
import { useGqlQuery } from "@/lib/query-client";
import { formatBalance, formatMoney } from "@/lib/utils";
import { InvoicePrintQuery, StatementPrintQuery } from "../api";
import { TransactionsTable } from "./transactions-table";

// Printable statement and invoice: the document alone on paper (the site header, footer and the
// buttons are hidden by PrintAreaStyle), the same document on screen with Print and Back.

type PrintCustomer = ResultOf<typeof StatementPrintQuery>["customer"];

function PrintFrame({ title, backHref, children }: { title: string; backHref: string; children: ReactNode }) {
  return (
    <div className="grid gap-4">
      <DocumentTitle title={title} />
      <PrintAreaStyle />
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <LinkButton href={backHref} variant="outline" className="max-sm:h-10" icon={ArrowLeftIcon}>
          Back to billing
        </LinkButton>
        <Button className="max-sm:h-10" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
      </div>
      <article
        data-print-area
        aria-label={title}
        className="mx-auto grid w-full max-w-3xl gap-6 rounded-lg border bg-white p-6 text-slate-900 shadow-sm sm:p-10"
      >
        {children}
      </article>
    </div>
  );
}

function DocumentHeader({
  kind,
  customer,
  facts,
}: {
  kind: string;
  customer: PrintCustomer;
  facts: [string, string][];
}) {
  const { branding } = useBranchBranding();
  const loc = customer.billingLocation;
  return (
    <header className="grid gap-6 sm:grid-cols-2">
      <div className="grid content-start gap-1">
        <p className="font-semibold text-lg">{branding?.name}</p>
        {branding?.phone ? <p className="text-slate-600 text-sm">{branding.phone}</p> : null}
        <div className="mt-4 text-sm">
          <p className="font-medium">{loc?.company || customer.name}</p>
          {loc?.attentionName ? <p>Attn: {loc.attentionName}</p> : null}
          {loc ? (
            <>
              <p>{loc.address1}</p>
              {loc.address2 ? <p>{loc.address2}</p> : null}
              <p>
                {loc.city}, {loc.state} {loc.postalCode}
              </p>
            </>
          ) : null}
        </div>
      </div>
      <div className="grid content-start gap-2 sm:justify-items-end">
        <h1 className="font-semibold text-2xl uppercase tracking-wide">{kind}</h1>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Account</dt>
          <dd className="text-right font-medium tabular-nums">{customer.accountNumber}</dd>
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-600">{k}</dt>
              <dd className="text-right font-medium tabular-nums">{v}</dd>
            </div>
          ))}
        </dl>
      </div>
    </header>
  );
}

export function StatementPrintView({
  customerId,
  statementId,
  backHref,
}: {
  customerId: string;
  statementId: string;
  backHref: string;
}) {
  const { overview } = useOverview();
  const q = useGqlQuery(StatementPrintQuery, { customerId, statementId });
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} />;
  const { customer, statement: s } = q.data;
  const charges = s.transactions.filter((t) => t.amount > 0).reduce((sum, t) => sum + t.amount, 0);
  const credits = s.transactions.filter((t) => t.amount < 0).reduce((sum, t) => sum + t.amount, 0);
  return (
    <PrintFrame title={`Statement ${formatCalendarDate(s.closeDate, "long")}`} backHref={backHref}>
      <DocumentHeader
        kind="Statement"
        customer={customer}
        facts={[
          ["Statement date", formatCalendarDate(s.closeDate, "long")],
          ["Due date", formatCalendarDate(s.dueDate, "long")],
          ["Amount due", formatMoney(Math.max(0, s.balance))],
        ]}
      />
      <dl className="grid grid-cols-2 gap-3 rounded-md bg-slate-50 p-4 text-sm sm:grid-cols-4">
        {[
          ["Previous balance", s.openingBalance],
          ["Charges", charges],
          ["Payments & credits", credits],
          ["New balance", s.balance],
        ].map(([label, amount]) => (
          <div key={label as string} className="grid gap-0.5">
            <dt className="text-slate-600 text-xs">{label}</dt>
            <dd className="font-semibold tabular-nums">
              {label === "Previous balance" || label === "New balance"
                ? formatBalance(amount as number)
                : formatMoney(amount as number)}
            </dd>
          </div>
        ))}
      </dl>
      {s.transactions.length ? (
        <TransactionsTable
          transactions={s.transactions}
          timeZone={overview?.branchTimezone}
          caption="Statement transactions"
          footer={[
            { label: "Previous balance", amount: s.openingBalance },
            { label: "New balance", amount: s.balance },
          ]}
        />
      ) : (
        <p className="text-slate-600 text-sm">No activity in this period.</p>
      )}
      {s.comment ? <p className="border-t pt-4 text-sm">{s.comment}</p> : null}
    </PrintFrame>
  );
}

export function InvoicePrintView({
  customerId,
  invoiceId,
  backHref,
}: {
  customerId: string;
  invoiceId: string;
  backHref: string;
}) {
  const { overview } = useOverview();
  const q = useGqlQuery(InvoicePrintQuery, { customerId, invoiceId });
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} />;
  const { customer, invoice: i } = q.data;
  const facts: [string, string][] = [
    ["Invoice date", formatCalendarDate(i.date, "long")],
    ["Terms", i.term],
    ["Due date", formatCalendarDate(i.dueDate, "long")],
  ];
  if (i.purchaseOrderNumber) facts.push(["PO number", i.purchaseOrderNumber]);
  return (
    <PrintFrame title={`Invoice ${i.displayId}`} backHref={backHref}>
      <DocumentHeader kind={`Invoice ${i.displayId}`} customer={customer} facts={facts} />
      <TransactionsTable
        transactions={i.transactions}
        timeZone={overview?.branchTimezone}
        caption="Invoice transactions"
        footer={[
          { label: "Invoice total", amount: i.total },
          { label: "Balance due", amount: i.balance },
        ]}
      />
      {i.comment ? <p className="border-t pt-4 text-sm">{i.comment}</p> : null}
    </PrintFrame>
  );
}
