import { type FunnelRow, useFunnelProjects, useSalesFunnel } from "./api";
import { Choice } from "./controls";
import { percentText } from "./csv";
import { useResultPeriod, useSearchParam } from "./params";
import { ResultsPage } from "./results-shell";
import type { NumberColumn } from "./table";

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

const chart = (rows: FunnelRow[]) =>
  rows.some((r) => r.leads)
    ? {
        title: "Leads by funnel position",
        series: rows.map((r) => ({ key: r.position, label: POSITIONS[r.position], className: COLOURS[r.position] })),
        rows: rows.map((r) => ({ key: r.position, label: POSITIONS[r.position], values: { [r.position]: r.leads } })),
      }
    : null;

export default function SalesFunnelPage() {
  const period = useResultPeriod();
  const [project, setProject] = useSearchParam("project");
  const projects = useFunnelProjects().data?.projects ?? [];
  const projectId = project && projects.some((p) => p.id === project) ? project : null;
  const query = useSalesFunnel({ from: period.from, to: period.to, projectId });
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
  return (
    <ResultsPage
      title="Sales funnel"
      description={(dates) => `Where the leads that came in ${dates} stand in ${projectName ?? "their projects"}.`}
      csvName="sales-funnel"
      period={period}
      controls={
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
      }
      data={query.data?.salesFunnel}
      chart={chart}
      table={{
        noun: "positions",
        rowKey: (r) => r.position,
        first: [{ key: "position", header: "Funnel position", value: (r) => POSITIONS[r.position] }],
        columns,
        isTotal: () => false,
        query,
      }}
    />
  );
}
