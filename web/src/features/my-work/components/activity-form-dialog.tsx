import { PlusIcon, SaveIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import {
  type CustomFieldDef,
  CustomFieldInputs,
  type CustomFieldValue,
  customFieldDefaults,
  customFieldKey,
  customFieldLabels,
  customFieldValuesToSave,
  FormDialog,
  useZodForm,
} from "@/components/form";
import { CustomFieldValuesQuery, useTableCustomFields } from "@/features/custom-fields/api";
import { useGqlQuery } from "@/lib/query-client";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import { type ActionableActivity, useAddActivity, usePatchActivity, useWorkPickers, type WorkProject } from "../api";
import { type ActivityValues, activityFieldOf, activityLabels, activitySchema, minutesOf } from "../schema";
import { instantToWall, wallToInstant } from "../time";
import { ActivityFormFields } from "./activity-form-fields";

// Add an activity to a thread (step, subject, details, time, length, who, priority, and whether to
// resolve the thread's open work at earlier steps), or edit one (everything but its step), with the
// activity's custom fields (shown live by their display conditions). The values travel with the
// activity in one call: the server checks them first, so a refused value (shown on its field) leaves
// nothing saved.

type Props = {
  timeZone: string;
  onClose: () => void;
} & (
  | { mode: "add"; threadId: string; project: WorkProject; stepId: string; scheduledTime: string }
  | { mode: "edit"; activity: ActionableActivity }
);

/** The form: the activity's own values and its custom fields' text (under customFieldKey(id)). */
const formSchema = activitySchema.loose();

/** The people and priority a new activity at `stepId` gets unless told otherwise. */
function stepDefaults(project: WorkProject, stepId: string) {
  const step = project.steps.find((s) => s.id === stepId);
  return {
    assignedPersonId: step?.defaultPersonId ?? project.defaultPersonId ?? "",
    priorityId: step?.defaultPriorityId ?? project.defaultPriorityId ?? "",
    lengthMinutes: step ? String(step.defaultLengthMinutes) : "",
  };
}

/**
 * Opens once the activity's custom fields (and, editing, its values) are known. Without them (they
 * failed to load) the dialog edits the activity alone and leaves its values as they are.
 */
export function ActivityFormDialog(props: Props) {
  const editId = props.mode === "edit" ? props.activity.id : "";
  const fieldsQ = useTableCustomFields("ACTIVITY");
  const valuesQ = useGqlQuery(
    CustomFieldValuesQuery,
    { tableId: "ACTIVITY", recordId: editId },
    { enabled: !!editId, staleTime: 0 },
  );
  if (fieldsQ.isPending || (editId && valuesQ.isPending)) return null;
  const loaded = fieldsQ.isSuccess && (!editId || valuesQ.isSuccess);
  const fields = loaded ? (fieldsQ.data.customFields as CustomFieldDef[]) : null;
  return <ActivityForm {...props} fields={fields} values={valuesQ.data?.customFieldValues ?? []} />;
}

function ActivityForm(props: Props & { fields: CustomFieldDef[] | null; values: CustomFieldValue[] }) {
  const { timeZone, onClose, fields } = props;
  const add = useAddActivity();
  const patch = usePatchActivity();
  const pickers = useWorkPickers();
  const editing = props.mode === "edit" ? props.activity : null;
  const form = useZodForm(formSchema, {
    ...(props.mode === "edit"
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
        }),
    ...customFieldDefaults(fields ?? [], props.values),
  });
  const own = form as unknown as UseFormReturn<ActivityValues>;

  // A new step brings its default person, priority and length.
  const stepId = form.watch("stepId");
  const firstStep = useRef(stepId);
  useEffect(() => {
    if (props.mode !== "add" || stepId === firstStep.current) return;
    firstStep.current = stepId;
    for (const [k, v] of Object.entries(stepDefaults(props.project, stepId)))
      own.setValue(k as keyof ActivityValues, v, { shouldDirty: true });
  }, [stepId, props, own]);

  const save = async (v: ActivityValues & Record<string, unknown>) => {
    const at = wallToInstant(v.scheduledTime, timeZone);
    if (!at) {
      own.setError("scheduledTime", { message: "Scheduled time is not a valid date and time." });
      return false;
    }
    try {
      await send(at.toISOString(), v);
    } catch (error) {
      const refusal = error instanceof MutationRefusal ? error : null;
      const fieldId = refusal?.result.fieldId as string | null | undefined;
      const field =
        fieldId && fields?.some((f) => f.id === fieldId)
          ? customFieldKey(fieldId)
          : refusal && activityFieldOf(refusal.message);
      if (!refusal || !field) throw error;
      form.setError(field, { type: "server", message: refusal.message }, { shouldFocus: true });
      return false;
    }
  };

  const send = async (scheduledTime: string, v: ActivityValues & Record<string, unknown>) => {
    const common = {
      subject: v.subject,
      details: v.details,
      scheduledTime,
      lengthMinutes: minutesOf(v.lengthMinutes),
      customFieldValues: fields ? customFieldValuesToSave(fields, v as Record<string, string | undefined>) : null,
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

  const pending = add.isPending || patch.isPending;
  const steps = props.mode === "add" ? props.project.steps.filter((s) => !s.inactive) : [];
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
      pending={pending}
      labels={{ ...activityLabels, ...customFieldLabels(fields ?? []) }}
      className="sm:max-w-xl"
      onSubmit={save}
    >
      <ActivityFormFields
        form={own}
        adding={!editing}
        steps={steps.map((s) => ({ value: s.id, label: s.description }))}
        priorities={(pickers.data?.priorities ?? []).map((p) => ({ value: p.id, label: p.name }))}
        timeZone={timeZone}
      >
        {fields?.length ? (
          <CustomFieldInputs control={form.control} fields={fields} disabled={pending} className="border-t pt-4" />
        ) : null}
      </ActivityFormFields>
    </FormDialog>
  );
}
