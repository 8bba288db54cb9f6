import { ArrowDownRightIcon, ArrowUpRightIcon, BarChart3Icon } from "lucide-react";
import { useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { addDays, formatCalendarDate, formatNumber, todayIn } from "@/lib/format";
import { cn, formatMoney } from "@/lib/utils";
import { type CartsAndSales, useCartsAndSales } from "../api";
import { BarChart, HorizontalBars, LineChart } from "../components/charts";
import { useBranchTimeZone } from "../format";

const PRESETS = [
  { id: "7", label: "Last 7 days", days: 7 },
  { id: "30", label: "Last 30 days", days: 30 },
  { id: "90", label: "Last 90 days", days: 90 },
] as const;

const isDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;

const percent = (v: number) => `${(v * 100).toFixed(v > 0 && v < 0.1 ? 1 : 0)}%`;
const compactMoney = (cents: number) =>
  cents >= 100_000_00
    ? `$${Math.round(cents / 100_000)}k`
    : cents >= 1_000_00
      ? `$${(cents / 100_000).toFixed(1)}k`
      : formatMoney(cents).replace(/\.00$/, "");

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

function Kpi({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
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

function AnalyticsSkeleton() {
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

function Report({ data, previous }: { data: CartsAndSales; previous: CartsAndSales | undefined }) {
  const labels = data.days.map((d) => formatCalendarDate(d.date, "short"));
  const empty = data.orderCount === 0 && data.cartCount === 0;
  return (
    <div className="grid grid-cols-1 gap-4">
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

      {empty ? (
        <EmptyState
          icon={<BarChart3Icon aria-hidden="true" />}
          title="No shop activity in this period"
          description="No carts were started and no orders placed. Choose a longer period."
        />
      ) : (
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

          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Best sellers</h2>
                </CardTitle>
                <CardDescription>Products by sales in the period (before tax).</CardDescription>
              </CardHeader>
              <CardContent>
                {data.topItems.length === 0 ? (
                  <p className="text-muted-foreground text-sm">No products sold in this period.</p>
                ) : (
                  <Table aria-label="Best sellers">
                    <TableHeader>
                      <TableRow className="hover:bg-transparent">
                        <TableHead>Product</TableHead>
                        <TableHead className="text-right">Quantity</TableHead>
                        <TableHead className="text-right">Sales</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {data.topItems.map((i) => (
                        <TableRow key={i.itemId}>
                          <TableCell className="max-w-56 truncate">{i.title}</TableCell>
                          <TableCell className="text-right tabular-nums">{i.quantity}</TableCell>
                          <TableCell className="text-right tabular-nums">{formatMoney(i.salesCents)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Day by day</h2>
                </CardTitle>
                <CardDescription>The figures behind the charts, newest first.</CardDescription>
              </CardHeader>
              <CardContent>
                <Table aria-label="Day by day" containerClassName="max-h-96 overflow-y-auto">
                  <TableHeader className="sticky top-0 bg-card">
                    <TableRow className="hover:bg-transparent">
                      <TableHead>Day</TableHead>
                      <TableHead className="text-right">Sales</TableHead>
                      <TableHead className="text-right">Orders</TableHead>
                      <TableHead className="text-right">Carts</TableHead>
                      <TableHead className="text-right">Ordered</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {[...data.days].reverse().map((d) => (
                      <TableRow
                        key={d.date}
                        className={cn(d.orderCount === 0 && d.cartCount === 0 && "text-muted-foreground")}
                      >
                        <TableCell>{formatCalendarDate(d.date)}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatMoney(d.salesCents)}</TableCell>
                        <TableCell className="text-right tabular-nums">{d.orderCount}</TableCell>
                        <TableCell className="text-right tabular-nums">{d.cartCount}</TableCell>
                        <TableCell className="text-right tabular-nums">{d.convertedCartCount}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                  <TableFooter>
                    <TableRow className="hover:bg-transparent">
                      <TableCell>Total</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(data.salesCents)}</TableCell>
                      <TableCell className="text-right tabular-nums">{data.orderCount}</TableCell>
                      <TableCell className="text-right tabular-nums">{data.cartCount}</TableCell>
                      <TableCell className="text-right tabular-nums">{data.convertedCartCount}</TableCell>
                    </TableRow>
                  </TableFooter>
                </Table>
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}

/** team/ecommerce-analytics: sales, orders, average order, carts and conversion over a chosen period. */
export default function EcommerceAnalyticsPage() {
  const tz = useBranchTimeZone();
  const search = useSearch();
  const [, navigate] = useLocation();
  const today = todayIn(tz);
  const params = new URLSearchParams(search);
  const endParam = params.get("end");
  const startParam = params.get("start");
  const end = isDate(endParam) ? endParam : today;
  const start = isDate(startParam) && startParam <= end ? startParam : addDays(end, -29);
  const length = daysBetween(start, end);
  const tooLong = length > 366;
  const preset = end === today ? PRESETS.find((p) => p.days === length)?.id : undefined;

  const setPeriod = (s: string, e: string) => {
    const next = new URLSearchParams(search);
    next.set("start", s);
    next.set("end", e);
    navigate(`/team/ecommerce-analytics?${next}`, { replace: true });
  };

  const current = useCartsAndSales({ startDate: start, endDate: end }, !tooLong);
  const prevEnd = addDays(start, -1);
  const prevStart = addDays(prevEnd, -(length - 1));
  const previous = useCartsAndSales({ startDate: prevStart, endDate: prevEnd }, !tooLong && prevStart >= "1900-01-01");
  const data = tooLong ? undefined : current.data?.cartsAndSalesAnalytics;
  const title = useMemo(() => `${formatCalendarDate(start)} – ${formatCalendarDate(end)}`, [start, end]);

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="E-commerce analytics" />
      <PageHeader
        title="E-commerce analytics"
        description={`Carts and sales from your online shop, ${title} (days in ${tz.replace("_", " ")} time).`}
      >
        <div className="flex flex-wrap items-end gap-3">
          <fieldset className="flex flex-wrap gap-1.5">
            <legend className="sr-only">Period</legend>
            {PRESETS.map((p) => (
              <Button
                key={p.id}
                size="sm"
                variant={preset === p.id ? "default" : "outline"}
                aria-pressed={preset === p.id}
                onClick={() => setPeriod(addDays(today, -(p.days - 1)), today)}
              >
                {p.label}
              </Button>
            ))}
          </fieldset>
          <div className="flex items-end gap-2">
            <FormField label="From" className="w-40">
              <Input
                type="date"
                value={start}
                max={end}
                min="1900-01-01"
                onChange={(e) => isDate(e.target.value) && setPeriod(e.target.value, end)}
              />
            </FormField>
            <FormField label="To" className="w-40">
              <Input
                type="date"
                value={end}
                min={start}
                max="2099-12-31"
                onChange={(e) => isDate(e.target.value) && setPeriod(start, e.target.value)}
              />
            </FormField>
            {current.isFetching && !current.isPending ? <Spinner size="sm" label="Updating" className="mb-2" /> : null}
          </div>
        </div>
      </PageHeader>
      {tooLong ? (
        <QueryError title="Choose a shorter period" error={new Error("Choose a period of at most 366 days.")} />
      ) : current.isPending ? (
        <AnalyticsSkeleton />
      ) : current.isError && !data ? (
        <QueryError error={current.error} onRetry={() => current.refetch()} />
      ) : data ? (
        <div className={cn(current.isFetching && "opacity-70 transition-opacity")}>
          <Report data={data} previous={previous.data?.cartsAndSalesAnalytics} />
        </div>
      ) : null}
    </div>
  );
}
