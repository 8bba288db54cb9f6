import { useEffect } from "react";
import { useFieldArray } from "react-hook-form";
import { FormDialog, useZodForm } from "@/components/form";
import { AddRowButton, RemoveRowButton } from "@/components/form/row-buttons";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { hhmm, minutesOf, type PersonAvailability, useChangePersonAvailability } from "../api";
import { type PersonAvailabilityValues, personAvailabilitySchema } from "../schema";
import { PeriodRows } from "./period-rows";

const valuesOf = (row: PersonAvailability | null): PersonAvailabilityValues => ({
  weekly: (row?.weekly ?? []).map((w) => ({
    weekday: w.weekday,
    start: hhmm(w.startMinute),
    end: hhmm(w.endMinute),
    capacity: 1,
  })),
  timeOff: (row?.timeOff ?? []).map((t) => ({ startDate: t.startDate, endDate: t.endDate, reason: t.reason })),
});

/** "24:00" is typed as 00:00 (midnight at the end of the day). */
export const endMinuteOf = (end: string) => (end === "00:00" ? 1440 : minutesOf(end));

/** A person's weekly working hours and days off, replaced as a whole on save. */
export function EditPersonDialog({ row, onClose }: { row: PersonAvailability | null; onClose: () => void }) {
  const change = useChangePersonAvailability();
  const form = useZodForm(personAvailabilitySchema, valuesOf(row));
  const timeOff = useFieldArray({ control: form.control, name: "timeOff" });
  useEffect(() => form.reset(valuesOf(row)), [row, form]);
  const errors = form.formState.errors.timeOff;

  return (
    <FormDialog
      open={!!row}
      onOpenChange={(open) => !open && onClose()}
      form={form}
      title={`Availability of ${row?.person.fullName ?? ""}`}
      description="Weekly working hours and days off, in the branch's time zone."
      submitLabel="Save availability"
      pending={change.isPending}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      onSubmit={async (values) => {
        if (!row) return;
        await change.mutateQuietly({
          input: {
            personId: row.person.id,
            weekly: values.weekly.map((w) => ({
              weekday: w.weekday,
              startMinute: minutesOf(w.start),
              endMinute: endMinuteOf(w.end),
            })),
            // An empty last day: one day off.
            timeOff: values.timeOff.map((t) => ({
              startDate: t.startDate,
              endDate: t.endDate || t.startDate,
              reason: t.reason,
            })),
          },
        });
      }}
    >
      <section className="grid gap-2" aria-label="Weekly hours">
        <h3 className="font-medium text-sm">Weekly hours</h3>
        <PeriodRows form={form} name="weekly" label="Period" />
      </section>
      <section className="grid gap-2" aria-label="Time off">
        <h3 className="font-medium text-sm">Time off</h3>
        {timeOff.fields.map((field, i) => (
          <fieldset key={field.id} className="flex flex-wrap items-start gap-2" aria-label={`Time off ${i + 1}`}>
            <FormField label="First day" className="w-40" error={errors?.[i]?.startDate?.message}>
              <Input type="date" {...form.register(`timeOff.${i}.startDate`)} />
            </FormField>
            <FormField
              label="Last day"
              className="w-40"
              error={errors?.[i]?.endDate?.message}
              description={errors?.[i]?.endDate ? undefined : "Empty: one day."}
            >
              <Input type="date" {...form.register(`timeOff.${i}.endDate`)} />
            </FormField>
            <FormField label="Reason" className="min-w-32 flex-1" error={errors?.[i]?.reason?.message}>
              <Input maxLength={120} {...form.register(`timeOff.${i}.reason`)} />
            </FormField>
            <RemoveRowButton className="mt-6" label={`Remove time off ${i + 1}`} onClick={() => timeOff.remove(i)} />
          </fieldset>
        ))}
        <AddRowButton size="sm" onClick={() => timeOff.append({ startDate: "", endDate: "", reason: "" })}>
          Add time off
        </AddRowButton>
      </section>
    </FormDialog>
  );
}
