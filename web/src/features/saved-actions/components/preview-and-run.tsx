import { EyeIcon, PlayIcon } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { type SavedAction, useRunSavedAction, useSavedActionPreview } from "../api";

/** "Preview" (what a run would change now, nothing written) and "Run" (a run whose progress shows below). */
export function PreviewAndRun({ savedAction }: { savedAction: SavedAction }) {
  const [asked, setAsked] = useState(0);
  const preview = useSavedActionPreview(savedAction.id, asked > 0);
  const run = useRunSavedAction();
  // A run changes what a preview said: it is hidden until asked for again.
  const [shown, setShown] = useState(false);
  const p = shown ? preview.data?.savedActionPreview : undefined;
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle>Preview and run</CardTitle>
        <CardDescription>
          Preview counts what a run would change on the records the filter selects now; nothing is written.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => {
              setShown(true);
              if (asked) void preview.refetch();
              else setAsked(1);
            }}
            disabled={preview.isFetching}
          >
            {preview.isFetching ? <Spinner /> : <EyeIcon aria-hidden="true" />}
            Preview
          </Button>
          <Button
            onClick={() => {
              setShown(false);
              run.mutate({ id: savedAction.id, idempotencyKey: crypto.randomUUID() });
            }}
            disabled={run.isPending}
          >
            {run.isPending ? <Spinner /> : <PlayIcon aria-hidden="true" />}
            Run
          </Button>
        </div>
        {shown && preview.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{preview.error.message}</AlertDescription>
          </Alert>
        ) : null}
        {p ? (
          <section aria-label="Preview" className="grid gap-2 text-sm">
            <p className="font-medium">{p.summary}</p>
            <ul className="grid list-disc gap-1 pl-5">
              {p.actions.map((a) => (
                <li key={a.actionIndex}>{a.summary}</li>
              ))}
            </ul>
            {p.failures.length ? (
              <ul className="grid gap-1 text-muted-foreground text-xs">
                {p.failures.map((f) => (
                  <li key={f.entityId} className="break-words">
                    {f.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
