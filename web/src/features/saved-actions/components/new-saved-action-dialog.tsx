import { CreateDialog, type DialogState, useZodForm } from "@/components/form";
import { useCreateSavedAction } from "../api";
import { emptySavedAction, inputOf, SAVED_ACTION_LABELS, savedActionSchema } from "../schema";
import { SavedActionFields, usePickedTable } from "./saved-action-fields";
import { savedActionHref } from "./saved-action-list";

/** "New saved action": name, shortcut, filter and public; opens it once created. */
export function NewSavedActionDialog(dialog: DialogState) {
  const form = useZodForm(savedActionSchema, emptySavedAction());
  const { tableId } = usePickedTable(form);
  const create = useCreateSavedAction();
  return (
    <CreateDialog
      {...dialog}
      form={form}
      title="New saved action"
      description="A shortcut on the records a filter selects, to preview and run again later."
      submitLabel="Create saved action"
      pending={create.isPending}
      labels={SAVED_ACTION_LABELS}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      onSubmit={(values) => create.mutateQuietly({ input: inputOf(values, tableId) })}
      opens={(r) => r.createSavedAction.savedAction && savedActionHref(r.createSavedAction.savedAction)}
    >
      <SavedActionFields form={form} />
    </CreateDialog>
  );
}
