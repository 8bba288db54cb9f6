import type * as React from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { FieldShell, type FieldShellBaseProps } from "./field-shell";

export type TextFieldProps<T extends FieldValues, N extends FieldPath<T>> = FieldShellBaseProps<T, N> & {
  disabled?: boolean;
  placeholder?: string;
  /** "numeric" for a number typed as text (a lead number, a code): the phone keypad, no spinner. */
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  type?: "text" | "search" | "email" | "tel" | "url" | "datetime-local" | "date";
  autoComplete?: string;
  /** A few lines of text instead of one: a three-row text area. */
  multiline?: boolean;
};

/**
 * A form's text input (a string field), one line unless `multiline`: label, input and the field's error (the zod message
 * or the server's refusal naming it) under it, wired to react-hook-form's `name`. Tests find it with
 * getByLabel(label).
 */
export function TextField<T extends FieldValues, N extends FieldPath<T>>({
  disabled,
  placeholder,
  inputMode,
  type,
  autoComplete,
  multiline,
  ...shell
}: TextFieldProps<T, N>) {
  const input = { disabled, placeholder, inputMode, type, autoComplete };
  return (
    <FieldShell {...shell}>
      {(field, controlProps) =>
        multiline ? (
          <Textarea
            {...field}
            {...controlProps}
            value={String(field.value ?? "")}
            placeholder={placeholder}
            disabled={disabled}
            rows={3}
          />
        ) : (
          <Input {...input} {...field} {...controlProps} value={String(field.value ?? "")} />
        )
      }
    </FieldShell>
  );
}
