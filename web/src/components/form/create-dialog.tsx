import { PlusIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { useLocation } from "wouter";
import { FormDialog, type FormDialogProps } from "./form-dialog";

/** What a "New …" dialog's opener passes: whether it is open, and how it closes. */
export type DialogState = { open: boolean; onOpenChange: (open: boolean) => void };

export type CreateDialogProps<T extends FieldValues, R> = Omit<
  FormDialogProps<T>,
  "formLabel" | "onSubmit" | "submitIcon"
> & {
  /** "New field": the dialog's title and its form's accessible name. */
  title: string;
  /** Creates the thing; what it resolves to is passed to `opens`. False keeps the dialog open (FormDialog). */
  onSubmit: (values: T) => Promise<R>;
  /** The new thing's page, from what `onSubmit` resolved to: it opens once the thing is created. */
  opens?: (result: Exclude<R, false>) => string | null | undefined;
  /** A + unless told. */
  submitIcon?: ReactNode;
};

/**
 * A "New …" dialog: the form that creates one thing, titled and named by `title`, with a + on its submit
 * button; once created, the thing's own page opens (where the rest of it is set) and the dialog closes.
 */
export function CreateDialog<T extends FieldValues, R>({
  title,
  onSubmit,
  opens,
  submitIcon = <PlusIcon aria-hidden="true" />,
  ...dialog
}: CreateDialogProps<T, R>) {
  const [, navigate] = useLocation();
  return (
    <FormDialog
      {...dialog}
      title={title}
      formLabel={title}
      submitIcon={submitIcon}
      onSubmit={async (values: T) => {
        const result = await onSubmit(values);
        const href = result === false ? null : opens?.(result as Exclude<R, false>);
        if (href) navigate(href);
        return result;
      }}
    />
  );
}
