import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { FormAlert } from "./form-alert";
import { submitHandler } from "./submit";
import { useUnsavedChangesWarning } from "./use-unsaved-changes-warning";
import type { ServerErrorOptions } from "./use-zod-form";

export type FormDialogProps<T extends FieldValues> = ServerErrorOptions<T> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: UseFormReturn<T>;
  title: ReactNode;
  description?: ReactNode;
  /**
   * Saves the values. A thrown refusal or failure is shown on the field it names or in the dialog's
   * alert, and what was typed stays. After a save the dialog closes and the form starts again from its
   * defaults, unless `save` returns false (e.g. to show a result in the dialog).
   */
  onSubmit: (values: T) => unknown;
  submitLabel: ReactNode;
  submitIcon?: ReactNode;
  /** Busy while saving (the mutation's isPending); the form's own isSubmitting is used too. */
  pending?: boolean;
  className?: string;
  /** Shown instead of the form (e.g. the result of the save). */
  replacement?: ReactNode;
  /** The form's accessible name (makes it a named form landmark, e.g. "New post"). */
  formLabel?: string;
  /** Where focus goes on close (useReturnFocus's handler, for a dialog opened from state). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Another way to finish, in the footer before Cancel (a button of type "button"). */
  secondaryAction?: ReactNode;
  children: ReactNode;
};

/** A dialog holding one form: title, fields, the form's alert, Cancel and the submit button. */
export function FormDialog<T extends FieldValues>({
  open,
  onOpenChange,
  form,
  title,
  description,
  onSubmit,
  submitLabel,
  submitIcon,
  labels,
  refusalField,
  pending,
  className,
  replacement,
  formLabel,
  onCloseAutoFocus,
  secondaryAction,
  children,
}: FormDialogProps<T>) {
  const busy = pending || form.formState.isSubmitting;
  useUnsavedChangesWarning(open && form.formState.isDirty);
  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  const submit = submitHandler(form, onSubmit, { labels, refusalField }, (result) => {
    if (result !== false) close(false);
  });
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className={cn("sm:max-w-lg", className)} onCloseAutoFocus={onCloseAutoFocus}>
        {replacement ?? (
          <form className="grid gap-4" onSubmit={submit} noValidate aria-label={formLabel}>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              {description ? <DialogDescription>{description}</DialogDescription> : null}
            </DialogHeader>
            {children}
            <FormAlert form={form} />
            <DialogFooter>
              {secondaryAction}
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner size="sm" className="text-current" /> : submitIcon}
                {submitLabel}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
