import { type BarRow, type BarSeries, StackedBarChart } from "@/components/stacked-bar-chart";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

// A results page's chart: bars per group, split into the series (a module of its own, loaded lazily
// with the page). The page shows the same numbers in its table, each one opening its leads.

export type { BarRow, BarSeries };

export default function ResultsChart({
  title,
  rows,
  series,
  maxRows = 12,
}: {
  title: string;
  rows: BarRow[];
  series: BarSeries[];
  maxRows?: number;
}) {
  if (!rows.length) return null;
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <StackedBarChart label={title} series={series} rows={rows} maxRows={maxRows} />
      </CardContent>
    </Card>
  );
}
