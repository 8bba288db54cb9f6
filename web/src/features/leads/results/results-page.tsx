import { DocumentTitle } from "@/components/shell/document-title";
import { PageHeader } from "@/components/ui/page-header";
import { formatCalendarDate } from "@/lib/format";
import { type ResultsRow, useLeadResults } from "./api";
import { ChartSlot, ExportButton, ResultControls, ResultsChart, TooLong } from "./controls";
import { downloadReport, percentText } from "./csv";
import { DrillDialog } from "./drill";
import { MilestoneSection } from "./milestones";
import { GROUPS, useResultGroup, useResultPeriod } from "./params";
import { type NumberColumn, ReportTable } from "./table";

// team/lead-results: what became of the period's leads, by source, period, person (or form, zone):
// sold (work reached a success step), lost (a failure step, no success) or still open; then how many
// reached each project milestone. Every count opens the leads behind it.

const SERIES = [
  { key: "sold", label: "Sold", className: "fill-success" },
  { key: "lost", label: "Lost", className: "fill-destructive" },
  { key: "open", label: "Open", className: "fill-info" },
];

export default function LeadResultsPage() {
  const period = useResultPeriod();
  const group = useResultGroup();
  const { from, to } = period;
  const query = useLeadResults({ from, to, groupBy: group.groupBy, period: group.period });
  const rows = period.tooLong ? [] : query.data?.leadResults;
  const groupInfo = GROUPS.find((g) => g.value === group.groupBy)!;
  const count = (key: "leads" | "sold" | "lost" | "open", header: string) =>
    ({
      key,
      header,
      value: (r: ResultsRow) => r[key],
      drill: (r: ResultsRow) => ({
        metric: key === "leads" ? ("LEADS" as const) : (key.toUpperCase() as "SOLD"),
        ...(r.isTotal ? {} : { groupBy: group.groupBy, period: group.period, key: r.key }),
        title: `${header}: ${r.isTotal ? "all leads" : r.label}`,
      }),
    }) satisfies NumberColumn<ResultsRow>;
  const columns: NumberColumn<ResultsRow>[] = [
    count("leads", "Leads"),
    count("sold", "Sold"),
    count("lost", "Lost"),
    count("open", "Open"),
    { key: "rate", header: "Sold %", wide: true, value: (r) => r.soldRate, text: (r) => percentText(r.soldRate) },
  ];
  const exportCsv = () =>
    rows &&
    downloadReport(
      `lead-results-by-${groupInfo.noun}`,
      from,
      to,
      [
        { header: groupInfo.label, value: (r) => r.label },
        ...columns.map((c) => ({ header: c.header, value: (r: ResultsRow) => (c.text ? c.text(r) : c.value(r)) })),
      ],
      rows,
    );
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Lead results" />
      <PageHeader
        title="Lead results"
        description={`What became of the leads that came in ${formatCalendarDate(from)} – ${formatCalendarDate(to)}, by ${groupInfo.noun}.`}
        actions={<ExportButton disabled={!rows?.length} onClick={exportCsv} />}
      >
        <ResultControls period={period} group={group} />
      </PageHeader>
      {period.tooLong ? <TooLong /> : null}
      {rows?.length && rows[rows.length - 1]!.leads ? (
        <ChartSlot>
          <ResultsChart
            title={`Outcomes by ${groupInfo.noun}`}
            series={SERIES}
            maxRows={group.groupBy === "PERIOD" ? 400 : 12}
            rows={rows
              .filter((r) => !r.isTotal)
              .map((r) => ({
                key: r.key || "none",
                label: r.label,
                values: { sold: r.sold, lost: r.lost, open: r.open },
              }))}
          />
        </ChartSlot>
      ) : null}
      <ReportTable
        label="Lead results"
        noun={`${groupInfo.noun} rows`}
        rows={rows}
        rowKey={(r) => (r.isTotal ? "total" : r.key || "none")}
        first={[{ key: "label", header: groupInfo.label, value: (r) => r.label }]}
        columns={columns}
        isTotal={(r) => r.isTotal}
        query={query}
        empty={{ title: "No leads in this period", description: "Choose a longer or earlier period." }}
      />
      {period.tooLong ? null : <MilestoneSection from={from} to={to} />}
      <DrillDialog from={from} to={to} />
    </div>
  );
}
