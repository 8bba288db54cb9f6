import { UserRoundIcon } from "lucide-react";
import { Controller } from "react-hook-form";
import { FormDialog, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { PersonSelect } from "@/features/personnel/components/person-select";
import { type ActionableActivity, usePatchActivity } from "../api";
import { type ReassignValues, reassignSchema } from "../schema";

/** Give an activity to another employee. */
export function ReassignDialog({ activity, onClose }: { activity: ActionableActivity; onClose: () => void }) {
  const patch = usePatchActivity();
  const form = useZodForm(reassignSchema, { assignedPersonId: activity.assignedPersonId ?? "" });
  const save = async (v: ReassignValues) => {
    await patch.mutateQuietly({ id: activity.id, input: { assignedPersonId: v.assignedPersonId } });
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      form={form}
      title="Reassign"
      description={activity.subject}
      submitLabel="Reassign"
      submitIcon={<UserRoundIcon aria-hidden="true" />}
      pending={patch.isPending}
      labels={{ assignedPersonId: "The assigned person" }}
      refusalField="assignedPersonId"
      onSubmit={save}
    >
      <Controller
        control={form.control}
        name="assignedPersonId"
        render={({ field, fieldState }) => (
          <FormField label="Assigned to" error={fieldState.error?.message} required>
            {(control) => (
              <PersonSelect {...control} ref={field.ref} value={field.value} onValueChange={field.onChange} />
            )}
          </FormField>
        )}
      />
    </FormDialog>
  );
}
