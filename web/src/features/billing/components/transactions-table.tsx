import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatInstantDate } from "@/lib/format";
import { cn, formatMoney } from "@/lib/utils";
import type { BillingTransaction } from "../api";

/**
 * Lines of an account: date, description (with the masked account of payments), amount. Always in
 * the order they happened, oldest first (statements, invoices and recent activity alike).
 */
export function TransactionsTable({
  transactions,
  timeZone,
  caption,
  footer,
  className,
}: {
  transactions: BillingTransaction[];
  timeZone?: string;
  caption?: string;
  footer?: { label: string; amount: number }[];
  className?: string;
}) {
  const lines = [...transactions].sort((a, b) => Date.parse(a.datePosted) - Date.parse(b.datePosted));
  return (
    <Table className={className} aria-label={caption}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-24 sm:w-32">Date</TableHead>
          <TableHead>Description</TableHead>
          <TableHead className="hidden w-16 text-right sm:table-cell">Qty</TableHead>
          <TableHead className="w-32 text-right">Amount</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((t) => (
          <TableRow key={t.id}>
            <TableCell className="text-muted-foreground tabular-nums">
              {formatInstantDate(t.datePosted, timeZone)}
            </TableCell>
            <TableCell className="whitespace-normal">
              <span>{t.description}</span>
              {t.comment ? <span className="block text-muted-foreground text-xs">{t.comment}</span> : null}
            </TableCell>
            <TableCell className="hidden text-right text-muted-foreground tabular-nums sm:table-cell">
              {t.kind === "CHARGE" && t.quantity !== 1 ? t.quantity : ""}
            </TableCell>
            <TableCell className={cn("text-right tabular-nums", t.amount < 0 && "text-success")}>
              {formatMoney(t.amount)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      {footer?.length ? (
        <TableFooter>
          {footer.map((f) => (
            <TableRow key={f.label} className="hover:bg-transparent">
              <TableCell colSpan={2} className="text-right">
                {f.label}
              </TableCell>
              <TableCell className="hidden sm:table-cell" />
              <TableCell className="text-right tabular-nums">{formatMoney(f.amount)}</TableCell>
            </TableRow>
          ))}
        </TableFooter>
      ) : null}
    </Table>
  );
}
