import { DeleteRecordButton } from "@/components/delete-record-button";
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
    <DeleteRecordButton
      title={`Delete the shortcut "${shortcut.name}"?`}
      description={
        shortcut.isSaleWorkflow
          ? "The shop runs it for each online sale: pick another sale workflow on the e-commerce setup page first."
          : "It leaves every menu. What it already did to records stays."
      }
      confirmLabel="Delete shortcut"
      onConfirm={() => remove.mutateAsync({ id: shortcut.id })}
    />
  );
}
