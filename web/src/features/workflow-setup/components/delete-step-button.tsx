import { Trash2Icon } from "lucide-react";
import { DeleteRecordButton } from "@/components/delete-record-button";
import { describeMutationError } from "@/lib/use-gql-mutation";
import { type SetupStep, useDeleteStep } from "../api";

/**
 * "Delete" with a confirmation. A refusal (the step has activities) closes the dialog and goes to
 * `onRefused`, for the page to show; the step and any unsaved edits stay as they were.
 */
export function DeleteStepButton({
  step,
  onDeleted,
  onRefused,
}: {
  step: SetupStep;
  onDeleted: () => void;
  onRefused: (message: string | null) => void;
}) {
  const remove = useDeleteStep(onDeleted);
  const confirm = async () => {
    onRefused(null);
    try {
      await remove.mutateQuietly({ id: step.id });
    } catch (error) {
      onRefused(describeMutationError(error));
    }
  };
  return (
    <DeleteRecordButton
      label="Delete step"
      title={`Delete the step "${step.description}"?`}
      description={`It is removed from ${step.projectDescription}. A step that already has activities cannot be deleted: set it inactive instead.`}
      confirmLabel={
        <>
          {remove.isPending ? null : <Trash2Icon aria-hidden="true" />}
          Delete
        </>
      }
      onConfirm={confirm}
    />
  );
}
