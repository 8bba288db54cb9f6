import { PrinterIcon, ReceiptTextIcon } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { formatCalendarDate as formatDate, formatMoney } from "@/lib/format";
import type { BillingInvoice } from "../api";
import { BillingTableSection } from "./billing-table-section";

// Invoices (invoice accounts): open ones, or all with ?view=all; each can be paid or printed.

/** Open (or all) invoices; `basePath` is the billing page of the customer (print links). */
export function InvoicesSection({
  invoices,
  customerId,
  basePath,
  viewAll,
}: {
  invoices: BillingInvoice[];
  customerId: string;
  basePath: string;
  viewAll: boolean;
}) {
  return (
    <BillingTableSection
      id="invoices-title"
      title={viewAll ? "All invoices" : "Open invoices"}
      label="Invoices"
      count={invoices.length}
      head={
        <>
          <TableHead>Invoice</TableHead>
          <TableHead>Date</TableHead>
          <TableHead className="hidden md:table-cell">Terms</TableHead>
          <TableHead className="hidden lg:table-cell">PO number</TableHead>
          <TableHead className="hidden sm:table-cell text-right">Total</TableHead>
          <TableHead className="text-right">Balance</TableHead>
          <TableHead>Status</TableHead>
        </>
      }
      empty={{
        icon: <ReceiptTextIcon aria-hidden="true" />,
        title: viewAll ? "No invoices yet" : "No open invoices",
        description: viewAll ? "Your invoices appear here." : "Every invoice is paid. Thank you!",
      }}
    >
      {invoices.map((i) => (
        <TableRow key={i.id}>
          <TableCell className="font-medium">{i.displayId}</TableCell>
          <TableCell className="text-muted-foreground">{formatDate(i.date)}</TableCell>
          <TableCell className="hidden text-muted-foreground md:table-cell">{i.term}</TableCell>
          <TableCell className="hidden text-muted-foreground lg:table-cell">{i.purchaseOrderNumber || "—"}</TableCell>
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
                <LinkButton
                  href={`/v2/payment/${customerId}?invoice=${i.id}`}
                  aria-label={`Pay invoice ${i.displayId}`}
                  variant="outline"
                  size="sm"
                  className="max-sm:h-10 max-sm:px-3.5 max-sm:text-sm"
                >
                  Pay
                </LinkButton>
              ) : null}
              <Button asChild variant="ghost" size="sm" className="max-sm:h-10 max-sm:px-3.5 max-sm:text-sm">
                <Link href={`${basePath}?print=invoice&id=${i.id}`} aria-label={`Print invoice ${i.displayId}`}>
                  <PrinterIcon aria-hidden="true" />
                  <span className="hidden sm:inline">Print</span>
                </Link>
              </Button>
            </div>
          </TableCell>
        </TableRow>
      ))}
    </BillingTableSection>
  );
}
