import { PencilIcon } from "lucide-react";
import { ResourceUsageBar } from "@/components/resource-usage-bar";
import { Button } from "@/components/ui/button";
import { formatCalendarDate, formatDateTime } from "@/lib/format";
import type { ResourceLimit } from "../../api";
import { categoryLabels } from "../../format";

/** One period of one category: its usage bar, dates and Edit. */
export function LimitRow({ limit, onEdit }: { limit: ResourceLimit; onEdit: () => void }) {
  return (
    <li className="grid gap-3 border-b py-3 last:border-b-0 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1">
        <ResourceUsageBar
          label={categoryLabels[limit.category] ?? limit.category}
          used={limit.used}
          limit={limit.limit}
          warningPercent={limit.warningPercent}
          cutoffPercent={limit.cutoffPercent}
        />
        <span className="text-muted-foreground text-xs">
          {formatCalendarDate(limit.startDate)} – {formatCalendarDate(limit.endDate)} · updated{" "}
          {formatDateTime(limit.lastUpdated)}
        </span>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onEdit}
        aria-label={`Edit ${categoryLabels[limit.category]} of ${limit.tenantName}, ${limit.startDate}`}
      >
        <PencilIcon aria-hidden="true" />
        Edit
      </Button>
    </li>
  );
}
