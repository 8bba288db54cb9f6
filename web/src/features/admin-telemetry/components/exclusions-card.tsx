import { PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { TableHeads } from "@/components/table-heads";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";
import { type ExclusionRow, useRemoveErrorAlertExclusion } from "../api";
import { exclusionPeriod } from "./alert-text";
import { useErrorAlertsDialogs } from "./error-alerts-dialogs";

// Known errors that count for no alert while their period lasts; the active ones, or all.

function RemoveButton({ x, onRemove }: { x: ExclusionRow; onRemove: () => Promise<unknown> }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Remove exclusion ${x.message || x.program}`}>
          <Trash2Icon aria-hidden="true" />
        </Button>
      }
      title="Remove this exclusion?"
      description="Matching errors count for alerts again."
      confirmLabel="Remove"
      destructive
      onConfirm={onRemove}
    />
  );
}

export function ExclusionsCard({
  exclusions,
  activeOnly,
  onActiveOnly,
}: {
  exclusions: ExclusionRow[];
  activeOnly: boolean;
  onActiveOnly: (on: boolean) => void;
}) {
  const { addExclusion } = useErrorAlertsDialogs();
  const remove = useRemoveErrorAlertExclusion();
  const activeOnlyId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Exclusions</CardTitle>
        <CardDescription>Known errors that count for no alert while their period lasts.</CardDescription>
        <CardAction>
          <Button variant="outline" onClick={addExclusion}>
            <PlusIcon aria-hidden="true" />
            New exclusion
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center gap-3">
          <Switch id={activeOnlyId} checked={activeOnly} onCheckedChange={onActiveOnly} />
          <Label htmlFor={activeOnlyId}>Active only</Label>
        </div>
        {!exclusions.length ? (
          <p className="text-muted-foreground text-sm">
            {activeOnly ? "No exclusion is active now." : "No exclusions."}
          </p>
        ) : (
          <>
            {/* Phones: one card per exclusion. */}
            <ul className="grid gap-2 md:hidden" aria-label="Exclusions">
              {exclusions.map((x) => (
                <li key={x.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <p className="min-w-0 break-words font-medium">{x.message || "Any message"}</p>
                    <RemoveButton x={x} onRemove={() => remove.mutateAsync({ exclusionId: x.id })} />
                  </div>
                  <p className="font-mono text-muted-foreground text-xs">
                    {x.program || "any"} · {x.lineNum ?? "any"}
                  </p>
                  <p className="text-muted-foreground text-xs">{exclusionPeriod(x)}</p>
                  {x.comment ? <p className="text-muted-foreground text-xs">{x.comment}</p> : null}
                </li>
              ))}
            </ul>
            <Table aria-label="Exclusions" containerClassName="hidden md:block">
              <TableHeads
                columns={[
                  "Message contains",
                  "Program · line",
                  "Period",
                  "Comment",
                  { label: "Actions", srOnly: true },
                ]}
              />
              <TableBody>
                {exclusions.map((x) => (
                  <TableRow key={x.id}>
                    <TableCell className="max-w-72">{x.message || "Any"}</TableCell>
                    <TableCell className="whitespace-nowrap font-mono text-xs">
                      {x.program || "any"} · {x.lineNum ?? "any"}
                    </TableCell>
                    <TableCell className="min-w-48">{exclusionPeriod(x)}</TableCell>
                    <TableCell className="max-w-72 text-muted-foreground">{x.comment || "—"}</TableCell>
                    <TableCell>
                      <div className="flex justify-end">
                        <RemoveButton x={x} onRemove={() => remove.mutateAsync({ exclusionId: x.id })} />
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
