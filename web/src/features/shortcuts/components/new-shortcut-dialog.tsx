import { type DialogState, useZodForm } from "@/components/form";
import { NewRecordDialog } from "@/components/record-forms";
import { useCreateShortcut } from "../api";
import { shortcutHref } from "../labels";
import { emptyShortcut, inputOf, SHORTCUT_FORMS, shortcutSchema } from "../schema";
import { ShortcutFields, savingWith } from "./shortcut-fields";

/** "New shortcut": name, what it applies to and its actions; opens the shortcut once created. */
export function NewShortcutDialog(dialog: DialogState) {
  const form = useZodForm(shortcutSchema, emptyShortcut());
  const create = useCreateShortcut();
  const save = savingWith(form, (values) => create.mutateQuietly({ input: inputOf(values) }));
  return (
    <NewRecordDialog
      {...dialog}
      forms={SHORTCUT_FORMS}
      form={form}
      pending={create.isPending}
      onSubmit={save}
      opens={(r) => r.createWorkflowShortcut.shortcut && shortcutHref(r.createWorkflowShortcut.shortcut)}
    >
      <ShortcutFields form={form} withStatus={false} />
    </NewRecordDialog>
  );
}
