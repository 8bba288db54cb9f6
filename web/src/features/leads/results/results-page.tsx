import { type ResultsRow, useLeadResults } from "./api";
import { percentText } from "./csv";
import { MilestoneSection } from "./milestones";
import { useResultGroup, useResultPeriod } from "./params";
import { groupDrill, groupedChart, groupedTable, groupInfo, ResultsPage } from "./results-shell";
import type { NumberColumn } from "./table";

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
  const { noun } = groupInfo(group);
  const count = (key: "leads" | "sold" | "lost" | "open", header: string) =>
    ({
      key,
      header,
      value: (r: ResultsRow) => r[key],
      drill: (r: ResultsRow) => ({
        metric: key === "leads" ? ("LEADS" as const) : (key.toUpperCase() as "SOLD"),
        ...groupDrill(group, header)(r),
      }),
    }) satisfies NumberColumn<ResultsRow>;
  const columns: NumberColumn<ResultsRow>[] = [
    count("leads", "Leads"),
    count("sold", "Sold"),
    count("lost", "Lost"),
    count("open", "Open"),
    { key: "rate", header: "Sold %", wide: true, value: (r) => r.soldRate, text: (r) => percentText(r.soldRate) },
  ];
  return (
    <ResultsPage
      title="Lead results"
      description={(dates) => `What became of the leads that came in ${dates}, by ${noun}.`}
      csvName={`lead-results-by-${noun}`}
      period={period}
      group={group}
      data={query.data?.leadResults}
      chart={groupedChart(group, `Outcomes by ${noun}`, SERIES, (r: ResultsRow) => ({
        sold: r.sold,
        lost: r.lost,
        open: r.open,
      }))}
      table={{ ...groupedTable(group, columns), query }}
    >
      {period.tooLong ? null : <MilestoneSection from={from} to={to} />}
    </ResultsPage>
  );
}
