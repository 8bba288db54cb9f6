import { ArrowDownRightIcon, ArrowUpRightIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { CartsAndSales } from "../api";

// The analytics' totals: a card per figure with its change against the period just before.

/** A rate as a percent: 0.25 -> "25%", small rates keep a decimal (0.042 -> "4.2%"). */
export const percent = (v: number) => `${(v * 100).toFixed(v > 0 && v < 0.1 ? 1 : 0)}%`;

function Delta({ now, before, invert }: { now: number; before: number | undefined; invert?: boolean }) {
  if (before === undefined) return null;
  if (before === 0)
    return <span className="text-muted-foreground text-xs">{now === 0 ? "no change" : "new this period"}</span>;
  const change = (now - before) / before;
  if (Math.abs(change) < 0.005) return <span className="text-muted-foreground text-xs">no change</span>;
  const up = change > 0;
  const good = invert ? !up : up;
  const Icon = up ? ArrowUpRightIcon : ArrowDownRightIcon;
  return (
    <span className={cn("inline-flex items-center gap-0.5 text-xs", good ? "text-success" : "text-destructive")}>
      <Icon aria-hidden="true" className="size-3.5" />
      {up ? "+" : "−"}
      {Math.abs(change * 100).toFixed(0)}% <span className="text-muted-foreground">vs previous period</span>
    </span>
  );
}

function Kpi({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Card className="gap-1 py-3">
      <CardContent className="grid gap-1">
        <p className="text-muted-foreground text-xs uppercase tracking-wide">{label}</p>
        <p className="font-semibold text-2xl tabular-nums">{value}</p>
        <div className="min-h-4">{children}</div>
      </CardContent>
    </Card>
  );
}

export function AnalyticsTotals({ data, previous }: { data: CartsAndSales; previous: CartsAndSales | undefined }) {
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Kpi label="Sales" value={formatMoney(data.salesCents)}>
        <Delta now={data.salesCents} before={previous?.salesCents} />
      </Kpi>
      <Kpi label="Orders" value={formatNumber(data.orderCount)}>
        <Delta now={data.orderCount} before={previous?.orderCount} />
      </Kpi>
      <Kpi label="Average order" value={formatMoney(data.averageOrderCents)}>
        <Delta now={data.averageOrderCents} before={previous?.averageOrderCents} />
      </Kpi>
      <Kpi label="Carts" value={formatNumber(data.cartCount)}>
        <Delta now={data.cartCount} before={previous?.cartCount} />
      </Kpi>
      <Kpi label="Conversion" value={percent(data.conversionRate)}>
        <span className="text-muted-foreground text-xs">
          {data.convertedCartCount} of {data.cartCount} carts ordered
        </span>
      </Kpi>
    </section>
  );
}

export function AnalyticsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4" role="status" aria-label="Loading analytics">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-72" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
