import { FlaskConicalIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { describeMutationError } from "@/lib/use-gql-mutation";
import { type AutomationRun, type TableId, useTestAutomation } from "../api";
import { tableNoun } from "../labels";
import { RunOutcomes } from "./run-outcomes";

/**
 * "Test": a dry run of the saved automation on a record (typed, or one of its recent runs' records),
 * showing whether the conditions hold and what each action would do. Nothing is changed.
 */
export function TestPanel({
  automationId,
  tableId,
  recent,
  actionCount,
}: {
  automationId: string;
  tableId: TableId;
  recent: { entityId: string; label: string }[];
  actionCount: number;
}) {
  const [entityId, setEntityId] = useState("");
  const [result, setResult] = useState<AutomationRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const test = useTestAutomation({ successToast: false });
  const noun = tableNoun(tableId);
  const recentId = useId();
  const run = async () => {
    setError(null);
    setResult(null);
    try {
      const r = await test.mutateQuietly({ id: automationId, entityId: entityId.trim(), dryRun: true });
      setResult(r.testAutomation.run ?? null);
    } catch (e) {
      setError(describeMutationError(e));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Test</h2>
        </CardTitle>
        <CardDescription>
          A dry run on one {noun}: whether the conditions hold and what each action would do. Nothing is changed; save
          first to test your edits.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="grid items-end gap-3 sm:grid-cols-[1fr_auto]"
          aria-label="Test"
          onSubmit={(e) => {
            e.preventDefault();
            if (entityId.trim()) run();
          }}
        >
          <FormField label={`The ${noun}'s id`} error={error}>
            <Input value={entityId} onChange={(e) => setEntityId(e.target.value)} autoComplete="off" />
          </FormField>
          <Button type="submit" disabled={!entityId.trim() || test.isPending}>
            {test.isPending ? <Spinner size="sm" className="text-current" /> : <FlaskConicalIcon aria-hidden="true" />}
            Dry run
          </Button>
          {recent.length ? (
            <div className="grid gap-1.5 sm:col-span-2">
              <label htmlFor={recentId} className="text-muted-foreground text-sm">
                Or one it ran on lately
              </label>
              <Select value="" onValueChange={setEntityId}>
                <SelectTrigger id={recentId}>
                  <SelectValue placeholder={`Choose a recent ${noun}…`} />
                </SelectTrigger>
                <SelectContent>
                  {recent.map((r) => (
                    <SelectItem key={r.entityId} value={r.entityId}>
                      {r.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          ) : null}
        </form>
        {result ? (
          <section aria-label="Dry run result" className="rounded-md border bg-muted/30 p-3">
            <RunOutcomes run={result} actionCount={result.conditionsMet ? actionCount : 0} />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
