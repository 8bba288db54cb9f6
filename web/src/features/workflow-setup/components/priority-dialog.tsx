import { SwitchField, useZodForm } from "@/components/form";
import { type SetupPriority, useCreatePriority, useUpdatePriority } from "../api";
import { type PriorityValues, prioritySchema } from "../schema";
import { SortedNameDialog } from "./sorted-name-dialog";

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
  return (
    <SortedNameDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      noun="priority"
      editing={priority}
      startValues={valuesOf(priority, nextSortOrder)}
      description="How urgent an activity is. Lists show priorities by sort order, lowest first."
      namePlaceholder="e.g. Urgent"
      labels={{ name: "priority name" }}
      pending={create.isPending || update.isPending}
      onSave={async (v) => {
        const input = { name: v.name, sortOrder: Number(v.sortOrder), inactive: v.inactive };
        if (priority) await update.mutateQuietly({ id: priority.id, input });
        else await create.mutateQuietly({ input });
      }}
    >
      <SwitchField
        control={form.control}
        name="inactive"
        label="Inactive"
        description="No longer offered for new work; activities that have it keep it."
      />
    </SortedNameDialog>
  );
}
