import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime, pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { AutomationRun } from "../api";
import { automationHref } from "../labels";
import { RunOutcomes } from "./run-outcomes";
import { RunStatusBadge } from "./run-status";

/** One run of one record: its automation, status, attempts and times, and each action's outcome. */
export function RunCard({ run, eventLabel }: { run: AutomationRun; eventLabel: string }) {
  const retry = run.status === "QUEUED" && run.nextAttemptAt && run.attempts > 0;
  return (
    <Card className={cn(run.status === "FAILED" && "border-destructive/50")}>
      <CardHeader>
        <CardTitle asChild className="flex flex-wrap items-center gap-2">
          <h2>
            <Link href={automationHref(run.automationId)} className="hover:underline">
              {run.automationName}
            </Link>
            <RunStatusBadge status={run.status} dryRun={run.dryRun} />
          </h2>
        </CardTitle>
        <CardDescription>
          {eventLabel} · {formatDateTime(run.createdAt)} · {pluralize(run.attempts, "attempt")}
          {run.depth ? ` · triggered by another automation (depth ${run.depth})` : ""}
          {retry ? ` · next attempt ${formatDateTime(run.nextAttemptAt)}` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {run.actionOutcomes.length || run.conditionOutcomes.length || run.error ? (
          <RunOutcomes run={run} />
        ) : (
          <p className="text-muted-foreground text-sm">
            {run.status === "SUCCEEDED" ? "Done: it had nothing to do." : "No action has run yet."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
