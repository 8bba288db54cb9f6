import type { FieldPath, FieldValues } from "react-hook-form";
import { Switch } from "@/components/ui/switch";
import { FieldShell, type FieldShellBaseProps } from "./field-shell";

export type SwitchFieldProps<T extends FieldValues, N extends FieldPath<T>> = Omit<
  FieldShellBaseProps<T, N>,
  "required"
> & {
  disabled?: boolean;
};

/**
 * A form's on/off setting (a boolean field): a switch before its label (and helper text), wired to
 * react-hook-form's `name`. Tests find it with getByLabel(label).
 */
export function SwitchField<T extends FieldValues, N extends FieldPath<T>>({
  disabled,
  ...shell
}: SwitchFieldProps<T, N>) {
  return (
    <FieldShell {...shell} orientation="horizontal">
      {(field, controlProps) => (
        <Switch {...controlProps} checked={field.value} disabled={disabled} onCheckedChange={field.onChange} />
      )}
    </FieldShell>
  );
}
