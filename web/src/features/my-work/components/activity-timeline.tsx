import { CalendarPlusIcon, Loader2Icon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { PinnedValue } from "@/features/custom-fields/display";
import { formatDateTime, pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { WorkActivity } from "../api";
import { ActivityActions } from "./activity-actions";
import { ActivityDialogs, type OpenActivityDialog } from "./activity-dialogs";
import { StatusBadge } from "./work-labels";

// A thread's activities in time order: what, when, how long, at which step, whose, who entered it,
// its status and its pinned custom fields, with resolve, cancel, reopen and edit on each. A long
// thread's comes a page at a time: "Show more" under the list reads the next (later) activities.

const dot = {
  ACTIVE: "border-info bg-card",
  RESOLVED: "border-success bg-success",
  CANCELLED: "border-muted-foreground/50 bg-muted",
  DELETED: "border-muted bg-muted",
} as const;

/** A long thread's timeline comes in pages: how many there are in all, and reading the next page. */
export type TimelineMore = { total: number; hasMore: boolean; loading: boolean; onMore: () => void };

export function ActivityTimeline({
  activities,
  timeZone,
  pinned,
  more,
}: {
  activities: WorkActivity[];
  timeZone: string;
  /** Each activity's pinned custom field values (by activity id). */
  pinned?: ReadonlyMap<string, PinnedValue[]>;
  more?: TimelineMore;
}) {
  const [dialog, setDialog] = useState<OpenActivityDialog>(null);
  const at = (iso: string) => formatDateTime(iso, { timeZone, omitThisYear: true });
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Activities</CardTitle>
      </CardHeader>
      <CardContent>
        {activities.length === 0 ? (
          <EmptyState
            icon={<CalendarPlusIcon aria-hidden="true" />}
            title="No activities yet"
            description="Add the first activity: the step it belongs to, when, and who does it."
          />
        ) : (
          <ol className="grid" aria-label="Activities">
            {activities.map((a, i) => (
              <li key={a.id} className="relative grid grid-cols-[1.25rem_1fr] gap-x-3 pb-5 last:pb-0">
                {i < activities.length - 1 || more?.hasMore ? (
                  <span aria-hidden="true" className="absolute top-5 bottom-0 left-[0.5625rem] w-px bg-border" />
                ) : null}
                <span
                  aria-hidden="true"
                  className={cn("mt-1 size-3.5 justify-self-center rounded-full border-2", dot[a.status])}
                />
                <article aria-label={a.subject} className="grid min-w-0 gap-1">
                  <div className="flex items-start justify-between gap-3">
                    <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                      <h3 className={cn("font-medium text-sm", a.status === "CANCELLED" && "line-through")}>
                        {a.subject}
                      </h3>
                      <StatusBadge status={a.status} />
                      {a.priorityName ? <span className="text-muted-foreground text-xs">{a.priorityName}</span> : null}
                    </div>
                    <ActivityActions activity={a} onOpen={(kind) => setDialog({ kind, activity: a })} />
                  </div>
                  {a.details ? <p className="whitespace-pre-line text-sm">{a.details}</p> : null}
                  <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-muted-foreground text-xs">
                    <Meta term="Scheduled">
                      {at(a.scheduledTime)} · {a.lengthMinutes} min
                    </Meta>
                    <Meta term="Step">{a.stepDescription}</Meta>
                    <Meta term="Assigned to">{a.assignedPersonName ?? "Unassigned"}</Meta>
                    <Meta term="Entered by">{a.enteredByPersonName ?? "—"}</Meta>
                    {a.resolvedTime ? (
                      <Meta term="Resolved">
                        {at(a.resolvedTime)}
                        {a.resolvedByPersonName ? ` by ${a.resolvedByPersonName}` : ""}
                      </Meta>
                    ) : null}
                    {pinned?.get(a.id)?.map((p) => (
                      <Meta key={p.fieldId} term={p.label}>
                        {p.value}
                      </Meta>
                    ))}
                  </dl>
                </article>
              </li>
            ))}
          </ol>
        )}
        {more && activities.length ? <ShowMore more={more} shown={activities.length} /> : null}
      </CardContent>
      <ActivityDialogs dialog={dialog} timeZone={timeZone} onClose={() => setDialog(null)} />
    </Card>
  );
}

/** "Showing 25 of 300" and the button that reads the next page (focus stays on it as the list grows). */
function ShowMore({ more, shown }: { more: TimelineMore; shown: number }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 border-t pt-4">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        Showing {shown} of {pluralize(Math.max(more.total, shown), "activity", "activities")}
      </p>
      {more.hasMore ? (
        <Button variant="outline" size="sm" disabled={more.loading} onClick={more.onMore}>
          {more.loading ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : null}
          {more.loading ? "Loading…" : "Show more"}
        </Button>
      ) : null}
    </div>
  );
}

function Meta({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt>{term}:</dt>
      <dd className="text-foreground/80">{children}</dd>
    </div>
  );
}
