import { ResourceUsageBar } from "@/components/resource-usage-bar";
import { formatCalendarDate, formatDateTime } from "@/lib/format";

/** The fields of one period of a resource limit that its usage line shows. */
export type ResourceLimitPeriodValues = {
  used: number;
  limit: number;
  warningPercent: number;
  cutoffPercent: number;
  startDate: string;
  endDate: string;
  lastUpdated: string;
};

/** One period of a resource limit: its usage bar, then its dates and when its use was last counted. */
export function ResourceLimitPeriod({ label, period }: { label: string; period: ResourceLimitPeriodValues }) {
  return (
    <>
      <ResourceUsageBar
        label={label}
        used={period.used}
        limit={period.limit}
        warningPercent={period.warningPercent}
        cutoffPercent={period.cutoffPercent}
      />
      <span className="text-muted-foreground text-xs">
        {formatCalendarDate(period.startDate)} – {formatCalendarDate(period.endDate)} · updated{" "}
        {formatDateTime(period.lastUpdated)}
      </span>
    </>
  );
}
