import { HistoryIcon, ListIcon, RotateCcwIcon } from "lucide-react";
import { useState } from "react";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { type AutomationReplay, useAutomationReplay } from "../api";
import { ReplayDialog } from "./replay-list";

const DAYS = 30;
const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The headline of a replay: what it would create (or do) for how many customers. */
export function replayHeadline(r: AutomationReplay, createsActivities: boolean) {
  const forWhom = count(r.customers, "customer", "customers");
  return createsActivities
    ? `Would create ${count(r.activities, "activity", "activities")} for ${forWhom}`
    : `Would act ${count(r.matched, "time", "times")} for ${forWhom}`;
}

/**
 * "Dry run (last 30 days)": the saved automation replayed over the last 30 days of its event, before
 * it is switched on — how many activities it would have created for how many customers, and the list.
 * Nothing is changed.
 */
export function ReplayPanel({
  automationId,
  isOn,
  createsActivities,
}: {
  automationId: string;
  isOn: boolean;
  /** Whether one of its saved actions creates an activity (the headline counts activities then). */
  createsActivities: boolean;
}) {
  const [asked, setAsked] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const q = useAutomationReplay(automationId, DAYS, asked);
  const r = q.data?.replayAutomation;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Dry run (last {DAYS} days)</h2>
        </CardTitle>
        <CardDescription>
          {isOn
            ? `What it would have done over the last ${DAYS} days of its event.`
            : `Before you switch it on: what it would have done over the last ${DAYS} days of its event.`}{" "}
          Nothing is changed; save first to include your edits.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!asked ? (
          <Button className="w-fit" onClick={() => setAsked(true)}>
            <HistoryIcon aria-hidden="true" />
            Dry run the last {DAYS} days
          </Button>
        ) : q.isPending ? (
          <div className="grid gap-2" role="status" aria-busy="true">
            <span className="sr-only">Replaying the last {DAYS} days…</span>
            <Skeleton className="h-7 w-3/4" />
            <Skeleton className="h-4 w-full" />
          </div>
        ) : q.isError ? (
          <QueryError error={q.error} onRetry={() => q.refetch()} title="We couldn't replay the automation" />
        ) : r ? (
          <section aria-label="Dry run of the last 30 days" className="grid gap-3">
            {r.replayable ? (
              <>
                <p className="font-semibold text-lg leading-snug" data-testid="replay-headline">
                  {replayHeadline(r, createsActivities)}
                </p>
                <p className="text-muted-foreground text-sm">
                  {r.matched.toLocaleString("en-US")} of the {count(r.eventsExamined, "event", "events")} of the last{" "}
                  {r.days} days met the conditions. Nothing was changed.
                </p>
                {r.capped ? (
                  <Alert>
                    <AlertDescription>
                      There were {r.eventsFound.toLocaleString("en-US")} events: only the newest{" "}
                      {r.eventsExamined.toLocaleString("en-US")} were examined.
                    </AlertDescription>
                  </Alert>
                ) : null}
              </>
            ) : (
              <p className="text-muted-foreground text-sm">{r.message}</p>
            )}
            <div className="flex flex-wrap gap-2">
              {r.items.length ? (
                <Button variant="outline" onClick={() => setListOpen(true)}>
                  <ListIcon aria-hidden="true" />
                  See the {count(r.matched, "record", "records")}
                </Button>
              ) : null}
              <Button variant="ghost" onClick={() => q.refetch()} disabled={q.isFetching}>
                {q.isFetching ? <Spinner size="sm" className="text-current" /> : <RotateCcwIcon aria-hidden="true" />}
                Run again
              </Button>
            </div>
            <ReplayDialog
              replay={r}
              open={listOpen}
              onOpenChange={setListOpen}
              title={replayHeadline(r, createsActivities)}
            />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
