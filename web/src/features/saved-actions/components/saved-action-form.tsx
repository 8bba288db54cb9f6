import { RecordEditorCard, useEditorForm } from "@/components/record-forms";
import { type SavedAction, useEditSavedAction } from "../api";
import { inputOf, SAVED_ACTION_FORMS, savedActionSchema, valuesOf } from "../schema";
import { SavedActionFields, usePickedTable } from "./saved-action-fields";

/** The saved action's editor, saved in one go (its owner or a workflow configurator). */
export function SavedActionForm({ savedAction }: { savedAction: SavedAction }) {
  const edit = useEditSavedAction();
  const form = useEditorForm(savedActionSchema, savedAction, valuesOf);
  const { tableId } = usePickedTable(form);
  return (
    <RecordEditorCard
      forms={SAVED_ACTION_FORMS}
      form={form}
      pending={edit.isPending}
      canEdit={savedAction.canEdit}
      onSubmit={(values) => edit.mutateQuietly({ id: savedAction.id, input: inputOf(values, tableId) })}
    >
      <SavedActionFields form={form} />
    </RecordEditorCard>
  );
}
