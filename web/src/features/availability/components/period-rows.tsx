import { Controller, type FieldValues, type Path, type UseFormReturn, useFieldArray } from "react-hook-form";
import { AddRowButton, RemoveRowButton } from "@/components/form/row-buttons";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { dayLabel, WEEKDAYS } from "../api";
import { newPeriod, type PeriodValues } from "../schema";

type RowErrors = Partial<Record<keyof PeriodValues, { message?: string }>>;

/**
 * Rows of weekday + from + to (+ capacity for appointment slots) of the form's array field `name`,
 * added and removed freely; each field shows its own message.
 */
export function PeriodRows<T extends FieldValues>({
  form,
  name,
  label,
  withCapacity,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  /** "Period" or "Slot": names each row's group ("Period 1") and the add button. */
  label: string;
  withCapacity?: boolean;
}) {
  // biome-ignore lint/suspicious/noExplicitAny: the array field of a generic form
  const { fields, append, remove } = useFieldArray({ control: form.control as any, name: name as any });
  const errorsOf = (i: number) =>
    ((form.formState.errors as Record<string, unknown>)[name] as RowErrors[] | undefined)?.[i] ?? {};
  const path = (i: number, key: keyof PeriodValues) => `${name}.${i}.${key}` as Path<T>;
  return (
    <div className="grid gap-2">
      {fields.map((field, i) => {
        const errors = errorsOf(i);
        return (
          <fieldset key={field.id} className="flex flex-wrap items-start gap-2" aria-label={`${label} ${i + 1}`}>
            <FormField label="Day" className="w-28" error={errors.weekday?.message}>
              {(c) => (
                <Controller
                  control={form.control}
                  name={path(i, "weekday")}
                  render={({ field: f }) => (
                    <Select value={f.value} onValueChange={f.onChange}>
                      <SelectTrigger {...c} className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {WEEKDAYS.map((d) => (
                          <SelectItem key={d} value={d}>
                            {dayLabel(d)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
            <FormField label="From" className="w-28" error={errors.start?.message}>
              <Input type="time" {...form.register(path(i, "start"))} />
            </FormField>
            <FormField label="To" className="w-28" error={errors.end?.message}>
              <Input type="time" {...form.register(path(i, "end"))} />
            </FormField>
            {withCapacity ? (
              <FormField label="Capacity" className="w-24" error={errors.capacity?.message}>
                <Input
                  type="number"
                  min={1}
                  max={100}
                  {...form.register(path(i, "capacity"), { valueAsNumber: true })}
                />
              </FormField>
            ) : null}
            <RemoveRowButton
              className="mt-6"
              label={`Remove ${label.toLowerCase()} ${i + 1}`}
              onClick={() => remove(i)}
            />
          </fieldset>
        );
      })}
      <AddRowButton
        size="sm"
        // biome-ignore lint/suspicious/noExplicitAny: the array field of a generic form
        onClick={() => append(newPeriod() as any)}
      >
        Add {label.toLowerCase()}
      </AddRowButton>
    </div>
  );
}
