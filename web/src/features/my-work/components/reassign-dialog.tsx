import { UserRoundIcon } from "lucide-react";
import { useZodForm } from "@/components/form";
import { type ActionableActivity, usePatchActivity } from "../api";
import { type ReassignValues, reassignSchema } from "../schema";
import { ActivityActionDialog } from "./activity-action-dialog";
import { AssigneeField } from "./activity-form-fields";

/** Give an activity to another employee. */
export function ReassignDialog({ activity, onClose }: { activity: ActionableActivity; onClose: () => void }) {
  const patch = usePatchActivity();
  const form = useZodForm(reassignSchema, { assignedPersonId: activity.assignedPersonId ?? "" });
  const save = async (v: ReassignValues) => {
    await patch.mutateQuietly({ id: activity.id, input: { assignedPersonId: v.assignedPersonId } });
  };
  return (
    <ActivityActionDialog
      action="Reassign"
      icon={<UserRoundIcon aria-hidden="true" />}
      subject={activity.subject}
      onClose={onClose}
      form={form}
      pending={patch.isPending}
      labels={{ assignedPersonId: "The assigned person" }}
      refusalField="assignedPersonId"
      onSubmit={save}
    >
      <AssigneeField control={form.control} required />
    </ActivityActionDialog>
  );
}
