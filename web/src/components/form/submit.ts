import type { BaseSyntheticEvent } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { type ServerErrorOptions, showServerError } from "./use-zod-form";

/**
 * The form's submit handler: checks the schema, runs `save`, and shows a thrown refusal or failure on
 * the field it names or in the form's alert, keeping what was typed. Resolves to true after a save.
 */
export function submitHandler<T extends FieldValues>(
  form: UseFormReturn<T>,
  save: (values: T) => unknown,
  options?: ServerErrorOptions<T>,
  onSaved?: (result: unknown) => void,
) {
  return (event?: BaseSyntheticEvent) =>
    form.handleSubmit(async (values) => {
      try {
        const result = await save(values);
        onSaved?.(result);
      } catch (error) {
        showServerError(form, error, options);
      }
    })(event);
}
