import { SaveIcon } from "lucide-react";
import { useEffect } from "react";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { FormDialog, type FormDialogProps, useZodForm } from "@/components/form";

/**
 * A dialog's form: it starts again from `start()` each time the dialog opens, and when `key` (the
 * record it edits) changes, so what was typed before a Cancel is gone.
 */
export function useDialogForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  open: boolean,
  start: () => DefaultValues<z.infer<TSchema>>,
  key?: string,
): UseFormReturn<z.infer<TSchema>> {
  const form = useZodForm(schema, start());
  // biome-ignore lint/correctness/useExhaustiveDependencies: start again on opening, not on each render's start
  useEffect(() => {
    if (open) form.reset(start());
  }, [open, key]);
  return form;
}

/** What an EditOrNewDialog says for a new record (its title names the form too) and for one being edited. */
export type EditOrNewWords<R> = {
  new: { title: string; submitLabel: string };
  edit: { title: (record: R) => string; formLabel: string; submitLabel: string };
};

/**
 * A dialog that adds a record (`record` null) or changes one: the title, the form's accessible name and
 * the submit button (with a disk) say which, in `words`.
 */
export function EditOrNewDialog<T extends FieldValues, R>({
  record,
  words,
  ...dialog
}: Omit<FormDialogProps<T>, "title" | "formLabel" | "submitLabel" | "submitIcon"> & {
  record: R | null;
  words: EditOrNewWords<R>;
}) {
  const said = record
    ? { ...words.edit, title: words.edit.title(record) }
    : { ...words.new, formLabel: words.new.title };
  return <FormDialog {...dialog} {...said} submitIcon={<SaveIcon aria-hidden="true" />} />;
}
