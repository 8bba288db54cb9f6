import { useEffect } from "react";
import { FormCard, useZodForm } from "@/components/form";
import { type SavedAction, useEditSavedAction } from "../api";
import { inputOf, SAVED_ACTION_LABELS, savedActionSchema, valuesOf } from "../schema";
import { SavedActionFields, usePickedTable } from "./saved-action-fields";

/** The saved action's editor, saved in one go (its owner or a workflow configurator). */
export function SavedActionForm({ savedAction }: { savedAction: SavedAction }) {
  const edit = useEditSavedAction();
  const form = useZodForm(savedActionSchema, valuesOf(savedAction));
  const { tableId } = usePickedTable(form);
  useEffect(() => form.reset(valuesOf(savedAction), { keepDirtyValues: true }), [savedAction, form]);
  return (
    <FormCard
      form={form}
      title="Saved action"
      description="The shortcut runs on the records the filter selects when it is run (at most 10,000)."
      submitLabel="Save"
      pending={edit.isPending}
      labels={SAVED_ACTION_LABELS}
      className="max-w-3xl"
      canEdit={savedAction.canEdit}
      onSubmit={(values) => edit.mutateQuietly({ id: savedAction.id, input: inputOf(values, tableId) })}
    >
      <SavedActionFields form={form} />
    </FormCard>
  );
}
