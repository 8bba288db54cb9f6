import { useEffect } from "react";
import { FormCard, useZodForm } from "@/components/form";
import { type Shortcut, useEditShortcut } from "../api";
import { inputOf, SHORTCUT_LABELS, shortcutSchema, valuesOf } from "../schema";
import { ShortcutFields, savingWith } from "./shortcut-fields";

/** The shortcut's editor, saved in one go; leaving with unsaved changes asks first. */
export function ShortcutForm({ shortcut, canEdit }: { shortcut: Shortcut; canEdit: boolean }) {
  const edit = useEditShortcut();
  const form = useZodForm(shortcutSchema, valuesOf(shortcut));
  // A refetch shows saved values without losing what is being typed.
  useEffect(() => form.reset(valuesOf(shortcut), { keepDirtyValues: true }), [shortcut, form]);
  return (
    <FormCard
      form={form}
      title="Shortcut"
      description="The actions run in this order on each record it is applied to."
      submitLabel="Save shortcut"
      pending={edit.isPending}
      labels={SHORTCUT_LABELS}
      className="max-w-3xl"
      canEdit={canEdit}
      onSubmit={savingWith(form, (values) => edit.mutateQuietly({ id: shortcut.id, input: inputOf(values) }))}
    >
      <ShortcutFields form={form} />
    </FormCard>
  );
}
