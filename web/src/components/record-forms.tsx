import { type ReactNode, useEffect } from "react";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { CreateDialog, type DialogState, FormCard, useZodForm } from "@/components/form";

/** A form's heading (and accessible name), the sentence under it and its button's words. */
export type FormCopy = { title: string; description: string; submitLabel: string };

/**
 * One kind of record's forms, which share its fields: the "New …" dialog that creates one and, where the
 * record has a page, the editor card there. Refusals name the fields by `labels` in both.
 */
export type RecordForms = {
  labels: Record<string, string>;
  /** The "New …" dialog; `className` widens it for long forms. */
  create: FormCopy & { className?: string };
  edit?: FormCopy;
};

type RecordFormProps<T extends FieldValues> = {
  forms: RecordForms;
  form: UseFormReturn<T>;
  /** The mutation's isPending. */
  pending: boolean;
  children: ReactNode;
};

/** The record's "New …" dialog (CreateDialog, in the kit's words); `opens` names the new record's page. */
export function NewRecordDialog<T extends FieldValues, R>({
  forms,
  ...props
}: DialogState &
  RecordFormProps<T> & {
    onSubmit: (values: T) => Promise<R>;
    opens?: (result: Exclude<R, false>) => string | null | undefined;
  }) {
  return <CreateDialog {...props} {...forms.create} labels={forms.labels} />;
}

/** The editor card on the record's page (FormCard, in the kit's words), saved in one go. */
export function RecordEditorCard<T extends FieldValues>({
  forms,
  ...props
}: RecordFormProps<T> & { onSubmit: (values: T) => unknown; canEdit?: boolean }) {
  if (!forms.edit) throw new Error("These record forms have no editor.");
  return <FormCard {...props} {...forms.edit} labels={forms.labels} className="max-w-3xl" />;
}

/**
 * An editor's form for `schema`, starting from the record's values: a refetch shows the saved values without
 * losing what is being typed (the fields changed keep their input).
 */
export function useEditorForm<TSchema extends z.ZodType<FieldValues, FieldValues>, TRecord>(
  schema: TSchema,
  record: TRecord,
  valuesOf: (record: TRecord) => DefaultValues<z.infer<TSchema>>,
): UseFormReturn<z.infer<TSchema>> {
  const form = useZodForm(schema, valuesOf(record));
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the record, valuesOf is the same function
  useEffect(() => form.reset(valuesOf(record), { keepDirtyValues: true }), [record, form]);
  return form;
}
