import { type BarSeries, StackedBarChart } from "@/components/stacked-bar-chart";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { SummaryGroup, SummaryRow } from "../api";
import { rowLabel } from "../breakdown-csv";

// The breakdown as bars: one per step, person or status, split into open, resolved and cancelled.

const SERIES: BarSeries[] = [
  { key: "active", label: "Open", className: "fill-info" },
  { key: "resolved", label: "Resolved", className: "fill-success" },
  { key: "cancelled", label: "Cancelled", className: "fill-muted-foreground/50" },
];
const nouns: Record<SummaryGroup, string> = { STEP: "step", PERSON: "person", STATUS: "status" };

export function BreakdownChart({ rows, groupBy }: { rows: SummaryRow[]; groupBy: SummaryGroup }) {
  if (!rows.length) return null;
  const title = `Activities by ${nouns[groupBy]}`;
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <StackedBarChart
          label={title}
          series={SERIES}
          rows={rows.map((r) => ({
            key: r.key,
            label: groupBy === "STEP" ? r.label.slice(r.label.indexOf(": ") + 2) || r.label : rowLabel(r, groupBy),
            values: { active: r.active, resolved: r.resolved, cancelled: r.cancelled },
          }))}
        />
      </CardContent>
    </Card>
  );
}
