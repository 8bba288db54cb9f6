import { DownloadIcon } from "lucide-react";
import { useLocation, useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { addDays, formatCalendarDate, todayIn } from "@/lib/format";
import { type SummaryGroup, useActivitySummary } from "../api";
import { breakdownCsv, breakdownFileName, downloadText } from "../breakdown-csv";
import { BreakdownChart } from "../components/breakdown-chart";
import { BreakdownTable } from "../components/breakdown-table";
import { PeriodPicker, type PeriodPreset, usePeriodParams } from "../components/period-picker";
import { dayRange, useBranchTimeZone } from "../time";

// How the work went: activities scheduled in a period of branch days, counted by step, person or
// status (open, resolved, cancelled), as bars and as a table that downloads as CSV. The period and the
// grouping are in the address (?from=&to=&by=).

const GROUPS: { value: SummaryGroup; label: string }[] = [
  { value: "PERSON", label: "Person" },
  { value: "STEP", label: "Step" },
  { value: "STATUS", label: "Status" },
];
const MAX_DAYS = 366;

/** The Monday of `day`'s week. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000) + 1;

function useGroupBy() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const given = new URLSearchParams(search).get("by")?.toUpperCase();
  const groupBy = GROUPS.find((g) => g.value === given)?.value ?? "PERSON";
  const set = (value: SummaryGroup) => {
    const p = new URLSearchParams(search);
    if (value === "PERSON") p.delete("by");
    else p.set("by", value.toLowerCase());
    const text = p.toString();
    navigate(`${location}${text ? `?${text}` : ""}`, { replace: true });
  };
  return { groupBy, set };
}

/** team/activity-breakdown: the period's activities by person, step or status, with totals. */
export default function ActivityBreakdownPage() {
  const timeZone = useBranchTimeZone();
  const today = todayIn(timeZone);
  const monday = mondayOf(today);
  const monthStart = `${today.slice(0, 8)}01`;
  const presets: PeriodPreset[] = [
    { id: "week", label: "This week", from: monday, to: addDays(monday, 6) },
    { id: "last-week", label: "Last week", from: addDays(monday, -7), to: addDays(monday, -1) },
    { id: "month", label: "This month", from: monthStart, to: addDays(`${addDays(monthStart, 32).slice(0, 8)}01`, -1) },
    { id: "30", label: "Last 30 days", from: addDays(today, -29), to: today },
  ];
  const period = usePeriodParams({ from: presets[0]!.from, to: presets[0]!.to });
  const from = period.from ?? presets[0]!.from!;
  const to = period.to ?? presets[0]!.to!;
  const tooLong = daysBetween(from, to) > MAX_DAYS;
  const { groupBy, set } = useGroupBy();
  const query = useActivitySummary({ ...dayRange(from, to, timeZone), groupBy }, !tooLong);
  const refreshing = query.isFetching && !query.isPending;
  const rows = query.data?.activitySummary;

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Activity breakdown" />
      <PageHeader
        title="Activity breakdown"
        description={`Activities scheduled ${formatCalendarDate(from)} – ${formatCalendarDate(to)}: open, resolved and cancelled.`}
        actions={
          <Button
            variant="outline"
            disabled={tooLong || !rows?.length}
            onClick={() => rows && downloadText(breakdownFileName(groupBy, from, to), breakdownCsv(rows, groupBy))}
          >
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </Button>
        }
      >
        <div className="flex flex-wrap items-end gap-3">
          <PeriodPicker presets={presets} period={{ from, to }} onChange={period.set} />
          <FormField label="Group by" className="w-36">
            {(control) => (
              <Select value={groupBy} onValueChange={(v) => set(v as SummaryGroup)}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {GROUPS.map((g) => (
                    <SelectItem key={g.value} value={g.value}>
                      {g.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          {refreshing ? <Spinner size="sm" label="Updating" className="mb-2" /> : null}
        </div>
      </PageHeader>
      {tooLong ? (
        <p role="alert" className="text-destructive text-sm">
          A period may be at most {MAX_DAYS} days long. Choose a shorter one.
        </p>
      ) : (
        <>
          {rows ? <BreakdownChart rows={rows} groupBy={groupBy} /> : null}
          <BreakdownTable rows={rows} groupBy={groupBy} query={query} />
        </>
      )}
    </div>
  );
}
