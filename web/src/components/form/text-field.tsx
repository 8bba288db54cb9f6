import type * as React from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

export type TextFieldProps<T extends FieldValues, N extends FieldPath<T>> = {
  control: Control<T>;
  /** A string field. */
  name: N;
  label: React.ReactNode;
  description?: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** "numeric" for a number typed as text (a lead number, a code): the phone keypad, no spinner. */
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  type?: "text" | "search" | "email" | "tel" | "url" | "datetime-local" | "date";
  autoComplete?: string;
  className?: string;
};

/**
 * A form's one-line text input: label, input and the field's error (the zod message or the server's
 * refusal naming it) under it, wired to react-hook-form's `name`. Tests find it with getByLabel(label).
 */
export function TextField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  description,
  required,
  className,
  ...input
}: TextFieldProps<T, N>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          description={description}
          error={fieldState.error?.message}
          required={required}
          className={className}
        >
          <Input {...input} {...field} value={String(field.value ?? "")} />
        </FormField>
      )}
    />
  );
}
