import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney, formatNumber } from "@/lib/format";
import type { CartsAndSales } from "../api";
import { percent } from "./analytics-totals";
import { BarChart, HorizontalBars, LineChart } from "./charts";

// The analytics' charts: sales per day, carts and orders per day, and what became of the carts.

/** An axis label: "$1.2k", "$45". */
const compactMoney = (cents: number) =>
  cents >= 100_000_00
    ? `$${Math.round(cents / 100_000)}k`
    : cents >= 1_000_00
      ? `$${(cents / 100_000).toFixed(1)}k`
      : formatMoney(cents).replace(/\.00$/, "");

export function AnalyticsCharts({ data, labels }: { data: CartsAndSales; labels: string[] }) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Sales per day</h2>
          </CardTitle>
          <CardDescription>Order totals including tax and shipping; cancelled orders left out.</CardDescription>
        </CardHeader>
        <CardContent>
          <BarChart
            label={`Sales per day, ${formatMoney(data.salesCents)} in total`}
            data={data.days.map((d, i) => ({ label: labels[i] ?? d.date, value: d.salesCents }))}
            format={compactMoney}
          />
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Carts and orders per day</h2>
            </CardTitle>
            <CardDescription>Carts started each day, and how many of them became orders.</CardDescription>
          </CardHeader>
          <CardContent>
            <LineChart
              label={`Carts and orders per day: ${data.cartCount} carts, ${data.convertedCartCount} ordered`}
              labels={labels}
              series={[
                {
                  name: "Carts started",
                  values: data.days.map((d) => d.cartCount),
                  className: "stroke-amber-500",
                  dotClassName: "fill-amber-500",
                  swatchClassName: "bg-amber-500",
                },
                {
                  name: "Carts ordered",
                  values: data.days.map((d) => d.convertedCartCount),
                  className: "stroke-primary",
                  dotClassName: "fill-primary",
                  swatchClassName: "bg-primary",
                },
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Conversion</h2>
            </CardTitle>
            <CardDescription>Carts started in the period and what became of them.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <HorizontalBars
              label="Cart conversion"
              format={(v) => formatNumber(v)}
              rows={[
                { label: "Carts started", value: data.cartCount },
                {
                  label: "Became orders",
                  value: data.convertedCartCount,
                  note: data.cartCount ? percent(data.conversionRate) : undefined,
                },
                { label: "Not ordered (yet)", value: data.cartCount - data.convertedCartCount },
              ]}
            />
            <div className="grid gap-2">
              <h3 className="font-medium text-sm">Orders by state</h3>
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4 lg:grid-cols-2">
                {data.ordersByStatus.map((s) => (
                  <div key={s.status} className="rounded-md border px-2.5 py-1.5">
                    <dt className="text-muted-foreground text-xs capitalize">
                      {s.status === "COMPLETED" ? "delivered" : s.status.toLowerCase()}
                    </dt>
                    <dd className="font-medium tabular-nums">{s.count}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
