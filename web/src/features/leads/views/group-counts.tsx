import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { type LeadGroupBy, type LeadWhere, useLeadGroupCounts } from "./api";
import { GROUPS } from "./filters";

// The view's counts per group (every matching lead, not only the page's): a bar per group with its
// count; clicking a status, source, person, form or zone narrows the view to it.

const FILTER_KEY: Partial<Record<LeadGroupBy, string>> = {
  STATUS: "status",
  SOURCE: "source",
  PERSON: "person",
  FORM: "form",
  ZONE: "zone",
};

export function GroupCounts({
  where,
  groupBy,
  onPick,
}: {
  where: LeadWhere;
  groupBy: LeadGroupBy;
  onPick: (filterKey: string, value: string) => void;
}) {
  const q = useLeadGroupCounts(where, groupBy, true);
  const groups = q.data?.leadGroupCounts ?? [];
  const max = Math.max(1, ...groups.map((g) => g.count));
  const key = FILTER_KEY[groupBy];
  const title = GROUPS.find((g) => g.value === groupBy)?.label.replace("Group by", "Leads by") ?? "Leads by group";
  return (
    <Card className="gap-2 p-3">
      <h2 className="font-medium text-sm">{title}</h2>
      {q.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : groups.length === 0 ? (
        <p className="text-muted-foreground text-sm">No leads to count.</p>
      ) : (
        <ul className="grid max-h-64 gap-1 overflow-y-auto" aria-label={title}>
          {groups.map((g) => {
            const label = (
              <>
                <span className="relative z-10 truncate">{g.label}</span>
                <span className="relative z-10 ml-auto tabular-nums">{formatNumber(g.count)}</span>
                <span
                  aria-hidden="true"
                  className="absolute inset-y-0 left-0 rounded bg-primary/15"
                  style={{ width: `${(g.count / max) * 100}%` }}
                />
              </>
            );
            const cls = "relative flex w-full items-center gap-2 overflow-hidden rounded px-2 py-1 text-left text-sm";
            return (
              <li key={g.key ?? "none"}>
                {key && g.key ? (
                  <button type="button" className={`${cls} hover:bg-muted`} onClick={() => onPick(key, g.key!)}>
                    {label}
                  </button>
                ) : (
                  <div className={cls}>{label}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
