import { DocumentTitle } from "@/components/shell/document-title";
import { PageHeader } from "@/components/ui/page-header";
import { formatCalendarDate } from "@/lib/format";
import { type AnalyticsRow, useLeadAnalytics } from "./api";
import { ChartSlot, ExportButton, ResultControls, ResultsChart, TooLong } from "./controls";
import { downloadReport, durationText, percentText } from "./csv";
import { DrillDialog } from "./drill";
import { GROUPS, useResultGroup, useResultPeriod } from "./params";
import { type NumberColumn, ReportTable } from "./table";

// team/lead-analytics: how many leads came in, by source, form, zone, person or period; what they are
// now (unassigned, assigned, discarded), how many became customers, and how soon a person first
// touched them. Every count opens the leads behind it.

const SERIES = [
  { key: "unassigned", label: "Unassigned", className: "fill-info" },
  { key: "assigned", label: "Assigned", className: "fill-success" },
  { key: "discarded", label: "Discarded", className: "fill-muted-foreground/50" },
];

type Metric = "LEADS" | "UNASSIGNED" | "ASSIGNED" | "DISCARDED" | "CONVERTED" | "CONTACTED";

export default function LeadAnalyticsPage() {
  const period = useResultPeriod();
  const group = useResultGroup();
  const { from, to } = period;
  const query = useLeadAnalytics({ from, to, groupBy: group.groupBy, period: group.period });
  const rows = period.tooLong ? [] : query.data?.leadAnalytics;
  const noun = GROUPS.find((g) => g.value === group.groupBy)!.noun;
  const drill = (metric: Metric, words: string) => (r: AnalyticsRow) => ({
    metric,
    ...(r.isTotal ? {} : { groupBy: group.groupBy, period: group.period, key: r.key }),
    title: `${words}: ${r.isTotal ? "all leads" : r.label}`,
  });
  const count = (key: keyof AnalyticsRow & string, header: string, metric: Metric, wide = false) =>
    ({
      key,
      header,
      wide,
      value: (r: AnalyticsRow) => r[key] as number,
      drill: drill(metric, header),
    }) satisfies NumberColumn<AnalyticsRow>;
  const columns: NumberColumn<AnalyticsRow>[] = [
    count("leads", "Leads", "LEADS"),
    count("unassigned", "Unassigned", "UNASSIGNED", true),
    count("assigned", "Assigned", "ASSIGNED", true),
    count("discarded", "Discarded", "DISCARDED", true),
    count("converted", "Converted", "CONVERTED"),
    {
      key: "rate",
      header: "Conversion",
      wide: true,
      value: (r) => r.conversionRate,
      text: (r) => percentText(r.conversionRate),
    },
    count("contacted", "Contacted", "CONTACTED", true),
    {
      key: "median",
      header: "Time to contact (median)",
      wide: true,
      value: (r) => r.medianMinutesToFirstContact ?? null,
      text: (r) => durationText(r.medianMinutesToFirstContact ?? null),
    },
  ];
  const exportCsv = () =>
    rows &&
    downloadReport(
      `lead-analytics-by-${noun}`,
      from,
      to,
      [
        { header: GROUPS.find((g) => g.value === group.groupBy)!.label, value: (r) => r.label },
        ...columns.map((c) => ({ header: c.header, value: (r: AnalyticsRow) => (c.text ? c.text(r) : c.value(r)) })),
      ],
      rows,
    );
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Lead analytics" />
      <PageHeader
        title="Lead analytics"
        description={`Leads that came in ${formatCalendarDate(from)} – ${formatCalendarDate(to)}, by ${noun}: where they stand and how many became customers.`}
        actions={<ExportButton disabled={!rows?.length} onClick={exportCsv} />}
      >
        <ResultControls period={period} group={group} />
      </PageHeader>
      {period.tooLong ? <TooLong /> : null}
      {rows?.length && rows[rows.length - 1]!.leads ? (
        <ChartSlot>
          <ResultsChart
            title={`Leads by ${noun}`}
            series={SERIES}
            maxRows={group.groupBy === "PERIOD" ? 400 : 12}
            rows={rows
              .filter((r) => !r.isTotal)
              .map((r) => ({
                key: r.key || "none",
                label: r.label,
                values: { unassigned: r.unassigned, assigned: r.assigned, discarded: r.discarded },
              }))}
          />
        </ChartSlot>
      ) : null}
      <ReportTable
        label="Lead analytics"
        noun={`${noun} rows`}
        rows={rows}
        rowKey={(r) => (r.isTotal ? "total" : r.key || "none")}
        first={[{ key: "label", header: GROUPS.find((g) => g.value === group.groupBy)!.label, value: (r) => r.label }]}
        columns={columns}
        isTotal={(r) => r.isTotal}
        query={query}
        empty={{ title: "No leads in this period", description: "Choose a longer or earlier period." }}
      />
      <DrillDialog from={from} to={to} />
    </div>
  );
}
