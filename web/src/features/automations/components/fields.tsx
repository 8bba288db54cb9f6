import type { ReactNode } from "react";
import { type Control, Controller, type FieldPath } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { PersonSelect } from "@/features/personnel/components/person-select";
import type { AutomationValues } from "../schema";

// The editor's own inputs, bound to a path of the automation form, with the error of that path (the
// client's check or the server's refusal naming it) under each.

type Name = FieldPath<AutomationValues>;
type Common = { control: Control<AutomationValues>; name: Name; label: string; className?: string };

export function TextField({
  multiline,
  inputMode,
  placeholder,
  description,
  ...p
}: Common & { multiline?: boolean; inputMode?: "numeric"; placeholder?: string; description?: ReactNode }) {
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <FormField label={p.label} description={description} error={fieldState.error?.message} className={p.className}>
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

export function PersonField(p: Common) {
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
