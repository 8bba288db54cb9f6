import { BarChart3Icon } from "lucide-react";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { formatCalendarDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { type CartsAndSales, useCartsAndSales } from "../api";
import { AnalyticsCharts } from "../components/analytics-charts";
import { PeriodPicker, useAnalyticsPeriod } from "../components/analytics-period";
import { AnalyticsTables } from "../components/analytics-tables";
import { AnalyticsSkeleton, AnalyticsTotals } from "../components/analytics-totals";

function Report({ data, previous }: { data: CartsAndSales; previous: CartsAndSales | undefined }) {
  const labels = data.days.map((d) => formatCalendarDate(d.date, "short"));
  const empty = data.orderCount === 0 && data.cartCount === 0;
  return (
    <div className="grid grid-cols-1 gap-4">
      <AnalyticsTotals data={data} previous={previous} />
      {empty ? (
        <EmptyState
          icon={<BarChart3Icon aria-hidden="true" />}
          title="No shop activity in this period"
          description="No carts were started and no orders placed. Choose a longer period."
        />
      ) : (
        <>
          <AnalyticsCharts data={data} labels={labels} />
          <AnalyticsTables data={data} />
        </>
      )}
    </div>
  );
}

/** team/ecommerce-analytics: sales, orders, average order, carts and conversion over a chosen period. */
export default function EcommerceAnalyticsPage() {
  const period = useAnalyticsPeriod();
  const { start, end, tooLong, tz } = period;
  const current = useCartsAndSales({ startDate: start, endDate: end }, !tooLong);
  const previous = useCartsAndSales(
    { startDate: period.prevStart, endDate: period.prevEnd },
    !tooLong && period.prevStart >= "1900-01-01",
  );
  const data = tooLong ? undefined : current.data?.cartsAndSalesAnalytics;
  const title = `${formatCalendarDate(start)} – ${formatCalendarDate(end)}`;

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="E-commerce analytics" />
      <PageHeader
        title="E-commerce analytics"
        description={`Carts and sales from your online shop, ${title} (days in ${tz.replace("_", " ")} time).`}
      >
        <PeriodPicker
          period={period}
          updating={
            current.isFetching && !current.isPending ? <Spinner size="sm" label="Updating" className="mb-2" /> : null
          }
        />
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
