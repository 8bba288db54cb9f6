import { Trash2Icon } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useDeleteAutomation } from "../api";

/** "Delete" with a confirmation: the automation stops and leaves the lists; its runs stay. */
export function DeleteAutomationButton({
  automation,
  onDeleted,
  compact,
}: {
  automation: { id: string; name: string };
  onDeleted?: () => void;
  compact?: boolean;
}) {
  const remove = useDeleteAutomation({ onSuccess: onDeleted });
  return (
    <ConfirmDialog
      trigger={
        compact ? (
          <Button variant="ghost" size="icon" aria-label={`Delete ${automation.name}`}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="outline" className="text-destructive hover:text-destructive">
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
        )
      }
      title={`Delete the automation "${automation.name}"?`}
      description="It stops running and leaves the list. Its runs stay readable on the automation events page."
      destructive
      confirmLabel="Delete automation"
      onConfirm={() => remove.mutateAsync({ id: automation.id })}
    />
  );
}
