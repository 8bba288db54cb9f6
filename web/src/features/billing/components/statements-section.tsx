import { ChevronDownIcon, ChevronRightIcon, FileTextIcon, PrinterIcon } from "lucide-react";
import { Fragment, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { formatBalance, formatCalendarDate as formatDate } from "@/lib/format";
import type { BillingStatement } from "../api";
import { BillingTableSection } from "./billing-table-section";
import { TransactionsTable } from "./transactions-table";

// Statements: one row each, opened in place to show its transactions, with a print link.

/** Recent (or all) statements; `basePath` is the billing page of the customer (print links). */
export function StatementsSection({
  statements,
  basePath,
  viewAll,
  timeZone,
}: {
  statements: BillingStatement[];
  basePath: string;
  viewAll: boolean;
  timeZone?: string;
}) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <BillingTableSection
      id="statements-title"
      title={viewAll ? "All statements" : "Recent statements"}
      label="Statements"
      count={statements.length}
      head={
        <>
          <TableHead>Statement date</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Previous balance</TableHead>
          <TableHead className="text-right">Balance</TableHead>
          <TableHead className="hidden md:table-cell">Due</TableHead>
        </>
      }
      empty={{
        icon: <FileTextIcon aria-hidden="true" />,
        title: "No statements yet",
        description: "Your statements appear here after each monthly close.",
      }}
    >
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
              <TableCell className="hidden text-muted-foreground md:table-cell">{formatDate(s.dueDate)}</TableCell>
              <TableCell className="text-right">
                <Button asChild variant="ghost" size="sm" className="max-sm:h-10 max-sm:px-3.5 max-sm:text-sm">
                  <Link
                    href={`${basePath}?print=statement&id=${s.id}`}
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
    </BillingTableSection>
  );
}
