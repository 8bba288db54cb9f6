import { UserRoundIcon } from "lucide-react";
import { useZodForm } from "@/components/form";
import type { ActionableActivity } from "../api";
import { reassignSchema } from "../schema";
import { ActivityActionDialog } from "./activity-action-dialog";
import { AssigneeField } from "./activity-form-fields";

/** Give an activity to another employee. */
export function ReassignDialog({ activity, onClose }: { activity: ActionableActivity; onClose: () => void }) {
  const form = useZodForm(reassignSchema, { assignedPersonId: activity.assignedPersonId ?? "" });
  return (
    <ActivityActionDialog
      action="Reassign"
      icon={<UserRoundIcon aria-hidden="true" />}
      activity={activity}
      onClose={onClose}
      form={form}
      labels={{ assignedPersonId: "The assigned person" }}
      refusalField="assignedPersonId"
      patchOf={({ assignedPersonId }) => ({ assignedPersonId })}
    >
      <AssigneeField control={form.control} required />
    </ActivityActionDialog>
  );
}
