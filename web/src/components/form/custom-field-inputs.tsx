import { type Control, type FieldPath, type FieldValues, useWatch } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import {
  type CustomFieldDef,
  customFieldKey,
  fromLocalInput,
  shownCustomFields,
  toLocalInput,
} from "./custom-field-values";
import { FieldShell } from "./field-shell";
import { RecordPicker } from "./record-picker";

// The one renderer of custom fields: a table's field definitions as typed inputs wired to
// react-hook-form (each under customFieldKey(id), holding the value's canonical text), shown and
// hidden live by their display conditions. Refusals land on the field they name: a form passes
// customFieldLabels(fields) as its `labels`, and the server's messages start with the field's name.

const NONE = "__none__";

type InputProps<T extends FieldValues> = {
  control: Control<T>;
  /** The form value's name (customFieldKey(field.id) in a record's form). */
  name: FieldPath<T>;
  field: Pick<
    CustomFieldDef,
    "name" | "type" | "required" | "readOnly" | "useOptionList" | "optionList" | "length" | "decimals"
  > &
    Partial<Pick<CustomFieldDef, "selectionTableId">>;
  /** Overrides the field's name as the label (e.g. "Default value"). */
  label?: string;
  description?: string;
  disabled?: boolean;
  className?: string;
};

/** One custom field's input, by its type. */
export function CustomFieldInput<T extends FieldValues>({
  control,
  name,
  field: f,
  label,
  description,
  disabled,
  className,
}: InputProps<T>) {
  const locked = disabled || f.readOnly;
  const shell = {
    control,
    name,
    label: label ?? f.name,
    description:
      description ??
      (f.readOnly
        ? "Read only."
        : f.type === "NUMERIC" && f.decimals
          ? `Up to ${f.decimals} decimal places.`
          : undefined),
    required: f.required && !label,
    className,
  };
  return (
    <FieldShell {...shell} orientation={f.type === "TRUE_FALSE" ? "horizontal" : undefined}>
      {(field, controlProps) => {
        const value = (field.value as string | undefined) ?? "";
        if (f.type === "TRUE_FALSE")
          return (
            <Switch
              {...controlProps}
              ref={field.ref}
              checked={value === "true"}
              disabled={locked}
              onCheckedChange={(on) => field.onChange(on ? "true" : "false")}
            />
          );
        if (f.type === "TEXT" && f.useOptionList) {
          // A value saved before its option was removed still shows (the server keeps it).
          const options = value && !f.optionList.includes(value) ? [...f.optionList, value] : f.optionList;
          return (
            <Select value={value || NONE} disabled={locked} onValueChange={(v) => field.onChange(v === NONE ? "" : v)}>
              <SelectTrigger {...controlProps} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>
                  <span className="text-muted-foreground">Not set</span>
                </SelectItem>
                {options.map((o) => (
                  <SelectItem key={o} value={o}>
                    {f.optionList.includes(o) ? o : `${o} (no longer an option)`}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          );
        }
        if (f.type === "TABLE_RECORD" && f.selectionTableId)
          return (
            <RecordPicker
              {...controlProps}
              ref={field.ref}
              tableId={f.selectionTableId}
              value={value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={locked}
              label={shell.label}
            />
          );
        if (f.type === "REALLY_LONG_TEXT")
          return <Textarea rows={3} {...field} {...controlProps} value={value} readOnly={locked} disabled={disabled} />;
        if (f.type === "DATE_TIME")
          return (
            <Input
              type="datetime-local"
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              {...controlProps}
              value={toLocalInput(value)}
              onChange={(e) => field.onChange(fromLocalInput(e.target.value))}
              readOnly={locked}
              disabled={disabled}
            />
          );
        const typed = {
          DATE: { type: "date" },
          INTEGER: { inputMode: "numeric" as const, className: "tabular-nums" },
          NUMERIC: { inputMode: "decimal" as const, className: "tabular-nums" },
          TABLE_RECORD: { spellCheck: false, className: "font-mono text-xs" },
          TEXT: { maxLength: f.length ?? 255 },
        }[f.type];
        return (
          <Input
            autoComplete="off"
            {...typed}
            {...field}
            {...controlProps}
            value={value}
            readOnly={locked}
            disabled={disabled}
          />
        );
      }}
    </FieldShell>
  );
}

/** The labels of a record form's custom fields, for the form kit's `labels` (refusals name them). */
export const customFieldLabels = (fields: readonly Pick<CustomFieldDef, "id" | "name">[]) =>
  Object.fromEntries(fields.map((f) => [customFieldKey(f.id), f.name]));

/**
 * A table's fields as inputs, in the order given (the fields' sort order), each shown only while its
 * display condition holds for what is in the form now. Long texts take the whole row.
 */
export function CustomFieldInputs<T extends FieldValues>({
  control,
  fields,
  disabled,
  className,
}: {
  control: Control<T>;
  fields: readonly CustomFieldDef[];
  disabled?: boolean;
  className?: string;
}) {
  const current = (useWatch({ control }) ?? {}) as Record<string, string | undefined>;
  const shown = shownCustomFields(fields, current);
  return (
    <div className={cn("grid gap-4 sm:grid-cols-2", className)}>
      {fields
        .filter((f) => shown.has(f.id))
        .map((f) => (
          <CustomFieldInput
            key={f.id}
            control={control}
            name={customFieldKey(f.id) as FieldPath<T>}
            field={f}
            disabled={disabled}
            className={
              f.type === "REALLY_LONG_TEXT"
                ? "sm:col-span-2"
                : f.type === "TRUE_FALSE"
                  ? "sm:self-end sm:pb-2"
                  : undefined
            }
          />
        ))}
    </div>
  );
}
