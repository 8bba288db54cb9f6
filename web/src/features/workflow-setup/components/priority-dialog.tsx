import { SaveIcon } from "lucide-react";
import { useEffect } from "react";
import { FormDialog, SwitchField, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type SetupPriority, useCreatePriority, useUpdatePriority } from "../api";
import { withRefusalRules } from "../refusals";
import { type PriorityValues, prioritySchema } from "../schema";

const valuesOf = (p: SetupPriority | null, nextSortOrder: number): PriorityValues => ({
  name: p?.name ?? "",
  sortOrder: String(p?.sortOrder ?? nextSortOrder),
  inactive: p?.inactive ?? false,
});

/** A priority, new or edited: its name, where it sorts in the lists, and whether it is still offered. */
export function PriorityDialog({
  open,
  onOpenChange,
  priority,
  nextSortOrder,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  priority: SetupPriority | null;
  /** A new priority's starting sort order (after the last one). */
  nextSortOrder: number;
}) {
  const form = useZodForm(prioritySchema, valuesOf(priority, nextSortOrder));
  const create = useCreatePriority();
  const update = useUpdatePriority();
  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the priority each time the dialog opens
  useEffect(() => {
    if (open) form.reset(valuesOf(priority, nextSortOrder));
  }, [open, priority?.id]);

  const save = withRefusalRules(form, [[/priority named/i, "name"]], async (v: PriorityValues) => {
    const input = { name: v.name, sortOrder: Number(v.sortOrder), inactive: v.inactive };
    if (priority) await update.mutateQuietly({ id: priority.id, input });
    else await create.mutateQuietly({ input });
  });
  const { errors } = form.formState;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title={priority ? `Edit ${priority.name}` : "New priority"}
      description="How urgent an activity is. Lists show priorities by sort order, lowest first."
      formLabel={priority ? "Edit priority" : "New priority"}
      submitLabel={priority ? "Save priority" : "Add priority"}
      submitIcon={<SaveIcon aria-hidden="true" />}
      pending={create.isPending || update.isPending}
      labels={{ name: "priority name" }}
      onSubmit={save}
      className="sm:max-w-md"
    >
      <div className="grid grid-cols-[1fr_7rem] gap-4">
        <FormField label="Name" error={errors.name?.message} required>
          <Input placeholder="e.g. Urgent" {...form.register("name")} />
        </FormField>
        <FormField label="Sort order" error={errors.sortOrder?.message} required>
          <Input inputMode="numeric" className="tabular-nums" {...form.register("sortOrder")} />
        </FormField>
      </div>
      <SwitchField
        control={form.control}
        name="inactive"
        label="Inactive"
        description="No longer offered for new work; activities that have it keep it."
      />
    </FormDialog>
  );
}
