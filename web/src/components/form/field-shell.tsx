import type * as React from "react";
import {
  type Control,
  Controller,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from "react-hook-form";
import { type FormControlProps, FormField } from "@/components/ui/form-field";

/** What every form-kit field takes besides its control: the form, the value's name, the wrapper's text. */
export type FieldShellBaseProps<T extends FieldValues, N extends FieldPath<T>> = {
  control: Control<T>;
  name: N;
  label: React.ReactNode;
  description?: React.ReactNode;
  required?: boolean;
  /** The field's wrapper (e.g. a grid column). */
  className?: string;
};

export type FieldShellProps<T extends FieldValues, N extends FieldPath<T>> = FieldShellBaseProps<T, N> & {
  /** "horizontal" puts the control before the label (a switch). */
  orientation?: "vertical" | "horizontal";
  /**
   * The control, given react-hook-form's field (value, onChange, onBlur, ref, name) and the wrapper's
   * id and aria props to spread on it (so getByLabel(label) finds it and it reads out its error).
   */
  children: (field: ControllerRenderProps<T, N>, controlProps: FormControlProps) => React.ReactNode;
};

/**
 * The one wrapper of the form kit's fields: react-hook-form's `name` wired to a label, helper text and
 * the field's error under the control (the zod message, or the server's refusal naming the field).
 * Each field (text, select, switch, a custom field's typed input) only says which control it shows.
 */
export function FieldShell<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  description,
  required,
  className,
  orientation,
  children,
}: FieldShellProps<T, N>) {
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
          orientation={orientation}
          className={className}
        >
          {(controlProps) => children(field, controlProps)}
        </FormField>
      )}
    />
  );
}
