import { type AppointmentRow, useAppointmentSetResults } from "./api";
import { useResultPeriod } from "./params";
import { ResultsPage } from "./results-shell";
import type { NumberColumn } from "./table";

// team/apt-set-stats: the appointments set on the period's leads, per setter and lead source, with how
// many of those leads became customers and how many were sold. Every count opens the leads behind it.

const SERIES = [
  { key: "sold", label: "Sold", className: "fill-success" },
  { key: "other", label: "Not sold yet", className: "fill-info" },
];

/** A bar per setter: sold, and the rest not sold yet. */
function chart(rows: AppointmentRow[]) {
  const bySetter = new Map<string, { label: string; sold: number; other: number }>();
  for (const r of rows) {
    if (r.isTotal) continue;
    const s = bySetter.get(r.setterId) ?? { label: r.setterName, sold: 0, other: 0 };
    s.sold += r.sold;
    s.other += r.appointments - r.sold;
    bySetter.set(r.setterId, s);
  }
  if (!bySetter.size) return null;
  return {
    title: "Appointments by setter",
    series: SERIES,
    rows: [...bySetter].map(([key, s]) => ({
      key: key || "none",
      label: s.label,
      values: { sold: s.sold, other: s.other },
    })),
  };
}

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

export default function AppointmentStatsPage() {
  const period = useResultPeriod();
  const query = useAppointmentSetResults({ from: period.from, to: period.to });
  return (
    <ResultsPage
      title="Appointment stats"
      description={(dates) => `Appointments set on the leads that came in ${dates}, per setter and source.`}
      csvName="appointments-set"
      period={period}
      data={query.data?.appointmentSetResults}
      chart={chart}
      table={{
        label: "Appointments set",
        noun: "rows",
        rowKey: (r) => (r.isTotal ? "total" : `${r.setterId}|${r.sourceId}`),
        first: [
          { key: "setter", header: "Setter", value: (r) => r.setterName },
          { key: "source", header: "Source", value: (r) => r.sourceName },
        ],
        columns,
        isTotal: (r) => r.isTotal,
        query,
      }}
      empty={{ title: "No appointments in this period", description: "Choose a longer or earlier period." }}
    />
  );
}
