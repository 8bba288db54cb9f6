import type { ReactNode } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { PersonSelect } from "@/features/personnel/components/person-select";

// The action and condition editors' own inputs (automations and shortcuts), bound to a path of the
// form they are in, with the error of that path (the client's check or the server's refusal naming it)
// under each.

type Common<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  className?: string;
  required?: boolean;
};

export function TextField<T extends FieldValues>({
  multiline,
  inputMode,
  placeholder,
  description,
  ...p
}: Common<T> & { multiline?: boolean; inputMode?: "numeric"; placeholder?: string; description?: ReactNode }) {
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <FormField
          label={p.label}
          required={p.required}
          description={description}
          error={fieldState.error?.message}
          className={p.className}
        >
          {multiline ? (
            <Textarea {...field} value={String(field.value ?? "")} placeholder={placeholder} rows={3} />
          ) : (
            <Input {...field} value={String(field.value ?? "")} inputMode={inputMode} placeholder={placeholder} />
          )}
        </FormField>
      )}
    />
  );
}

export function PersonField<T extends FieldValues>(p: Common<T>) {
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <FormField label={p.label} error={fieldState.error?.message} className={p.className}>
          {(control) => <PersonSelect {...control} value={String(field.value ?? "")} onValueChange={field.onChange} />}
        </FormField>
      )}
    />
  );
}
