import { PlusIcon, XIcon } from "lucide-react";
import { type UseFormReturn, useFieldArray, useWatch } from "react-hook-form";
import { SelectField, TextField } from "@/components/form";
import { Button } from "@/components/ui/button";
import type { TableId } from "../api";
import { COMPARATOR_LABELS, NATIVE_FIELDS } from "../labels";
import { type AutomationValues, emptyCondition } from "../schema";
import type { EditorOptions } from "./editor-options";
import { PersonField } from "./fields";

const COMPARATORS = Object.entries(COMPARATOR_LABELS).map(([value, label]) => ({ value, label }));

/** The conditions: each compares a field of the event's record (or a custom field) with a value; all must hold. */
export function ConditionList({
  form,
  tableId,
  options,
}: {
  form: UseFormReturn<AutomationValues>;
  tableId: TableId;
  options: EditorOptions;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "conditions" });
  const fieldOptions = [
    ...Object.entries(NATIVE_FIELDS[tableId] ?? {}).map(([name, label]) => ({ value: `native:${name}`, label })),
    ...options.customFields.map((f) => ({ value: `custom:${f.value}`, label: <>Custom: {f.label}</> })),
  ];
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium text-sm">Conditions</legend>
      {fields.length === 0 ? (
        <p className="text-muted-foreground text-sm">No conditions: it acts on every such event.</p>
      ) : null}
      {fields.map((f, i) => (
        <fieldset
          key={f.id}
          aria-label={`Condition ${i + 1}`}
          className="grid items-start gap-3 rounded-md border p-3 sm:grid-cols-[1fr_10rem_1fr_auto]"
        >
          <SelectField control={form.control} name={`conditions.${i}.field`} label="Field" options={fieldOptions} />
          <SelectField
            control={form.control}
            name={`conditions.${i}.comparator`}
            label="Comparator"
            options={COMPARATORS}
          />
          <ConditionValue form={form} index={i} options={options} />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="sm:mt-6"
            aria-label={`Remove condition ${i + 1}`}
            onClick={() => remove(i)}
          >
            <XIcon aria-hidden="true" />
          </Button>
        </fieldset>
      ))}
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        onClick={() => append(emptyCondition(fieldOptions[0]?.value ?? ""))}
      >
        <PlusIcon aria-hidden="true" />
        Add condition
      </Button>
    </fieldset>
  );
}

/** The value to compare with: a step, project or person where the field holds one, else text. */
function ConditionValue({
  form,
  index,
  options,
}: {
  form: UseFormReturn<AutomationValues>;
  index: number;
  options: EditorOptions;
}) {
  const [field, comparator] = useWatch({
    control: form.control,
    name: [`conditions.${index}.field`, `conditions.${index}.comparator`],
  });
  const name = `conditions.${index}.value` as const;
  if (comparator === "HAS_VALUE") return <div aria-hidden="true" />;
  if (comparator !== "IN") {
    if (field === "native:stepId")
      return <SelectField control={form.control} name={name} label="Value" options={options.steps} />;
    if (field === "native:projectId")
      return <SelectField control={form.control} name={name} label="Value" options={options.projects} />;
    if (field === "native:assignedPersonId") return <PersonField control={form.control} name={name} label="Value" />;
  }
  return (
    <TextField
      control={form.control}
      name={name}
      label="Value"
      placeholder={comparator === "IN" ? "Values, separated by commas" : undefined}
    />
  );
}
