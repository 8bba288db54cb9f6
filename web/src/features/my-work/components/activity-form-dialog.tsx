import { PlusIcon, SaveIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Controller } from "react-hook-form";
import { FormDialog, SelectField, useZodForm } from "@/components/form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { PersonSelect } from "@/features/personnel/components/person-select";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import { useAddActivity, usePatchActivity, useWorkPickers, type WorkActivity, type WorkProject } from "../api";
import { type ActivityValues, activityFieldOf, activityLabels, activitySchema, minutesOf } from "../schema";
import { instantToWall, wallToInstant } from "../time";

// Add an activity to a thread (step, subject, details, time, length, who, priority, and whether to
// resolve the thread's open work at earlier steps), or edit one (everything but its step).

type Props = {
  timeZone: string;
  onClose: () => void;
} & (
  | { mode: "add"; threadId: string; project: WorkProject; stepId: string; scheduledTime: string }
  | { mode: "edit"; activity: WorkActivity }
);

/** The people and priority a new activity at `stepId` gets unless told otherwise. */
function stepDefaults(project: WorkProject, stepId: string) {
  const step = project.steps.find((s) => s.id === stepId);
  return {
    assignedPersonId: step?.defaultPersonId ?? project.defaultPersonId ?? "",
    priorityId: step?.defaultPriorityId ?? project.defaultPriorityId ?? "",
    lengthMinutes: step ? String(step.defaultLengthMinutes) : "",
  };
}

export function ActivityFormDialog(props: Props) {
  const { timeZone, onClose } = props;
  const add = useAddActivity();
  const patch = usePatchActivity();
  const pickers = useWorkPickers();
  const editing = props.mode === "edit" ? props.activity : null;
  const form = useZodForm(
    activitySchema,
    props.mode === "edit"
      ? {
          stepId: props.activity.stepId,
          subject: props.activity.subject,
          details: props.activity.details,
          scheduledTime: instantToWall(props.activity.scheduledTime, timeZone),
          lengthMinutes: String(props.activity.lengthMinutes),
          assignedPersonId: props.activity.assignedPersonId ?? "",
          priorityId: props.activity.priorityId ?? "",
          resolvePrevious: false,
        }
      : {
          stepId: props.stepId,
          subject: "",
          details: "",
          scheduledTime: props.scheduledTime,
          ...stepDefaults(props.project, props.stepId),
          resolvePrevious: true,
        },
  );
  const { errors } = form.formState;

  // A new step brings its default person, priority and length.
  const stepId = form.watch("stepId");
  const firstStep = useRef(stepId);
  useEffect(() => {
    if (props.mode !== "add" || stepId === firstStep.current) return;
    firstStep.current = stepId;
    for (const [k, v] of Object.entries(stepDefaults(props.project, stepId)))
      form.setValue(k as keyof ActivityValues, v, { shouldDirty: true });
  }, [stepId, props, form]);

  const save = async (v: ActivityValues) => {
    const at = wallToInstant(v.scheduledTime, timeZone);
    if (!at) {
      form.setError("scheduledTime", { message: "Scheduled time is not a valid date and time." });
      return false;
    }
    try {
      await send(at.toISOString(), v);
    } catch (error) {
      const refusal = error instanceof MutationRefusal ? error : null;
      const field = refusal && activityFieldOf(refusal.message);
      if (!refusal || !field) throw error;
      form.setError(field, { type: "server", message: refusal.message }, { shouldFocus: true });
      return false;
    }
  };

  const send = async (scheduledTime: string, v: ActivityValues) => {
    const common = {
      subject: v.subject,
      details: v.details,
      scheduledTime,
      lengthMinutes: minutesOf(v.lengthMinutes),
    };
    if (props.mode === "add")
      await add.mutateQuietly({
        input: {
          ...common,
          threadId: props.threadId,
          stepId: v.stepId,
          assignedPersonId: v.assignedPersonId || null,
          priorityId: v.priorityId || null,
          resolvePrevious: v.resolvePrevious,
        },
      });
    else
      await patch.mutateQuietly({
        id: props.activity.id,
        input: { ...common, assignedPersonId: v.assignedPersonId, priorityId: v.priorityId },
      });
  };

  const steps = props.mode === "add" ? props.project.steps.filter((s) => !s.inactive) : [];
  const priorities = (pickers.data?.priorities ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      form={form}
      title={editing ? "Edit activity" : "Add activity"}
      description={
        props.mode === "edit"
          ? `${props.activity.projectDescription} · ${props.activity.stepDescription}`
          : props.project.description
      }
      submitLabel={editing ? "Save" : "Add activity"}
      submitIcon={editing ? <SaveIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
      pending={add.isPending || patch.isPending}
      labels={activityLabels}
      className="sm:max-w-xl"
      onSubmit={save}
    >
      {props.mode === "add" ? (
        <SelectField
          control={form.control}
          name="stepId"
          label="Step"
          required
          options={steps.map((s) => ({ value: s.id, label: s.description }))}
        />
      ) : null}
      <FormField label="Subject" error={errors.subject?.message} required>
        <Input autoComplete="off" {...form.register("subject")} />
      </FormField>
      <FormField label="Details" error={errors.details?.message}>
        <Textarea rows={3} {...form.register("details")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField
          label="Scheduled time"
          description={`Branch time (${timeZone.replace(/_/g, " ")}).`}
          error={errors.scheduledTime?.message}
          required
        >
          <Input type="datetime-local" {...form.register("scheduledTime")} />
        </FormField>
        <FormField label="Length (minutes)" error={errors.lengthMinutes?.message}>
          <Input inputMode="numeric" {...form.register("lengthMinutes")} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="assignedPersonId"
          render={({ field, fieldState }) => (
            <FormField
              label="Assigned to"
              error={fieldState.error?.message}
              description={
                editing
                  ? undefined
                  : field.value
                    ? "The step's default person unless you choose another."
                    : "None chosen: the holder of the step's role in the customer's zone."
              }
            >
              {(control) => (
                <PersonSelect {...control} ref={field.ref} value={field.value} onValueChange={field.onChange} />
              )}
            </FormField>
          )}
        />
        <SelectField
          control={form.control}
          name="priorityId"
          label="Priority"
          options={priorities}
          emptyLabel={editing ? "None" : "The step's default"}
        />
      </div>
      {props.mode === "add" ? (
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
    </FormDialog>
  );
}
