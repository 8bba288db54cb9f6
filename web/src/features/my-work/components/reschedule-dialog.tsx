import { CalendarClockIcon } from "lucide-react";
import { useZodForm } from "@/components/form";
import type { ActionableActivity } from "../api";
import { minutesOf, type RescheduleValues, rescheduleSchema } from "../schema";
import { instantToWall, wallToInstant } from "../time";
import { ActivityActionDialog } from "./activity-action-dialog";
import { ScheduleFields } from "./activity-form-fields";

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
  const form = useZodForm(rescheduleSchema, {
    scheduledTime: instantToWall(activity.scheduledTime, timeZone),
    lengthMinutes: String(activity.lengthMinutes),
  });
  const patchOf = (v: RescheduleValues) => {
    const at = wallToInstant(v.scheduledTime, timeZone);
    if (!at) {
      form.setError("scheduledTime", { message: "Scheduled time is not a valid date and time." });
      return false;
    }
    const length = minutesOf(v.lengthMinutes);
    return { scheduledTime: at.toISOString(), ...(length === null ? {} : { lengthMinutes: length }) };
  };
  return (
    <ActivityActionDialog
      action="Reschedule"
      icon={<CalendarClockIcon aria-hidden="true" />}
      activity={activity}
      onClose={onClose}
      form={form}
      labels={{ lengthMinutes: "Length" }}
      patchOf={patchOf}
    >
      <ScheduleFields control={form.control} timeZone={timeZone} />
    </ActivityActionDialog>
  );
}
