import type * as React from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { FieldShell, type FieldShellBaseProps } from "./field-shell";

export type TextFieldProps<T extends FieldValues, N extends FieldPath<T>> = FieldShellBaseProps<T, N> & {
  disabled?: boolean;
  placeholder?: string;
  /** "numeric" for a number typed as text (a lead number, a code): the phone keypad, no spinner. */
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  type?: "text" | "search" | "email" | "tel" | "url" | "datetime-local" | "date";
  autoComplete?: string;
  /** A few lines of text instead of one: a text area of `rows` rows (three unless told). */
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  autoFocus?: boolean;
  /** False for a name typed for a machine (a macro name): no spelling marks. */
  spellCheck?: boolean;
  /** The input's own classes, e.g. "tabular-nums" for a number or "font-mono" for a code. */
  inputClassName?: string;
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
  rows = 3,
  maxLength,
  autoFocus,
  spellCheck,
  inputClassName,
  ...shell
}: TextFieldProps<T, N>) {
  const both = { disabled, placeholder, maxLength, autoFocus, spellCheck, className: inputClassName };
  return (
    <FieldShell {...shell}>
      {(field, controlProps) =>
        multiline ? (
          <Textarea {...both} rows={rows} {...field} {...controlProps} value={String(field.value ?? "")} />
        ) : (
          <Input
            {...both}
            inputMode={inputMode}
            type={type}
            autoComplete={autoComplete}
            {...field}
            {...controlProps}
            value={String(field.value ?? "")}
          />
        )
      }
    </FieldShell>
  );
}

/** A whole number typed as text (a sort level, a length in minutes): the numeric keypad, digits of one width. */
export function NumberTextField<T extends FieldValues, N extends FieldPath<T>>({
  inputClassName,
  ...props
}: Omit<TextFieldProps<T, N>, "inputMode" | "type" | "multiline" | "rows">) {
  return <TextField {...props} inputMode="numeric" inputClassName={cn("tabular-nums", inputClassName)} />;
}
