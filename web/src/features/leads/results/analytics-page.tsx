import { type AnalyticsRow, useLeadAnalytics } from "./api";
import { durationText, percentText } from "./csv";
import { useResultGroup, useResultPeriod } from "./params";
import { groupDrill, groupedChart, groupedTable, groupInfo, ResultsPage } from "./results-shell";
import type { NumberColumn } from "./table";

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
  const query = useLeadAnalytics({ from: period.from, to: period.to, groupBy: group.groupBy, period: group.period });
  const { noun } = groupInfo(group);
  const count = (key: keyof AnalyticsRow & string, header: string, metric: Metric, wide = false) =>
    ({
      key,
      header,
      wide,
      value: (r: AnalyticsRow) => r[key] as number,
      drill: (r: AnalyticsRow) => ({ metric, ...groupDrill(group, header)(r) }),
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
  return (
    <ResultsPage
      title="Lead analytics"
      description={(dates) =>
        `Leads that came in ${dates}, by ${noun}: where they stand and how many became customers.`
      }
      csvName={`lead-analytics-by-${noun}`}
      period={period}
      group={group}
      data={query.data?.leadAnalytics}
      chart={groupedChart(group, `Leads by ${noun}`, SERIES, (r: AnalyticsRow) => ({
        unassigned: r.unassigned,
        assigned: r.assigned,
        discarded: r.discarded,
      }))}
      table={{ ...groupedTable(group, columns), query }}
    />
  );
}
