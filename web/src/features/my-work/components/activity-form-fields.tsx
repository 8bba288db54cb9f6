import type { ReactNode } from "react";
import { type Control, Controller, type Path, type UseFormReturn, useWatch } from "react-hook-form";
import { FieldShell, SelectField, TextField } from "@/components/form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { PersonSelect } from "@/features/personnel/components/person-select";
import type { ActivityValues } from "../schema";

type Option = { value: string; label: string };

/**
 * The activity's own inputs: its step (adding only), subject, details, time, length, who, priority
 * and (adding only) whether to resolve the thread's open work at earlier steps. `children` (the
 * activity's custom fields) come before that last choice.
 */
export function ActivityFormFields({
  form,
  adding,
  steps,
  priorities,
  timeZone,
  children,
}: {
  form: UseFormReturn<ActivityValues>;
  adding: boolean;
  steps: Option[];
  priorities: Option[];
  timeZone: string;
  children?: ReactNode;
}) {
  const assigned = useWatch({ control: form.control, name: "assignedPersonId" });
  return (
    <>
      {adding ? <SelectField control={form.control} name="stepId" label="Step" required options={steps} /> : null}
      <TextField control={form.control} name="subject" label="Subject" required autoComplete="off" />
      <TextField control={form.control} name="details" label="Details" multiline />
      <ScheduleFields control={form.control} timeZone={timeZone} />
      <div className="grid gap-4 sm:grid-cols-2">
        <AssigneeField
          control={form.control}
          description={
            !adding
              ? undefined
              : assigned
                ? "The step's default person unless you choose another."
                : "None chosen: the holder of the step's role in the customer's zone."
          }
        />
        <SelectField
          control={form.control}
          name="priorityId"
          label="Priority"
          options={priorities}
          emptyLabel={adding ? "The step's default" : "None"}
        />
      </div>
      {children}
      {adding ? (
        <Controller
          control={form.control}
          name="resolvePrevious"
          render={({ field }) => (
            <FormField
              label="Resolve the previous activity"
              description="Resolves this thread's open activities at earlier steps (not at steps that keep theirs open)."
              orientation="horizontal"
            >
              <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
            </FormField>
          )}
        />
      ) : null}
    </>
  );
}

/** When an activity is scheduled (the branch's wall time) and for how long: adding, editing, rescheduling. */
export function ScheduleFields<T extends { scheduledTime: string; lengthMinutes: string }>({
  control,
  timeZone,
}: {
  control: Control<T>;
  timeZone: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
      <TextField
        control={control}
        name={"scheduledTime" as Path<T>}
        label="Scheduled time"
        description={`Branch time (${timeZone.replace(/_/g, " ")}).`}
        type="datetime-local"
        required
      />
      <TextField control={control} name={"lengthMinutes" as Path<T>} label="Length (minutes)" inputMode="numeric" />
    </div>
  );
}

/** Who does the activity: one of the branch's active employees. */
export function AssigneeField<T extends { assignedPersonId: string }>({
  control,
  description,
  required,
}: {
  control: Control<T>;
  description?: string;
  required?: boolean;
}) {
  return (
    <FieldShell
      control={control}
      name={"assignedPersonId" as Path<T>}
      label="Assigned to"
      description={description}
      required={required}
    >
      {(field, controlProps) => (
        <PersonSelect {...controlProps} ref={field.ref} value={field.value} onValueChange={field.onChange} />
      )}
    </FieldShell>
  );
}
