import { Link } from "wouter";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, pluralize, todayIn } from "@/lib/format";
import { useCustomerWork } from "../api";
import { dueOf, useBranchTimeZone } from "../time";
import { threadHref } from "./activity-actions";

// "This customer's work", beside one of the customer's records (a project thread, the customer's
// automation runs): its other threads (project, current step, open or closed) and its open activities
// (subject, step, when due, who has it), each linking to its thread.

const SHOWN = 8;

export function CustomerWorkCard({
  customerId,
  exceptThreadId,
}: {
  customerId: string;
  /** The thread the page is about: neither it nor its activities (on the page's timeline) are listed again. */
  exceptThreadId?: string;
}) {
  const timeZone = useBranchTimeZone();
  const today = todayIn(timeZone);
  const q = useCustomerWork(customerId);
  const work = q.data?.customerWork;
  const threads = work?.threads.filter((t) => t.id !== exceptThreadId) ?? [];
  // The server holds each thread's first open activities (enough for SHOWN, whichever thread is left
  // out) and counts all of them per thread.
  const open = work?.openActivities.filter((a) => a.threadId !== exceptThreadId) ?? [];
  const openCount = threads.reduce((n, t) => n + t.openActivityCount, 0);
  return (
    <Card role="region" className="gap-3" aria-labelledby="customer-work-title">
      <CardHeader>
        <CardTitle id="customer-work-title">This customer's work</CardTitle>
        <CardDescription>
          {work
            ? `${work.customerName}: ${pluralize(work.openActivityCount, "open activity", "open activities")} across ${pluralize(work.threads.length, "thread", "threads")}.`
            : "Its threads and open activities."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        {q.isPending ? (
          <>
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </>
        ) : q.isError || !work ? (
          <QueryError error={q.error} onRetry={() => q.refetch()} title="We couldn't load the customer's work" />
        ) : (
          <>
            <section aria-label={exceptThreadId ? "Other threads" : "Threads"} className="grid content-start gap-2">
              <h4 className="font-medium text-muted-foreground text-xs">
                {exceptThreadId ? "Other threads" : "Threads"}
              </h4>
              {threads.length ? (
                <ul className="grid divide-y rounded-md border">
                  {threads.map((t) => (
                    <li key={t.id} className="flex items-start justify-between gap-2 px-3 py-2 text-sm">
                      <span className="grid min-w-0">
                        <Link href={threadHref(t.id)} className="truncate font-medium hover:underline">
                          {t.projectDescription}
                        </Link>
                        <span className="text-muted-foreground text-xs">
                          {t.closedAt ? "Finished" : (t.currentStepDescription ?? "Not started")} ·{" "}
                          {pluralize(t.openActivityCount, "open activity", "open activities")}
                        </span>
                      </span>
                      {t.closedAt ? <Badge variant="secondary">Closed</Badge> : <Badge variant="success">Open</Badge>}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground text-sm">No {exceptThreadId ? "other " : ""}threads.</p>
              )}
            </section>
            <section
              aria-label={exceptThreadId ? "Open activities elsewhere" : "Open activities"}
              className="grid content-start gap-2"
            >
              <h4 className="font-medium text-muted-foreground text-xs">
                {exceptThreadId ? "Open activities elsewhere" : "Open activities"}
              </h4>
              {open.length ? (
                <ul className="grid divide-y rounded-md border">
                  {open.slice(0, SHOWN).map((a) => {
                    const overdue = dueOf(a.scheduledTime, timeZone, today) === "overdue";
                    return (
                      <li key={a.id} className="grid gap-0.5 px-3 py-2 text-sm">
                        <Link href={threadHref(a.threadId)} className="truncate font-medium hover:underline">
                          {a.subject}
                        </Link>
                        <span className="text-muted-foreground text-xs">
                          {a.projectDescription}: {a.stepDescription} ·{" "}
                          <span className={overdue ? "text-destructive" : undefined}>
                            {overdue ? "overdue, " : "due "}
                            {formatDateTime(a.scheduledTime, { timeZone, omitThisYear: true })}
                          </span>{" "}
                          · {a.assignedPersonName ?? "Unassigned"}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className="text-muted-foreground text-sm">No open activities{exceptThreadId ? " elsewhere" : ""}.</p>
              )}
              {openCount > SHOWN ? (
                <p className="text-muted-foreground text-xs">And {openCount - SHOWN} more on its threads.</p>
              ) : null}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
