import { CreateDialog, type DialogState, useZodForm } from "@/components/form";
import { useCreateShortcut } from "../api";
import { shortcutHref } from "../labels";
import { emptyShortcut, inputOf, SHORTCUT_LABELS, shortcutSchema } from "../schema";
import { ShortcutFields, savingWith } from "./shortcut-fields";

/** "New shortcut": name, what it applies to and its actions; opens the shortcut once created. */
export function NewShortcutDialog(dialog: DialogState) {
  const form = useZodForm(shortcutSchema, emptyShortcut());
  const create = useCreateShortcut();
  const save = savingWith(form, (values) => create.mutateQuietly({ input: inputOf(values) }));
  return (
    <CreateDialog
      {...dialog}
      form={form}
      title="New shortcut"
      description="A set of actions your team applies to one record or many in one click."
      submitLabel="Create shortcut"
      pending={create.isPending}
      labels={SHORTCUT_LABELS}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      onSubmit={save}
      opens={(r) => r.createWorkflowShortcut.shortcut && shortcutHref(r.createWorkflowShortcut.shortcut)}
    >
      <ShortcutFields form={form} withStatus={false} />
    </CreateDialog>
  );
}
