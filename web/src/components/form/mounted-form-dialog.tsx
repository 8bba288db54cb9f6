import type { FieldValues } from "react-hook-form";
import { FormDialog, type FormDialogProps } from "./form-dialog";

/**
 * A FormDialog open for as long as it is mounted (its parent shows it while something is being edited):
 * closing it (Cancel, Escape, or after a save) calls `onClose`.
 */
export function MountedFormDialog<T extends FieldValues>({
  onClose,
  ...props
}: Omit<FormDialogProps<T>, "open" | "onOpenChange"> & { onClose: () => void }) {
  return <FormDialog open onOpenChange={(open) => !open && onClose()} {...props} />;
}
