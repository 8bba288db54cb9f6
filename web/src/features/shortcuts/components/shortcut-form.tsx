import { RecordEditorCard, useEditorForm } from "@/components/record-forms";
import { type Shortcut, useEditShortcut } from "../api";
import { inputOf, SHORTCUT_FORMS, shortcutSchema, valuesOf } from "../schema";
import { ShortcutFields, savingWith } from "./shortcut-fields";

/** The shortcut's editor, saved in one go; leaving with unsaved changes asks first. */
export function ShortcutForm({ shortcut, canEdit }: { shortcut: Shortcut; canEdit: boolean }) {
  const edit = useEditShortcut();
  const form = useEditorForm(shortcutSchema, shortcut, valuesOf);
  return (
    <RecordEditorCard
      forms={SHORTCUT_FORMS}
      form={form}
      pending={edit.isPending}
      canEdit={canEdit}
      onSubmit={savingWith(form, (values) => edit.mutateQuietly({ id: shortcut.id, input: inputOf(values) }))}
    >
      <ShortcutFields form={form} />
    </RecordEditorCard>
  );
}
