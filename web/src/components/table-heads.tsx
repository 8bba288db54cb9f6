import { TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** One column's head: its words, its class (alignment, width), and whether only screen readers read it. */
export type ColumnHead = { label: string; className?: string; srOnly?: boolean };

/** The head of a column of numbers: right-aligned, as its cells are. */
export const numeric = (label: string): ColumnHead => ({ label, className: "text-right" });

/**
 * A table's head row from its columns, in order: a string is a plain head, `false` a column not shown
 * (one the reader may not use). `rowClassName` styles the row (e.g. no hover colour).
 */
export function TableHeads({
  columns,
  className,
  rowClassName,
}: {
  columns: readonly (string | ColumnHead | false)[];
  className?: string;
  rowClassName?: string;
}) {
  return (
    <TableHeader className={className}>
      <TableRow className={rowClassName}>
        {columns.map((column) => {
          if (column === false) return null;
          const { label, className: headClassName, srOnly } = typeof column === "string" ? { label: column } : column;
          return (
            <TableHead key={label} className={headClassName}>
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </TableHead>
          );
        })}
      </TableRow>
    </TableHeader>
  );
}
