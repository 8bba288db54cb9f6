import type * as React from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  type SelectTriggerProps,
  SelectValue,
} from "@/components/ui/select";
import { FieldShell, type FieldShellBaseProps } from "./field-shell";

export type SelectOption = { value: string; label: React.ReactNode };

/** A select's options from a record of labels, in the record's order: optionsOf({ SMS: "Text", ... }). */
export const optionsOf = (labels: Readonly<Record<string, React.ReactNode>>): SelectOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export type SelectFieldProps<T extends FieldValues, N extends FieldPath<T>> = FieldShellBaseProps<T, N> & {
  options: readonly SelectOption[];
  /** Shown while nothing is picked. */
  placeholder?: string;
  /**
   * An item standing for the empty string (a select item cannot have "" as its value): picking it
   * stores "", and a field holding "" shows it, e.g. "No workflow".
   */
  emptyLabel?: React.ReactNode;
  disabled?: boolean;
  /** The trigger's width; it fills its column unless told. */
  triggerClassName?: string;
};

const EMPTY = "__empty__";

/**
 * A form's select: label, trigger and options wired to react-hook-form's `name`, with the field's error
 * (the zod message or the server's refusal naming it) under it. Tests find it with getByLabel(label).
 */
export function SelectField<T extends FieldValues, N extends FieldPath<T>>({
  options,
  placeholder,
  emptyLabel,
  disabled,
  triggerClassName,
  ...shell
}: SelectFieldProps<T, N>) {
  return (
    <FieldShell {...shell}>
      {(field, controlProps) => (
        <SelectControl
          value={emptyLabel !== undefined && !field.value ? EMPTY : field.value}
          onValueChange={(v) => field.onChange(emptyLabel !== undefined && v === EMPTY ? "" : v)}
          options={emptyLabel !== undefined ? [{ value: EMPTY, label: emptyLabel }, ...options] : options}
          placeholder={placeholder}
          disabled={disabled}
          trigger={{ ...controlProps, ref: field.ref, onBlur: field.onBlur, className: triggerClassName }}
        />
      )}
    </FieldShell>
  );
}

/**
 * The select itself, for a value kept outside a form too (a page's control, in a FormField that names
 * it): the trigger showing the picked option and the list of options. `trigger` takes the FormField's
 * id and aria props.
 */
export function SelectControl({
  value,
  onValueChange,
  options,
  placeholder,
  disabled,
  trigger,
}: {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  trigger: SelectTriggerProps;
}) {
  return (
    <Select value={value} disabled={disabled} onValueChange={onValueChange}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
