import { PencilIcon } from "lucide-react";
import { ResourceLimitPeriod } from "@/components/resource-limit-period";
import { Button } from "@/components/ui/button";
import type { ResourceLimit } from "../../api";
import { categoryLabels } from "../../format";

/** One period of one category: its usage bar, dates and Edit. */
export function LimitRow({ limit, onEdit }: { limit: ResourceLimit; onEdit: () => void }) {
  return (
    <li className="grid gap-3 border-b py-3 last:border-b-0 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1">
        <ResourceLimitPeriod label={categoryLabels[limit.category] ?? limit.category} period={limit} />
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
