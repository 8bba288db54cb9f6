import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { FormDialog, type FormDialogProps } from "@/components/form";

/**
 * A dialog doing one thing to an activity (reschedule, reassign): open while shown, titled and submitted
 * by the action's name, with the activity's subject under the title.
 */
export function ActivityActionDialog<T extends FieldValues>({
  action,
  icon,
  subject,
  onClose,
  ...props
}: Omit<FormDialogProps<T>, "open" | "onOpenChange" | "title" | "description" | "submitLabel" | "submitIcon"> & {
  action: string;
  icon: ReactNode;
  subject: string;
  onClose: () => void;
}) {
  return (
    <FormDialog
      {...props}
      open
      onOpenChange={(open) => !open && onClose()}
      title={action}
      description={subject}
      submitLabel={action}
      submitIcon={icon}
    />
  );
}
