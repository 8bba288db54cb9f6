import { DocumentTitle } from "@/components/shell/document-title";
import { PageHeader } from "@/components/ui/page-header";
import { formatCalendarDate } from "@/lib/format";
import { type AppointmentRow, useAppointmentSetResults } from "./api";
import { ChartSlot, ExportButton, ResultControls, ResultsChart, TooLong } from "./controls";
import { downloadReport } from "./csv";
import { DrillDialog } from "./drill";
import { useResultPeriod } from "./params";
import { type NumberColumn, ReportTable } from "./table";

// team/apt-set-stats: the appointments set on the period's leads, per setter and lead source, with how
// many of those leads became customers and how many were sold. Every count opens the leads behind it.

const SERIES = [
  { key: "sold", label: "Sold", className: "fill-success" },
  { key: "other", label: "Not sold yet", className: "fill-info" },
];

export default function AppointmentStatsPage() {
  const period = useResultPeriod();
  const { from, to } = period;
  const query = useAppointmentSetResults({ from, to });
  const rows = period.tooLong ? [] : query.data?.appointmentSetResults;
  const count = (key: "appointments" | "converted" | "sold", header: string, metric: "LEADS" | "CONVERTED" | "SOLD") =>
    ({
      key,
      header,
      value: (r: AppointmentRow) => r[key],
      drill: (r: AppointmentRow) =>
        r.isTotal
          ? { metric, appointmentsOnly: true, title: `${header}: all appointments` }
          : {
              metric,
              setterId: r.setterId,
              groupBy: "SOURCE" as const,
              key: r.sourceId,
              title: `${header}: ${r.setterName}, ${r.sourceName}`,
            },
    }) satisfies NumberColumn<AppointmentRow>;
  const columns = [
    count("appointments", "Appointments", "LEADS"),
    { ...count("converted", "Converted", "CONVERTED"), wide: true },
    count("sold", "Sold", "SOLD"),
  ];
  const bySetter = new Map<string, { label: string; sold: number; other: number }>();
  for (const r of rows ?? []) {
    if (r.isTotal) continue;
    const s = bySetter.get(r.setterId) ?? { label: r.setterName, sold: 0, other: 0 };
    s.sold += r.sold;
    s.other += r.appointments - r.sold;
    bySetter.set(r.setterId, s);
  }
  const exportCsv = () =>
    rows &&
    downloadReport(
      "appointments-set",
      from,
      to,
      [
        { header: "Setter", value: (r: AppointmentRow) => r.setterName },
        { header: "Source", value: (r) => r.sourceName },
        ...columns.map((c) => ({ header: c.header, value: (r: AppointmentRow) => c.value(r) })),
      ],
      rows,
    );
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Appointment stats" />
      <PageHeader
        title="Appointment stats"
        description={`Appointments set on the leads that came in ${formatCalendarDate(from)} – ${formatCalendarDate(to)}, per setter and source.`}
        actions={<ExportButton disabled={!rows?.length} onClick={exportCsv} />}
      >
        <ResultControls period={period} />
      </PageHeader>
      {period.tooLong ? <TooLong /> : null}
      {bySetter.size ? (
        <ChartSlot>
          <ResultsChart
            title="Appointments by setter"
            series={SERIES}
            rows={[...bySetter].map(([key, s]) => ({
              key: key || "none",
              label: s.label,
              values: { sold: s.sold, other: s.other },
            }))}
          />
        </ChartSlot>
      ) : null}
      <ReportTable
        label="Appointments set"
        noun="rows"
        rows={rows}
        rowKey={(r) => (r.isTotal ? "total" : `${r.setterId}|${r.sourceId}`)}
        first={[
          { key: "setter", header: "Setter", value: (r) => r.setterName },
          { key: "source", header: "Source", value: (r) => r.sourceName },
        ]}
        columns={columns}
        isTotal={(r) => r.isTotal}
        query={query}
        empty={{ title: "No appointments in this period", description: "Choose a longer or earlier period." }}
      />
      <DrillDialog from={from} to={to} />
    </div>
  );
}
