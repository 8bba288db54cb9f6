import { BarChart3Icon } from "lucide-react";
import { useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { ListPage } from "@/components/data-list/list-page";
import { QueryError } from "@/components/shell/query-error";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber, formatPercent } from "@/lib/format";
import { type MessagingDay, type TextingAnalytics, useTextingAnalytics } from "../api";
import { BranchTable, DeliveryResults, Stat } from "../components/analytics-parts";
import { DailyBars, type Series } from "../components/daily-bars";
import { PERIOD_LABELS } from "../periods";

const ALL = "all";

type Totals = TextingAnalytics["bulkMessagingMetrics"]["totals"];

/** The four totals over the charts: a count, and a line under it. */
const TOTALS: { label: string; count: (t: Totals) => number; hint: (t: Totals) => string | undefined }[] = [
  { label: "Texts", count: (t) => t.texts, hint: (t) => `${formatPercent(t.textSuccesses, t.texts)} delivered` },
  {
    label: "Segments",
    count: (t) => t.segments,
    hint: (t) => (t.texts ? `${(t.segments / t.texts).toFixed(2)} per text` : undefined),
  },
  {
    label: "Robo calls",
    count: (t) => t.roboCalls,
    hint: (t) => `${formatPercent(t.callSuccesses, t.roboCalls)} answered`,
  },
  { label: "Emails", count: (t) => t.emails, hint: (t) => `${formatNumber(t.failures)} messages undelivered` },
];

type DailyCount = "texts" | "textSuccesses" | "segments" | "roboCalls" | "callSuccesses" | "emails";

/** The two daily charts: texts (of the branch chosen, or all), then robo calls and mail. */
const CHARTS: { title: (branch?: string) => string; series: (Series & { key: DailyCount })[] }[] = [
  {
    title: (branch) => (branch ? `Texts — ${branch}` : "Texts — all branches"),
    series: [
      { key: "texts", label: "Texts", className: "fill-info" },
      { key: "textSuccesses", label: "Delivered", className: "fill-success" },
      { key: "segments", label: "Segments", className: "fill-brand-yellow" },
    ],
  },
  {
    title: () => "Robo calls and mail",
    series: [
      { key: "roboCalls", label: "Robo calls", className: "fill-brand-navy dark:fill-info" },
      { key: "callSuccesses", label: "Answered", className: "fill-success" },
      { key: "emails", label: "Emails", className: "fill-muted-foreground" },
    ],
  },
];

/** YYYY-MM-DD of a local date. */
function isoDay(d: Date) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** admin/texting-analytics: texts, segments, robo calls and successes per branch and per day. */
export default function TextingAnalyticsPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const period = params.get("period") && params.get("period")! in PERIOD_LABELS ? params.get("period")! : "30";
  const branchId = params.get("branch");
  const set = (key: string, value: string | null) => {
    const p = new URLSearchParams(search);
    if (value) p.set(key, value);
    else p.delete(key);
    const text = p.toString();
    navigate(`/admin/texting-analytics${text ? `?${text}` : ""}`, { replace: true });
  };

  const { startDate, endDate } = useMemo(() => {
    const end = new Date();
    const start = new Date(end);
    start.setDate(start.getDate() - Number(period) + 1);
    return { startDate: isoDay(start), endDate: isoDay(end) };
  }, [period]);

  const q = useTextingAnalytics({ startDate, endDate, branchId });
  const data = q.data;
  const totals = data?.bulkMessagingMetrics.totals;
  const branches = data?.messagingSummary ?? [];
  const chosen = branches.find((b) => b.branchId === branchId);

  return (
    <ListPage
      title="Texting Analytics"
      description="Texts, segments, robo calls and how many got through, per branch and per day."
      actions={
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Select value={branchId ?? ALL} onValueChange={(v) => set("branch", v === ALL ? null : v)}>
            <SelectTrigger aria-label="Branch" className="sm:w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All branches</SelectItem>
              {branches.map((b) => (
                <SelectItem key={b.branchId} value={b.branchId}>
                  {b.company} ({b.host})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={period} onValueChange={(v) => set("period", v === "30" ? null : v)}>
            <SelectTrigger aria-label="Period" className="sm:w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(PERIOD_LABELS).map(([k, label]) => (
                <SelectItem key={k} value={k}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      }
    >
      {q.isError && !data ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : !data || !totals ? (
        <div role="status" aria-label="Loading analytics" className="grid gap-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
          <Skeleton className="h-64" />
        </div>
      ) : (
        <>
          <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {TOTALS.map((t) => (
              <Stat key={t.label} label={t.label} value={formatNumber(t.count(totals))} hint={t.hint(totals)} />
            ))}
          </section>

          <Card className="p-4">
            {totals.texts + totals.roboCalls + totals.emails === 0 ? (
              <EmptyState
                icon={<BarChart3Icon />}
                title="No messages in this period"
                description={chosen ? `${chosen.company} sent nothing in this period.` : "Nothing was sent."}
              />
            ) : (
              <div className="grid gap-6">
                {CHARTS.map((chart) => (
                  <DailyBars<MessagingDay>
                    key={chart.series[0]?.key}
                    title={chart.title(chosen?.company)}
                    days={data.bulkMessagingMetrics.days}
                    series={chart.series}
                    value={(d, k) => d[k as DailyCount]}
                  />
                ))}
              </div>
            )}
          </Card>

          <BranchTable branches={branches} chosenId={branchId} />
          <DeliveryResults statuses={data.bulkMessagingMetrics.statuses} branch={chosen?.company} />
        </>
      )}
    </ListPage>
  );
}
