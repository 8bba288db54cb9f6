import { type DialogState, useZodForm } from "@/components/form";
import { NewRecordDialog } from "@/components/record-forms";
import { useCreateSavedAction } from "../api";
import { emptySavedAction, inputOf, SAVED_ACTION_FORMS, savedActionSchema } from "../schema";
import { SavedActionFields, usePickedTable } from "./saved-action-fields";
import { savedActionHref } from "./saved-action-list";

/** "New saved action": name, shortcut, filter and public; opens it once created. */
export function NewSavedActionDialog(dialog: DialogState) {
  const form = useZodForm(savedActionSchema, emptySavedAction());
  const { tableId } = usePickedTable(form);
  const create = useCreateSavedAction();
  return (
    <NewRecordDialog
      {...dialog}
      forms={SAVED_ACTION_FORMS}
      form={form}
      pending={create.isPending}
      onSubmit={(values) => create.mutateQuietly({ input: inputOf(values, tableId) })}
      opens={(r) => r.createSavedAction.savedAction && savedActionHref(r.createSavedAction.savedAction)}
    >
      <SavedActionFields form={form} />
    </NewRecordDialog>
  );
}
