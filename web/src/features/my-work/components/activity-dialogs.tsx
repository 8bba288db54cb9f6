import type { ActionableActivity } from "../api";
import type { ActivityDialogKind } from "./activity-actions";
import { ActivityFormDialog } from "./activity-form-dialog";
import { ReassignDialog } from "./reassign-dialog";
import { RescheduleDialog } from "./reschedule-dialog";

export type OpenActivityDialog = { kind: ActivityDialogKind; activity: ActionableActivity } | null;

/** The one dialog open on an activity (reschedule, reassign or edit), each starting from the activity. */
export function ActivityDialogs({
  dialog,
  timeZone,
  onClose,
}: {
  dialog: OpenActivityDialog;
  timeZone: string;
  onClose: () => void;
}) {
  if (!dialog) return null;
  const { kind, activity } = dialog;
  if (kind === "reschedule")
    return <RescheduleDialog key={activity.id} activity={activity} timeZone={timeZone} onClose={onClose} />;
  if (kind === "reassign") return <ReassignDialog key={activity.id} activity={activity} onClose={onClose} />;
  return <ActivityFormDialog key={activity.id} mode="edit" activity={activity} timeZone={timeZone} onClose={onClose} />;
}
