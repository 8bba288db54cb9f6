import { PlusIcon } from "lucide-react";
import { useLocation } from "wouter";
import { FormDialog, useZodForm } from "@/components/form";
import { useCreateShortcut } from "../api";
import { shortcutHref } from "../labels";
import { emptyShortcut, inputOf, SHORTCUT_LABELS, shortcutSchema } from "../schema";
import { ShortcutFields, savingWith } from "./shortcut-fields";

/** "New shortcut": name, what it applies to and its actions; opens the shortcut once created. */
export function NewShortcutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [, navigate] = useLocation();
  const form = useZodForm(shortcutSchema, emptyShortcut());
  const create = useCreateShortcut({
    onSuccess: (r) => {
      if (r.createWorkflowShortcut.shortcut) navigate(shortcutHref(r.createWorkflowShortcut.shortcut));
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="New shortcut"
      description="A set of actions your team applies to one record or many in one click."
      formLabel="New shortcut"
      submitLabel="Create shortcut"
      submitIcon={<PlusIcon aria-hidden="true" />}
      pending={create.isPending}
      labels={SHORTCUT_LABELS}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      onSubmit={savingWith(form, (values) => create.mutateQuietly({ input: inputOf(values) }))}
    >
      <ShortcutFields form={form} withStatus={false} />
    </FormDialog>
  );
}
