import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { FormDialog, type FormDialogProps } from "@/components/form";
import { type ActionableActivity, type PatchActivityInput, usePatchActivity } from "../api";

/**
 * A dialog doing one thing to an activity (reschedule, reassign): open while shown, titled and submitted
 * by the action's name, with the activity's subject under the title. The values are saved as the patch
 * `patchOf` makes of them; when it returns false (it has marked a field) the dialog stays open.
 */
export function ActivityActionDialog<T extends FieldValues>({
  action,
  icon,
  activity,
  onClose,
  patchOf,
  ...props
}: Omit<
  FormDialogProps<T>,
  "open" | "onOpenChange" | "title" | "description" | "submitLabel" | "submitIcon" | "onSubmit" | "pending"
> & {
  action: string;
  icon: ReactNode;
  activity: ActionableActivity;
  onClose: () => void;
  patchOf: (values: T) => PatchActivityInput | false;
}) {
  const patch = usePatchActivity();
  const save = async (values: T) => {
    const input = patchOf(values);
    if (!input) return false;
    await patch.mutateQuietly({ id: activity.id, input });
  };
  return (
    <FormDialog
      {...props}
      open
      onOpenChange={(open) => !open && onClose()}
      title={action}
      description={activity.subject}
      submitLabel={action}
      submitIcon={icon}
      pending={patch.isPending}
      onSubmit={save}
    />
  );
}
