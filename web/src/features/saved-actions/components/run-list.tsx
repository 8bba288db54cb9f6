import { RotateCcwIcon } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";
import { type ShortcutRun, useRunFailures, useShortcutRuns, useUndoRun } from "../api";

// The recent runs of a shortcut or a saved action: a progress bar while one runs (polled each second,
// so a reload finds it again), then its counts, its failures on demand, and Undo for 24 hours.

function Progress({ run }: { run: ShortcutRun }) {
  const pct = run.total ? Math.round((run.done / run.total) * 100) : 0;
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={`Progress of the run of ${run.shortcutName}`}
        aria-valuemin={0}
        aria-valuemax={run.total}
        aria-valuenow={run.done}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      <span className="text-muted-foreground text-xs tabular-nums">
        {run.status === "QUEUED" ? "Waiting to start" : `${run.done.toLocaleString()} of ${run.total.toLocaleString()}`}
      </span>
    </div>
  );
}

function Failures({ id }: { id: string }) {
  const q = useRunFailures(id, true);
  const page = q.data?.workflowShortcutRun.outcomes;
  if (!page) return null;
  return (
    <ul className="grid gap-1 text-xs">
      {page.items.map((o) => (
        <li key={o.entityId} className="break-words">
          <span className="font-mono text-muted-foreground">{o.entityId.slice(0, 8)}</span> {o.message}
        </li>
      ))}
      {page.totalCount > page.items.length ? <li>… and {page.totalCount - page.items.length} more.</li> : null}
    </ul>
  );
}

function RunRow({ run }: { run: ShortcutRun }) {
  const undo = useUndoRun();
  const [showFailures, setShowFailures] = useState(false);
  const state =
    run.status !== "DONE" ? (
      <Badge variant="info">Running</Badge>
    ) : run.undoneAt ? (
      <Badge variant="secondary">Undone</Badge>
    ) : (
      <Badge variant="success">Done</Badge>
    );
  return (
    <li className="grid gap-2 border-b py-3 last:border-b-0" data-testid="shortcut-run">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <span className="flex flex-wrap items-center gap-2 font-medium text-sm">
            {run.total.toLocaleString()} {run.total === 1 ? "record" : "records"} {state}
          </span>
          <span className="text-muted-foreground text-xs">
            {formatDateTime(run.createdAt, { omitThisYear: true })}
            {run.startedBy ? ` · ${run.startedBy}` : ""}
            {run.undoneAt ? ` · undone ${formatDateTime(run.undoneAt, { omitThisYear: true })}` : ""}
            {run.undoneBy ? ` by ${run.undoneBy}` : ""}
          </span>
        </div>
        {run.status === "DONE" && !run.undoneAt && !run.undoRefusal ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={undo.isPending}>
                <RotateCcwIcon aria-hidden="true" />
                Undo
              </Button>
            }
            title="Undo this run?"
            description={`What it created, resolved or set is put back (until ${formatDateTime(run.undoUntil, { omitThisYear: true })}); what someone changed since is kept. Mails cannot be unsent.`}
            confirmLabel="Undo run"
            onConfirm={() => undo.mutateAsync({ id: run.id })}
          />
        ) : null}
      </div>
      {run.status !== "DONE" ? (
        <Progress run={run} />
      ) : (
        <span className="text-sm">
          {run.succeeded.toLocaleString()} done
          {run.failed ? (
            <>
              {", "}
              <button type="button" className="underline" onClick={() => setShowFailures((v) => !v)}>
                {run.failed.toLocaleString()} failed
              </button>
            </>
          ) : null}
          .
        </span>
      )}
      {showFailures ? <Failures id={run.id} /> : null}
    </li>
  );
}

/** The recent runs of a shortcut or of a saved action, newest first. */
export function RunList({ shortcutId, savedActionId }: { shortcutId?: string; savedActionId?: string }) {
  const q = useShortcutRuns({ shortcutId: shortcutId ?? null, savedActionId: savedActionId ?? null });
  const runs = q.data?.workflowShortcutRuns ?? [];
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle>Recent runs</CardTitle>
        <CardDescription>
          Each run can be undone for 24 hours, by who ran it or a workflow configurator.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {runs.length ? (
          <ul aria-label="Recent runs">
            {runs.map((r) => (
              <RunRow key={r.id} run={r} />
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">{q.isPending ? "Loading…" : "Not run yet."}</p>
        )}
      </CardContent>
    </Card>
  );
}
