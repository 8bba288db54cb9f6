import type * as React from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Switch } from "@/components/ui/switch";

export type SwitchFieldProps<T extends FieldValues, N extends FieldPath<T>> = {
  control: Control<T>;
  /** A boolean field. */
  name: N;
  label: React.ReactNode;
  description?: React.ReactNode;
  disabled?: boolean;
  className?: string;
};

/**
 * A form's on/off setting: a switch before its label (and helper text), wired to react-hook-form's
 * boolean `name`. Tests find it with getByLabel(label).
 */
export function SwitchField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  description,
  disabled,
  className,
}: SwitchFieldProps<T, N>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          description={description}
          error={fieldState.error?.message}
          orientation="horizontal"
          className={className}
        >
          <Switch checked={field.value} disabled={disabled} onCheckedChange={field.onChange} />
        </FormField>
      )}
    />
  );
}
