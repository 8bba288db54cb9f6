import { BarChart3Icon } from "lucide-react";
import { ListCard } from "@/components/data-list/list-card";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatNumber, formatPercent } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { SummaryGroup, SummaryRow } from "../api";
import { groupHeaders, rowLabel } from "../breakdown-csv";

// The activity counts of a period, one row per step, person or status, with a totals row.

const num = "text-right tabular-nums";
/** Columns that give way on a phone. */
const wide = "hidden sm:table-cell";

/** A step's label "Project: Step" as the step over its project. */
function StepLabel({ label }: { label: string }) {
  const at = label.indexOf(": ");
  if (at < 0) return label;
  return (
    <span className="grid">
      <span>{label.slice(at + 2)}</span>
      <span className="text-muted-foreground text-xs">{label.slice(0, at)}</span>
    </span>
  );
}

export function BreakdownTable({
  rows,
  groupBy,
  query,
}: {
  rows: SummaryRow[] | undefined;
  groupBy: SummaryGroup;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
}) {
  const total = (rows ?? []).reduce(
    (t, r) => ({
      active: t.active + r.active,
      resolved: t.resolved + r.resolved,
      cancelled: t.cancelled + r.cancelled,
      total: t.total + r.total,
    }),
    { active: 0, resolved: 0, cancelled: 0, total: 0 },
  );
  const figures = (r: typeof total) => (
    <>
      <TableCell className={num}>{formatNumber(r.active)}</TableCell>
      <TableCell className={num}>{formatNumber(r.resolved)}</TableCell>
      <TableCell className={cn(num, wide)}>{formatNumber(r.cancelled)}</TableCell>
      <TableCell className={cn(num, "font-medium")}>{formatNumber(r.total)}</TableCell>
      <TableCell className={cn(num, wide, "text-muted-foreground")}>{formatPercent(r.resolved, r.total)}</TableCell>
    </>
  );
  return (
    <ListCard
      loading={query.isPending}
      loadingLabel="Loading the breakdown"
      error={query.isError ? query.error : null}
      onRetry={() => query.refetch()}
      empty={
        rows && rows.length === 0
          ? {
              icon: <BarChart3Icon aria-hidden="true" />,
              title: "No activities in this period",
              description: "Nothing was scheduled between these days. Choose a longer or earlier period.",
            }
          : null
      }
    >
      <Table aria-label="Activity breakdown">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{groupHeaders[groupBy]}</TableHead>
            <TableHead className={num}>Open</TableHead>
            <TableHead className={num}>Resolved</TableHead>
            <TableHead className={cn(num, wide)}>Cancelled</TableHead>
            <TableHead className={num}>Total</TableHead>
            <TableHead className={cn(num, wide)}>Resolved %</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(rows ?? []).map((r) => (
            <TableRow key={r.key || "none"}>
              <TableCell className={cn("min-w-36 whitespace-normal", !r.key && "text-muted-foreground")}>
                {groupBy === "STEP" ? <StepLabel label={r.label} /> : rowLabel(r, groupBy)}
              </TableCell>
              {figures(r)}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow className="hover:bg-transparent">
            <TableCell className="font-semibold">Total</TableCell>
            {figures(total)}
          </TableRow>
        </TableFooter>
      </Table>
    </ListCard>
  );
}
