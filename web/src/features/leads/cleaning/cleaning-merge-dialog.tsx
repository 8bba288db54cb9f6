import { CopyXIcon, MergeIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { FormDialog, RadioGroupField, SwitchField, useZodForm } from "@/components/form";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import {
  type CleaningLead,
  type DuplicateGroup,
  type MergeField,
  useMarkDuplicates,
  useMergeLeads,
} from "./cleaning-api";
import { defaultChoices, differing } from "./cleaning-fields";

// A group opened for review, on the form kit: which lead survives (a radio per lead), which of the
// others join it (a switch each), and, for every field the leads disagree on, whose value the survivor
// keeps (a radio per lead). Merge asks first; "Mark as duplicates" is the quick path (the others are
// discarded as duplicates of the survivor), and the only one for those who may not merge.

const mergeSchema = z.object({
  survivorId: z.string().min(1, "Choose the lead that stays."),
  include: z.record(z.string(), z.boolean()),
  fields: z.record(z.string(), z.string()),
});
type MergeValues = z.infer<typeof mergeSchema>;

/** The leads taking part: the survivor and every other lead still included. */
const takingPart = (leads: CleaningLead[], v: Pick<MergeValues, "survivorId" | "include">) =>
  leads.filter((l) => l.id === v.survivorId || v.include[l.id] !== false);

export function MergeDialog({
  group,
  canMerge,
  onClose,
}: {
  group: DuplicateGroup | null;
  canMerge: boolean;
  onClose: () => void;
}) {
  // A form of its own for each group opened: it starts from that group's oldest lead.
  return group ? <MergeForm key={group.id} group={group} canMerge={canMerge} onClose={onClose} /> : null;
}

function MergeForm({ group, canMerge, onClose }: { group: DuplicateGroup; canMerge: boolean; onClose: () => void }) {
  const leads = group.leads;
  const oldest = [...leads].sort((a, b) => a.enteredTime.localeCompare(b.enteredTime))[0]?.id ?? "";
  const form = useZodForm(mergeSchema, {
    survivorId: oldest,
    include: Object.fromEntries(leads.map((l) => [l.id, true])),
    fields: defaultChoices(leads, oldest) as Record<string, string>,
  });
  const survivorId = useWatch({ control: form.control, name: "survivorId" });
  const include = useWatch({ control: form.control, name: "include" });
  const included = takingPart(leads, { survivorId, include });
  const others = included.filter((l) => l.id !== survivorId);
  const fields = differing(included);
  const survivor = leads.find((l) => l.id === survivorId);
  const [confirming, setConfirming] = useState<MergeValues | null>(null);
  const merge = useMergeLeads();
  const mark = useMarkDuplicates();

  // Another survivor, or another set of leads: whose value each field keeps starts again.
  const key = included.map((l) => l.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `included`
  useEffect(() => {
    form.setValue("fields", defaultChoices(included, survivorId) as Record<string, string>);
  }, [key, survivorId]);

  const runMerge = async (v: MergeValues) => {
    const joining = takingPart(leads, v).filter((l) => l.id !== v.survivorId);
    await merge.mutateAsync({
      input: {
        survivorId: v.survivorId,
        leadIds: joining.map((l) => l.id),
        fields: differing(takingPart(leads, v)).map((f) => ({
          field: f.field,
          fromLeadId: v.fields[f.field] ?? v.survivorId,
        })),
        matchedKey: group.key === "ALL" ? "" : group.key,
      },
    });
    onClose();
  };
  const markDuplicates = async () => {
    await mark.mutateAsync({ leadIds: others.map((l) => l.id), duplicateOfId: survivorId });
    onClose();
  };
  const markButton = (
    <Button
      type={canMerge ? "button" : "submit"}
      variant={canMerge ? "outline" : "default"}
      onClick={canMerge ? markDuplicates : undefined}
      disabled={!others.length || mark.isPending}
    >
      <CopyXIcon aria-hidden="true" />
      Mark as duplicates
    </Button>
  );
  const refuseAlone = () => {
    if (others.length) return true;
    form.setError("root", { message: "Include at least one other lead." });
    return false;
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      form={form}
      title={`Review ${group.label}`}
      description="Choose the lead that stays and, where the leads differ, whose value it keeps. Merged leads are hidden and can be brought back for 30 days."
      formLabel={`Review ${group.label}`}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl"
      submitLabel={canMerge ? `Merge ${others.length + 1} leads` : "Mark as duplicates"}
      submitIcon={canMerge ? <MergeIcon aria-hidden="true" /> : <CopyXIcon aria-hidden="true" />}
      pending={merge.isPending || mark.isPending}
      secondaryAction={canMerge ? markButton : null}
      onSubmit={(v) => {
        if (!refuseAlone()) return false;
        if (!canMerge) return markDuplicates();
        setConfirming(v);
        return false;
      }}
    >
      <RadioGroupField
        control={form.control}
        name="survivorId"
        legend="Leads"
        optionClassName="rounded-md border p-2"
        className="gap-2"
        options={leads.map((l) => ({
          value: l.id,
          ariaLabel: `Keep #${l.number} ${l.name}`,
          label: (
            <>
              <span className="font-medium">
                #{l.number} {l.name}
              </span>{" "}
              <span className="text-muted-foreground">{formatDateTime(l.enteredTime, { omitThisYear: true })}</span>
            </>
          ),
          end: l.id === survivorId ? <Badge>Stays</Badge> : null,
        }))}
      />
      {leads.length > 2 ? (
        <div className="grid gap-2 sm:grid-cols-2">
          {leads
            .filter((l) => l.id !== survivorId)
            .map((l) => (
              <SwitchField key={l.id} control={form.control} name={`include.${l.id}`} label={`Include #${l.number}`} />
            ))}
        </div>
      ) : null}
      {fields.length ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {fields.map((f) => (
            <RadioGroupField
              key={f.field}
              control={form.control}
              name={`fields.${f.field}` as `fields.${MergeField}`}
              legend={f.label}
              className="rounded-md border p-2"
              options={included.map((l) => ({
                value: l.id,
                ariaLabel: `${f.label} from #${l.number}: ${f.show(l) || "empty"}`,
                label: (
                  <>
                    {f.show(l) || <span className="text-muted-foreground italic">empty</span>}{" "}
                    <span className="text-muted-foreground">#{l.number}</span>
                  </>
                ),
              }))}
            />
          ))}
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">These leads hold the same values: nothing to choose.</p>
      )}
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={`Merge ${others.length} ${others.length === 1 ? "lead" : "leads"} into #${survivor?.number ?? ""}?`}
        description={`${others.map((l) => `#${l.number}`).join(", ")} will be hidden; their notes, threads and field values move to #${survivor?.number ?? ""}. You can unmerge for 30 days from the merge history.`}
        confirmLabel="Merge"
        onConfirm={() => (confirming ? runMerge(confirming) : undefined)}
      />
    </FormDialog>
  );
}
