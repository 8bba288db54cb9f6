import { useEffect } from "react";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { useZodForm } from "./use-zod-form";

/**
 * Keeps a form that edits something stored showing what is stored: when the stored values change (a
 * save, a refetch, a colleague's change) the form takes them as its new starting point, unless the
 * person has unsaved changes, which are never overwritten.
 */
export function useStoredValues<T extends FieldValues>(form: UseFormReturn<T>, stored: DefaultValues<T>) {
  const key = JSON.stringify(stored);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the stored values by content
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(stored);
  }, [key]);
}

/** A form for `schema` that edits what is stored: it starts from `stored` and follows it (useStoredValues). */
export function useStoredForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  stored: DefaultValues<z.infer<TSchema>>,
): UseFormReturn<z.infer<TSchema>> {
  const form = useZodForm(schema, stored);
  useStoredValues(form, stored);
  return form;
}
