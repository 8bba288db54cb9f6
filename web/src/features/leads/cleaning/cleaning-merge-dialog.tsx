import { CopyXIcon, MergeIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { formatDateTime } from "@/lib/format";
import { type DuplicateGroup, type MergeField, useMarkDuplicates, useMergeLeads } from "./cleaning-api";
import { defaultChoices, differing } from "./cleaning-fields";

// A group opened for review: which lead survives, which of the others join it, and, for every field
// the leads disagree on, whose value the survivor keeps (a radio per lead). Merge asks first; "Mark as
// duplicates" is the quick path (the others are discarded as duplicates of the survivor).

const radio = "size-4 shrink-0 accent-primary";

export function MergeDialog({
  group,
  canMerge,
  onClose,
}: {
  group: DuplicateGroup | null;
  canMerge: boolean;
  onClose: () => void;
}) {
  const leads = group?.leads ?? [];
  const oldest = [...leads].sort((a, b) => a.enteredTime.localeCompare(b.enteredTime))[0]?.id ?? "";
  const [survivorId, setSurvivorId] = useState(oldest);
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const [choices, setChoices] = useState<Partial<Record<MergeField, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const merge = useMergeLeads();
  const mark = useMarkDuplicates();
  const included = useMemo(
    () => leads.filter((l) => !excluded.has(l.id) || l.id === survivorId),
    [leads, excluded, survivorId],
  );
  const others = included.filter((l) => l.id !== survivorId);
  const fields = differing(included);
  const survivor = leads.find((l) => l.id === survivorId);

  // A new group starts from its oldest lead; a new survivor or selection starts the choices again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another group opens
  useEffect(() => {
    setSurvivorId(oldest);
    setExcluded(new Set());
  }, [group?.id]);
  useEffect(() => setChoices(defaultChoices(included, survivorId)), [included, survivorId]);

  const close = (open: boolean) => (open ? null : onClose());
  const runMerge = async () => {
    await merge.mutateAsync({
      input: {
        survivorId,
        leadIds: others.map((l) => l.id),
        fields: fields.map((f) => ({ field: f.field, fromLeadId: choices[f.field] ?? survivorId })),
        matchedKey: group?.key === "ALL" ? "" : (group?.key ?? ""),
      },
    });
    onClose();
  };
  const markDuplicates = async () => {
    await mark.mutateAsync({ leadIds: others.map((l) => l.id), duplicateOfId: survivorId });
    onClose();
  };

  return (
    <Dialog open={!!group} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Review {group?.label}</DialogTitle>
          <DialogDescription>
            Choose the lead that stays and, where the leads differ, whose value it keeps. Merged leads are hidden and
            can be brought back for 30 days.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-2 font-medium text-sm">Leads</legend>
          {leads.map((l) => (
            <div
              key={l.id}
              className="flex flex-col gap-1 rounded-md border p-2 text-sm sm:flex-row sm:items-center sm:gap-4"
            >
              <label className="flex min-w-0 items-center gap-2 sm:flex-1">
                <input
                  type="radio"
                  name="survivor"
                  className={radio}
                  checked={survivorId === l.id}
                  onChange={() => setSurvivorId(l.id)}
                  aria-label={`Keep #${l.number} ${l.name}`}
                />
                <span className="min-w-0 break-words">
                  <span className="font-medium">
                    #{l.number} {l.name}
                  </span>{" "}
                  <span className="text-muted-foreground">{formatDateTime(l.enteredTime, { omitThisYear: true })}</span>
                </span>
                {survivorId === l.id ? <Badge>Stays</Badge> : null}
              </label>
              {survivorId !== l.id ? (
                <label className="flex items-center gap-2 pl-6 text-muted-foreground sm:pl-0">
                  <input
                    type="checkbox"
                    className={radio}
                    checked={!excluded.has(l.id)}
                    onChange={(e) =>
                      setExcluded((s) => {
                        const next = new Set(s);
                        if (e.target.checked) next.delete(l.id);
                        else next.add(l.id);
                        return next;
                      })
                    }
                  />
                  Include #{l.number}
                </label>
              ) : null}
            </div>
          ))}
        </fieldset>
        {fields.length ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {fields.map((f) => (
              <fieldset key={f.field} className="grid min-w-0 content-start gap-1 rounded-md border p-2 text-sm">
                <legend className="px-1 font-medium">{f.label}</legend>
                {included.map((l) => (
                  <label key={l.id} className="flex items-start gap-2">
                    <input
                      type="radio"
                      name={`field-${f.field}`}
                      className={`${radio} mt-0.5`}
                      checked={(choices[f.field] ?? survivorId) === l.id}
                      onChange={() => setChoices((c) => ({ ...c, [f.field]: l.id }))}
                      aria-label={`${f.label} from #${l.number}: ${f.show(l) || "empty"}`}
                    />
                    <span className="min-w-0 break-words">
                      {f.show(l) || <span className="text-muted-foreground italic">empty</span>}{" "}
                      <span className="text-muted-foreground">#{l.number}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">These leads hold the same values: nothing to choose.</p>
        )}
        <DialogFooter className="gap-2">
          <Button variant="outline" onClick={markDuplicates} disabled={!others.length || mark.isPending}>
            <CopyXIcon aria-hidden="true" />
            Mark as duplicates
          </Button>
          {canMerge ? (
            <Button onClick={() => setConfirming(true)} disabled={!others.length}>
              <MergeIcon aria-hidden="true" />
              Merge {others.length + 1} leads
            </Button>
          ) : null}
        </DialogFooter>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Merge ${others.length} ${others.length === 1 ? "lead" : "leads"} into #${survivor?.number ?? ""}?`}
          description={`${others.map((l) => `#${l.number}`).join(", ")} will be hidden; their notes, threads and field values move to #${survivor?.number ?? ""}. You can unmerge for 30 days from the merge history.`}
          confirmLabel="Merge"
          onConfirm={runMerge}
        />
      </DialogContent>
    </Dialog>
  );
}
