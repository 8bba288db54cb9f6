import { PlusIcon } from "lucide-react";
import { useLocation } from "wouter";
import { FormDialog, useZodForm } from "@/components/form";
import { useCreateSavedAction } from "../api";
import { emptySavedAction, inputOf, SAVED_ACTION_LABELS, savedActionSchema } from "../schema";
import { SavedActionFields, usePickedTable } from "./saved-action-fields";
import { savedActionHref } from "./saved-action-list";

/** "New saved action": name, shortcut, filter and public; opens it once created. */
export function NewSavedActionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [, navigate] = useLocation();
  const form = useZodForm(savedActionSchema, emptySavedAction());
  const { tableId } = usePickedTable(form);
  const create = useCreateSavedAction({
    onSuccess: (r) => {
      if (r.createSavedAction.savedAction) navigate(savedActionHref(r.createSavedAction.savedAction));
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="New saved action"
      description="A shortcut on the records a filter selects, to preview and run again later."
      formLabel="New saved action"
      submitLabel="Create saved action"
      submitIcon={<PlusIcon aria-hidden="true" />}
      pending={create.isPending}
      labels={SAVED_ACTION_LABELS}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      onSubmit={(values) => create.mutateQuietly({ input: inputOf(values, tableId) })}
    >
      <SavedActionFields form={form} />
    </FormDialog>
  );
}
