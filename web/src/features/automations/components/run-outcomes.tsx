import { CheckIcon, CircleAlertIcon, XIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { AutomationRun } from "../api";
import { ACTION_LABELS } from "../labels";

const OUTCOME_VARIANTS: Record<string, "success" | "destructive" | "info" | "secondary"> = {
  SUCCEEDED: "success",
  FAILED: "destructive",
  STARTED: "info",
  WOULD: "info",
};
const OUTCOME_LABELS: Record<string, string> = {
  SUCCEEDED: "Done",
  FAILED: "Failed",
  STARTED: "Sending",
  WOULD: "Would",
};

/** What a run found (each condition, met or not) and what each action did, or in a dry run would do. */
export function RunOutcomes({ run, actionCount }: { run: AutomationRun; actionCount?: number }) {
  const done = new Map(run.actionOutcomes.map((o) => [o.actionIndex, o]));
  const count = Math.max(actionCount ?? 0, ...run.actionOutcomes.map((o) => o.actionIndex + 1));
  return (
    <div className="grid gap-3 text-sm">
      {run.conditionOutcomes.length ? (
        <ul aria-label="Conditions" className="grid gap-1">
          {run.conditionOutcomes.map((c) => (
            <li key={c.text} className="flex items-start gap-2">
              {c.met ? (
                <CheckIcon aria-label="Met" className="mt-0.5 size-4 shrink-0 text-success" />
              ) : (
                <XIcon aria-label="Not met" className="mt-0.5 size-4 shrink-0 text-destructive" />
              )}
              <span>{c.text}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {run.conditionsMet === false ? (
        <p className="text-muted-foreground">The conditions do not hold for this record: nothing would be done.</p>
      ) : null}
      {count ? (
        <ol aria-label="Actions" className="grid gap-2">
          {Array.from({ length: count }, (_, i) => {
            const o = done.get(i);
            return (
              <li key={i} className="flex items-start gap-2">
                <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-muted text-xs tabular-nums">
                  {i + 1}
                </span>
                <span className="grid gap-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    {o?.type ? <span className="font-medium">{ACTION_LABELS[o.type]}</span> : null}
                    <Badge variant={o ? (OUTCOME_VARIANTS[o.outcome] ?? "secondary") : "secondary"}>
                      {o ? (OUTCOME_LABELS[o.outcome] ?? o.outcome) : "Not done yet"}
                    </Badge>
                  </span>
                  {o?.detail ? <span className="text-muted-foreground">{o.detail}</span> : null}
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}
      {run.error ? (
        <p className="flex items-start gap-2 text-destructive">
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {run.error}
        </p>
      ) : null}
    </div>
  );
}
