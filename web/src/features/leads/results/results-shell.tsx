import type { ComponentProps, ReactNode } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { PageHeader } from "@/components/ui/page-header";
import { formatCalendarDate } from "@/lib/format";
import type { ResultGroup, ResultPeriod } from "./api";
import { ChartSlot, ExportButton, ResultControls, ResultsChart, TooLong } from "./controls";
import { downloadReport } from "./csv";
import { DrillDialog } from "./drill";
import { GROUPS, type useResultGroup, type useResultPeriod } from "./params";
import { type NumberColumn, ReportTable } from "./table";

// The shape every results page shares: its title, a description naming the period, the period (and
// group) controls, Export CSV (the table's columns as shown), the notice of a period too long, the
// chart when it has something to show, the table, and the dialog with the leads behind a number. A
// page brings its query, its columns and its chart; nothing else.

type Period = ReturnType<typeof useResultPeriod>;
type Group = ReturnType<typeof useResultGroup>;
type ChartProps = ComponentProps<typeof ResultsChart>;
type TableProps<Row> = ComponentProps<typeof ReportTable<Row>>;

export function ResultsPage<Row>({
  title,
  description,
  csvName,
  period,
  group,
  controls,
  data,
  chart,
  table,
  empty = { title: "No leads in this period", description: "Choose a longer or earlier period." },
  children,
}: {
  title: string;
  /** The description, given the period as words ("Nov 1, 2026 – Nov 30, 2026"). */
  description: (dates: string) => string;
  /** The CSV file's name before its period. */
  csvName: string;
  period: Period;
  group?: Group;
  /** More controls after the period and group. */
  controls?: ReactNode;
  /** The report's rows as the query answers them (none while the period is too long). */
  data: Row[] | undefined;
  /** The chart for these rows, or nothing. */
  chart: (rows: Row[]) => ChartProps | null;
  table: Omit<TableProps<Row>, "rows" | "empty" | "label"> & { label?: string };
  empty?: TableProps<Row>["empty"];
  /** What follows the table (the milestones). */
  children?: ReactNode;
}) {
  const { from, to } = period;
  const rows = period.tooLong ? [] : data;
  const shownChart = rows?.length ? chart(rows) : null;
  const exportCsv = () =>
    rows &&
    downloadReport(
      csvName,
      from,
      to,
      [
        ...table.first.map((c) => ({ header: c.header, value: c.value })),
        ...table.columns.map((c) => ({ header: c.header, value: (r: Row) => (c.text ? c.text(r) : c.value(r)) })),
      ],
      rows,
    );
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={title} />
      <PageHeader
        title={title}
        description={description(`${formatCalendarDate(from)} – ${formatCalendarDate(to)}`)}
        actions={<ExportButton disabled={!rows?.length} onClick={exportCsv} />}
      >
        <ResultControls period={period} group={group}>
          {controls}
        </ResultControls>
      </PageHeader>
      {period.tooLong ? <TooLong /> : null}
      {shownChart ? (
        <ChartSlot>
          <ResultsChart {...shownChart} />
        </ChartSlot>
      ) : null}
      <ReportTable label={title} {...table} rows={rows} empty={empty} />
      {children}
      <DrillDialog from={from} to={to} />
    </div>
  );
}

type GroupRow = { key: string; label: string; isTotal: boolean; leads: number };

/** The group's name and its noun ("source"), for a page grouped by ?by=. */
export const groupInfo = (group: Group) => GROUPS.find((g) => g.value === group.groupBy)!;

/** A grouped report's table: a row per group (its name first), the total last. */
export function groupedTable<Row extends GroupRow>(group: Group, columns: NumberColumn<Row>[]) {
  const info = groupInfo(group);
  return {
    noun: `${info.noun} rows`,
    rowKey: (r: Row) => (r.isTotal ? "total" : r.key || "none"),
    first: [{ key: "label", header: info.label, value: (r: Row) => r.label }],
    columns,
    isTotal: (r: Row) => r.isTotal,
  };
}

/** A grouped report's chart: a bar per group (not the total), split into the series; none without leads. */
export function groupedChart<Row extends GroupRow>(
  group: Group,
  title: string,
  series: ChartProps["series"],
  values: (r: Row) => Record<string, number>,
) {
  return (rows: Row[]): ChartProps | null =>
    rows[rows.length - 1]!.leads
      ? {
          title,
          series,
          maxRows: group.groupBy === "PERIOD" ? 400 : 12,
          rows: rows
            .filter((r) => !r.isTotal)
            .map((r) => ({ key: r.key || "none", label: r.label, values: values(r) })),
        }
      : null;
}

/** The drill of a grouped report's number: its group's leads, or all of them on the total row. */
export const groupDrill =
  <Row extends GroupRow>(group: { groupBy: ResultGroup; period: ResultPeriod }, words: string) =>
  (r: Row) => ({
    ...(r.isTotal ? {} : { groupBy: group.groupBy, period: group.period, key: r.key }),
    title: `${words}: ${r.isTotal ? "all leads" : r.label}`,
  });
