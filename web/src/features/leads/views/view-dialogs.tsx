import { SaveIcon } from "lucide-react";
import { z } from "zod";
import { useDialogForm } from "@/components/edit-or-new-dialog";
import { CreateDialog, type DialogState, FormDialog, SwitchField, TextField } from "@/components/form";
import { type LeadViewRow, useCreateLeadView, useRenameLeadView } from "./api";

// A new lead view (name, description, public or private: its filters are chosen on its page and saved
// there) and renaming one.

const newSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters."),
  description: z.string().trim().max(1000, "Description must be at most 1000 characters."),
  isPublic: z.boolean(),
});
const renameSchema = newSchema.pick({ name: true });

export function NewViewDialog(dialog: DialogState) {
  const form = useDialogForm(newSchema, dialog.open, () => ({ name: "", description: "", isPublic: false }));
  const create = useCreateLeadView();
  return (
    <CreateDialog
      {...dialog}
      form={form}
      title="New lead view"
      description="Name it, then choose its filters, grouping and columns on its page and save them."
      submitLabel="Create view"
      submitIcon={<SaveIcon aria-hidden="true" />}
      pending={create.isPending}
      onSubmit={(v) => create.mutateQuietly({ input: v })}
      opens={(r) => r.createLeadView.leadView && `/team/lead-views/${r.createLeadView.leadView.id}`}
    >
      <TextField control={form.control} name="name" label="Name" required maxLength={100} autoFocus />
      <TextField control={form.control} name="description" label="Description" multiline rows={2} maxLength={1000} />
      <SwitchField
        control={form.control}
        name="isPublic"
        label="Public"
        description="The whole team sees a public view; only you see a private one."
      />
    </CreateDialog>
  );
}

export function RenameViewDialog({ view, onClose }: { view: LeadViewRow | null; onClose: () => void }) {
  const form = useDialogForm(renameSchema, !!view, () => ({ name: view?.name ?? "" }), view?.id);
  const rename = useRenameLeadView();
  return (
    <FormDialog
      open={!!view}
      onOpenChange={(o) => (o ? null : onClose())}
      form={form}
      title={`Rename ${view?.name ?? ""}`}
      formLabel="Rename lead view"
      submitLabel="Rename"
      pending={rename.isPending}
      onSubmit={async (v) => {
        if (view) await rename.mutateQuietly({ id: view.id, name: v.name });
        onClose();
      }}
    >
      <TextField control={form.control} name="name" label="Name" required maxLength={100} autoFocus />
    </FormDialog>
  );
}
