import { Trash2Icon } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useDeleteShortcut } from "../api";

/** "Delete" with a confirmation. The server refuses while the shop runs it for each online sale. */
export function DeleteShortcutButton({
  shortcut,
  onDeleted,
}: {
  shortcut: { id: string; name: string; isSaleWorkflow: boolean };
  onDeleted?: () => void;
}) {
  const remove = useDeleteShortcut({ onSuccess: onDeleted });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete the shortcut "${shortcut.name}"?`}
      description={
        shortcut.isSaleWorkflow
          ? "The shop runs it for each online sale: pick another sale workflow on the e-commerce setup page first."
          : "It leaves every menu. What it already did to records stays."
      }
      destructive
      confirmLabel="Delete shortcut"
      onConfirm={() => remove.mutateAsync({ id: shortcut.id })}
    />
  );
}
