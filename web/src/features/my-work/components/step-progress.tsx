import { CheckIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import type { WorkStep } from "../api";
import type { WorkThread } from "../thread-api";

// Where a thread is: its project's steps in order, each done, current or ahead. The current step is
// the furthest step with open work (else the furthest with done work); the steps before it are done.
// A closed thread has every step up to its last done.

export type StepState = "done" | "current" | "ahead";

const funnelLabels: Record<WorkStep["funnelPosition"], string> = {
  TOP: "Top of funnel",
  MIDDLE: "Middle of funnel",
  BOTTOM: "Bottom of funnel",
  SUCCESS: "Success",
  FAILURE: "Failure",
  OTHER: "Outside the funnel",
};

/** The thread's current step (null before any work) and each step's state, from its activities counted per step. */
export function threadProgress(thread: WorkThread, steps: WorkStep[]) {
  const open = thread.stepCounts.filter((c) => c.active > 0);
  const pool = open.length ? open : thread.stepCounts.filter((c) => c.resolved > 0);
  const furthest = pool.reduce<(typeof pool)[number] | null>(
    (best, c) => (!best || c.stepSortLevel > best.stepSortLevel ? c : best),
    null,
  );
  const level = furthest?.stepSortLevel ?? Number.NEGATIVE_INFINITY;
  const current = furthest && !thread.closedAt ? (steps.find((s) => s.id === furthest.stepId) ?? null) : null;
  const stateOf = (s: WorkStep): StepState =>
    current?.id === s.id
      ? "current"
      : s.sortLevel < level || (thread.closedAt && s.sortLevel <= level)
        ? "done"
        : "ahead";
  return { current, stateOf };
}

export function StepProgress({ steps, stateOf }: { steps: WorkStep[]; stateOf: (s: WorkStep) => StepState }) {
  const shown = steps.filter((s) => !s.inactive || stateOf(s) !== "ahead");
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Steps</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 sm:flex sm:gap-0" aria-label="Steps">
          {shown.map((s, i) => {
            const state = stateOf(s);
            return (
              <li
                key={s.id}
                aria-current={state === "current" ? "step" : undefined}
                className="relative flex items-center gap-3 sm:flex-1 sm:flex-col sm:items-start sm:gap-2"
              >
                <div className="flex items-center sm:w-full">
                  <span
                    className={cn(
                      "z-10 flex size-7 shrink-0 items-center justify-center rounded-full border-2 font-medium text-xs",
                      state === "done" && "border-success bg-success text-success-foreground",
                      state === "current" && "border-primary bg-primary text-primary-foreground",
                      state === "ahead" && "border-border bg-card text-muted-foreground",
                    )}
                  >
                    {state === "done" ? <CheckIcon aria-hidden="true" className="size-4" /> : i + 1}
                  </span>
                  {i < shown.length - 1 ? (
                    <span
                      aria-hidden="true"
                      className={cn("hidden h-0.5 flex-1 sm:block", state === "done" ? "bg-success" : "bg-border")}
                    />
                  ) : null}
                </div>
                <div className="grid min-w-0 gap-0.5 sm:pr-3">
                  <span className={cn("font-medium text-sm", state === "ahead" && "text-muted-foreground")}>
                    {s.description}
                  </span>
                  <span className="text-muted-foreground text-xs">
                    {state === "done" ? "Done" : state === "current" ? "Current" : "Ahead"} ·{" "}
                    {funnelLabels[s.funnelPosition]}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
