import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/**
 * A billing page's section of one table (statements, invoices): its heading, then the table in a card
 * with the given header cells and an unlabelled Actions column last, or the empty state when it has no rows.
 */
export function BillingTableSection({
  id,
  title,
  label,
  count,
  head,
  empty,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The table's accessible name. */
  label: string;
  count: number;
  /** The header cells before Actions. */
  head: ReactNode;
  empty: { icon: ReactNode; title: string; description: string };
  /** The table's rows. */
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {count ? (
        <Card className="py-0">
          <Table aria-label={label}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {head}
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>{children}</TableBody>
          </Table>
        </Card>
      ) : (
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description} className="bg-card" />
      )}
    </section>
  );
}
