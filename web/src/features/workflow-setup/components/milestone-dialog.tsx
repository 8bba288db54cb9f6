import { SaveIcon } from "lucide-react";
import { useEffect } from "react";
import { FormDialog, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type SetupMilestone, useCreateMilestone, useUpdateMilestone } from "../api";
import { withRefusalRules } from "../refusals";
import { type MilestoneValues, milestoneSchema } from "../schema";

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
  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the milestone each time the dialog opens
  useEffect(() => {
    if (open) form.reset(valuesOf(milestone, nextSortOrder));
  }, [open, milestone?.id]);

  const save = withRefusalRules(form, [[/milestone named/i, "name"]], async (v: MilestoneValues) => {
    const input = { name: v.name, sortOrder: Number(v.sortOrder), type: v.type };
    if (milestone) await update.mutateQuietly({ id: milestone.id, input });
    else await create.mutateQuietly({ input });
  });
  const { errors } = form.formState;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title={milestone ? `Edit ${milestone.name}` : "New milestone"}
      description="A stage that reports count, such as Sold or Installed. Steps are given a milestone on their page."
      formLabel={milestone ? "Edit milestone" : "New milestone"}
      submitLabel={milestone ? "Save milestone" : "Add milestone"}
      submitIcon={<SaveIcon aria-hidden="true" />}
      pending={create.isPending || update.isPending}
      labels={{ name: "milestone name", type: "milestone type" }}
      onSubmit={save}
      className="sm:max-w-md"
    >
      <div className="grid grid-cols-[1fr_7rem] gap-4">
        <FormField label="Name" error={errors.name?.message} required>
          <Input placeholder="e.g. Installed" {...form.register("name")} />
        </FormField>
        <FormField label="Sort order" error={errors.sortOrder?.message} required>
          <Input inputMode="numeric" className="tabular-nums" {...form.register("sortOrder")} />
        </FormField>
      </div>
      <FormField
        label="Type"
        error={errors.type?.message}
        description="Optional: a word that groups milestones in reports, such as Sales or Service."
      >
        <Input {...form.register("type")} />
      </FormField>
    </FormDialog>
  );
}
