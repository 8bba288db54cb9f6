import { DocumentTitle } from "@/components/shell/document-title";
import { PageHeader } from "@/components/ui/page-header";
import { formatCalendarDate } from "@/lib/format";
import { type FunnelRow, useFunnelProjects, useSalesFunnel } from "./api";
import { ChartSlot, Choice, ExportButton, ResultControls, ResultsChart, TooLong } from "./controls";
import { downloadReport, percentText } from "./csv";
import { DrillDialog } from "./drill";
import { useResultPeriod, useSearchParam } from "./params";
import { type NumberColumn, ReportTable } from "./table";

// team/sales-funnel: the period's leads by the funnel position of the step their latest project thread
// reached (top, middle, bottom, success, failure), for every project or one; leads without work on a
// thread are "Not started". Every count opens the leads behind it.

const POSITIONS: Record<FunnelRow["position"], string> = {
  TOP: "Top",
  MIDDLE: "Middle",
  BOTTOM: "Bottom",
  SUCCESS: "Success",
  FAILURE: "Failure",
  OTHER: "Other steps",
  NONE: "Not started",
};
const COLOURS: Record<FunnelRow["position"], string> = {
  TOP: "fill-info",
  MIDDLE: "fill-info/80",
  BOTTOM: "fill-info/60",
  SUCCESS: "fill-success",
  FAILURE: "fill-destructive",
  OTHER: "fill-muted-foreground/60",
  NONE: "fill-muted-foreground/30",
};
const ALL = "all";

export default function SalesFunnelPage() {
  const period = useResultPeriod();
  const { from, to } = period;
  const [project, setProject] = useSearchParam("project");
  const projects = useFunnelProjects().data?.projects ?? [];
  const projectId = project && projects.some((p) => p.id === project) ? project : null;
  const query = useSalesFunnel({ from, to, projectId });
  const rows = period.tooLong ? [] : query.data?.salesFunnel;
  const projectName = projects.find((p) => p.id === projectId)?.description;
  const columns: NumberColumn<FunnelRow>[] = [
    {
      key: "leads",
      header: "Leads",
      value: (r) => r.leads,
      drill: (r) => ({
        metric: "FUNNEL",
        funnelPosition: r.position,
        ...(projectId ? { projectId } : {}),
        title: `${POSITIONS[r.position]}${projectName ? ` of ${projectName}` : ""}`,
      }),
    },
    { key: "share", header: "Share", value: (r) => r.share, text: (r) => percentText(r.share) },
  ];
  const exportCsv = () =>
    rows &&
    downloadReport(
      "sales-funnel",
      from,
      to,
      [
        { header: "Funnel position", value: (r: FunnelRow) => POSITIONS[r.position] },
        { header: "Leads", value: (r) => r.leads },
        { header: "Share", value: (r) => percentText(r.share) },
      ],
      rows,
    );
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Sales funnel" />
      <PageHeader
        title="Sales funnel"
        description={`Where the leads that came in ${formatCalendarDate(from)} – ${formatCalendarDate(to)} stand in ${projectName ?? "their projects"}.`}
        actions={<ExportButton disabled={!rows?.length} onClick={exportCsv} />}
      >
        <ResultControls period={period}>
          <Choice
            label="Project"
            className="w-48"
            value={projectId ?? ALL}
            options={[
              { value: ALL, label: "All projects" },
              ...projects.map((p) => ({ value: p.id, label: p.description })),
            ]}
            onChange={(v) => setProject(v === ALL ? null : v, { drill: null, drillPage: null })}
          />
        </ResultControls>
      </PageHeader>
      {period.tooLong ? <TooLong /> : null}
      {rows?.some((r) => r.leads) ? (
        <ChartSlot>
          <ResultsChart
            title="Leads by funnel position"
            series={rows.map((r) => ({
              key: r.position,
              label: POSITIONS[r.position],
              className: COLOURS[r.position],
            }))}
            rows={rows.map((r) => ({
              key: r.position,
              label: POSITIONS[r.position],
              values: { [r.position]: r.leads },
            }))}
          />
        </ChartSlot>
      ) : null}
      <ReportTable
        label="Sales funnel"
        noun="positions"
        rows={rows}
        rowKey={(r) => r.position}
        first={[{ key: "position", header: "Funnel position", value: (r) => POSITIONS[r.position] }]}
        columns={columns}
        isTotal={() => false}
        query={query}
        empty={{ title: "No leads in this period", description: "Choose a longer or earlier period." }}
      />
      <DrillDialog from={from} to={to} />
    </div>
  );
}
