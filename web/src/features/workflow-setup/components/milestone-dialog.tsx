import { useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type SetupMilestone, useCreateMilestone, useUpdateMilestone } from "../api";
import { type MilestoneValues, milestoneSchema } from "../schema";
import { SortedNameDialog } from "./sorted-name-dialog";

const valuesOf = (m: SetupMilestone | null, nextSortOrder: number): MilestoneValues => ({
  name: m?.name ?? "",
  sortOrder: String(m?.sortOrder ?? nextSortOrder),
  type: m?.type ?? "",
});

/** A milestone, new or edited: its name, its place among the milestones, and its type (free text). */
export function MilestoneDialog({
  open,
  onOpenChange,
  milestone,
  nextSortOrder,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  milestone: SetupMilestone | null;
  nextSortOrder: number;
}) {
  const form = useZodForm(milestoneSchema, valuesOf(milestone, nextSortOrder));
  const create = useCreateMilestone();
  const update = useUpdateMilestone();
  return (
    <SortedNameDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      noun="milestone"
      editing={milestone}
      startValues={valuesOf(milestone, nextSortOrder)}
      description="A stage that reports count, such as Sold or Installed. Steps are given a milestone on their page."
      namePlaceholder="e.g. Installed"
      labels={{ name: "milestone name", type: "milestone type" }}
      pending={create.isPending || update.isPending}
      onSave={async (v) => {
        const input = { name: v.name, sortOrder: Number(v.sortOrder), type: v.type };
        if (milestone) await update.mutateQuietly({ id: milestone.id, input });
        else await create.mutateQuietly({ input });
      }}
    >
      <FormField
        label="Type"
        error={form.formState.errors.type?.message}
        description="Optional: a word that groups milestones in reports, such as Sales or Service."
      >
        <Input {...form.register("type")} />
      </FormField>
    </SortedNameDialog>
  );
}
