import { CalendarClockIcon } from "lucide-react";
import { FormDialog, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type ActionableActivity, usePatchActivity } from "../api";
import { minutesOf, type RescheduleValues, rescheduleSchema } from "../schema";
import { instantToWall, wallToInstant } from "../time";

/** Move an activity to another time (the branch's wall time) and, if need be, change its length. */
export function RescheduleDialog({
  activity,
  timeZone,
  onClose,
}: {
  activity: ActionableActivity;
  timeZone: string;
  onClose: () => void;
}) {
  const patch = usePatchActivity();
  const form = useZodForm(rescheduleSchema, {
    scheduledTime: instantToWall(activity.scheduledTime, timeZone),
    lengthMinutes: String(activity.lengthMinutes),
  });
  const { errors } = form.formState;
  const save = async (v: RescheduleValues) => {
    const at = wallToInstant(v.scheduledTime, timeZone);
    if (!at) {
      form.setError("scheduledTime", { message: "Scheduled time is not a valid date and time." });
      return false;
    }
    const length = minutesOf(v.lengthMinutes);
    await patch.mutateQuietly({
      id: activity.id,
      input: { scheduledTime: at.toISOString(), ...(length === null ? {} : { lengthMinutes: length }) },
    });
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      form={form}
      title="Reschedule"
      description={activity.subject}
      submitLabel="Reschedule"
      submitIcon={<CalendarClockIcon aria-hidden="true" />}
      pending={patch.isPending}
      labels={{ lengthMinutes: "Length" }}
      onSubmit={save}
    >
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
    </FormDialog>
  );
}
