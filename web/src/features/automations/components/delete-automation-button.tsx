import { Trash2Icon } from "lucide-react";
import { DeleteRecordButton } from "@/components/delete-record-button";
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
    <DeleteRecordButton
      trigger={
        compact ? (
          <Button variant="ghost" size="icon" aria-label={`Delete ${automation.name}`}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        ) : undefined
      }
      title={`Delete the automation "${automation.name}"?`}
      description="It stops running and leaves the list. Its runs stay readable on the automation events page."
      confirmLabel="Delete automation"
      onConfirm={() => remove.mutateAsync({ id: automation.id })}
    />
  );
}
