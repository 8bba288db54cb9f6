import { Trash2Icon } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
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
  const [open, setOpen] = useState(false);
  const remove = useDeleteStep(onDeleted);
  const confirm = async () => {
    onRefused(null);
    try {
      await remove.mutateQuietly({ id: step.id });
    } catch (error) {
      onRefused(describeMutationError(error));
    }
    setOpen(false);
  };
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setOpen(true)}>
        <Trash2Icon aria-hidden="true" />
        Delete step
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete the step "{step.description}"?</AlertDialogTitle>
          <AlertDialogDescription>
            It is removed from {step.projectDescription}. A step that already has activities cannot be deleted: set it
            inactive instead.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? <Spinner size="sm" className="text-current" /> : <Trash2Icon aria-hidden="true" />}
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
