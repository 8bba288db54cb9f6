import { BarChart3Icon } from "lucide-react";
import { useMemo } from "react";
import { type DataColumn, DataTable, type DataTableProps } from "@/components/data-list/data-table";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { cn } from "@/lib/utils";
import { DrillNumber } from "./controls";
import type { Drill } from "./params";

// A report's numbers as a table (the kit DataTable): a row per group and the total last, each number a
// button that opens the leads behind it. Headers sort the groups (the total stays last); the order is
// in the address (?sort=&dir=). Columns marked `wide` give way on a phone.

export type NumberColumn<Row> = {
  key: string;
  header: string;
  value: (r: Row) => number | null;
  /** The number as shown (default: the count). */
  text?: (r: Row) => string;
  /** The leads behind the number, or nothing (a rate, a median). */
  drill?: (r: Row) => Drill | null;
  wide?: boolean;
};

export function ReportTable<Row>({
  rows,
  first,
  columns,
  isTotal,
  empty,
  ...table
}: Pick<DataTableProps<Row, string, never>, "label" | "noun" | "rowKey" | "query"> & {
  rows: Row[] | undefined;
  /** The leading text columns (the group's name; a setter and a source). */
  first: { key: string; header: string; value: (r: Row) => string; wide?: boolean }[];
  columns: NumberColumn<Row>[];
  isTotal: (r: Row) => boolean;
  empty: { title: string; description: string };
}) {
  const sorts = ["order", ...first.map((c) => c.key), ...columns.map((c) => c.key)];
  const list = useListUrlState<string>({ sorts, defaultSort: "order" });
  const { sort, dir } = list.state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are constants of the page
  const shown = useMemo(() => {
    if (!rows) return undefined;
    const groups = rows.filter((r) => !isTotal(r));
    const total = rows.filter(isTotal);
    const text = first.find((c) => c.key === sort);
    const num = columns.find((c) => c.key === sort);
    const sign = dir === "DESC" ? -1 : 1;
    if (text) groups.sort((a, b) => sign * text.value(a).localeCompare(text.value(b)));
    else if (num) groups.sort((a, b) => sign * ((num.value(a) ?? -1) - (num.value(b) ?? -1)));
    return [...groups, ...total];
  }, [rows, sort, dir]);
  const wide = "hidden sm:table-cell";
  const tableColumns: DataColumn<Row, string>[] = [
    ...first.map((c, i) => ({
      header: c.header,
      sort: c.key,
      className: cn("min-w-28 whitespace-normal", c.wide && wide),
      cell: (r: Row) => (
        <span className={cn(isTotal(r) && "font-semibold", i > 0 && "text-muted-foreground")}>{c.value(r)}</span>
      ),
    })),
    ...columns.map((c) => ({
      header: c.header,
      sort: c.key,
      className: cn("text-right", c.wide && wide),
      cell: (r: Row) => {
        const v = c.value(r);
        const drill = c.drill?.(r);
        const text = c.text?.(r);
        if (drill && v !== null) return <DrillNumber value={v} drill={drill} text={text} />;
        return <span className="text-muted-foreground tabular-nums">{text ?? v ?? "–"}</span>;
      },
    })),
  ];
  return (
    <DataTable
      {...table}
      columns={tableColumns}
      rows={shown}
      list={list}
      total={undefined}
      pageSize={Math.max(1, shown?.length ?? 1)}
      empty={{ icon: <BarChart3Icon aria-hidden="true" />, ...empty }}
    />
  );
}
