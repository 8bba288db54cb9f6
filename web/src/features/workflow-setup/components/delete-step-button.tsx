import { Trash2Icon } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
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
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2Icon aria-hidden="true" />
          Delete step
        </Button>
      }
      title={`Delete the step "${step.description}"?`}
      description={`It is removed from ${step.projectDescription}. A step that already has activities cannot be deleted: set it inactive instead.`}
      destructive
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
