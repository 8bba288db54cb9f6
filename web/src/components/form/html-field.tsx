import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { Controller } from "react-hook-form";
import { HtmlEditor } from "@/components/html-editor";

export type HtmlFieldProps<T extends FieldValues, N extends FieldPath<T>> = {
  control: Control<T>;
  /** A string field holding staff-written HTML. */
  name: N;
  label: string;
  description?: string;
  disabled?: boolean;
  /** The source box's height in lines. */
  rows?: number;
};

/**
 * A form's HTML field: the HTML editor (source beside its sandboxed preview) wired to react-hook-form's
 * `name`, with the field's error (the zod message or the server's refusal naming it) under the source.
 */
export function HtmlField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  ...editor
}: HtmlFieldProps<T, N>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <HtmlEditor
          {...editor}
          error={fieldState.error?.message}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
        />
      )}
    />
  );
}
