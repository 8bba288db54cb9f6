import { SaveIcon } from "lucide-react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { z } from "zod";
import { FormDialog, SwitchField, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { type LeadViewRow, useCreateLeadView, useRenameLeadView } from "./api";

// A new lead view (name, description, public or private: its filters are chosen on its page and saved
// there) and renaming one.

const newSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters."),
  description: z.string().trim().max(1000, "Description must be at most 1000 characters."),
  isPublic: z.boolean(),
});
const renameSchema = newSchema.pick({ name: true });

export function NewViewDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useZodForm(newSchema, { name: "", description: "", isPublic: false });
  const create = useCreateLeadView();
  const [, navigate] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: start empty each time the dialog opens
  useEffect(() => {
    if (open) form.reset({ name: "", description: "", isPublic: false });
  }, [open]);
  const { errors } = form.formState;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="New lead view"
      description="Name it, then choose its filters, grouping and columns on its page and save them."
      formLabel="New lead view"
      submitLabel="Create view"
      submitIcon={<SaveIcon aria-hidden="true" />}
      pending={create.isPending}
      onSubmit={async (v) => {
        const r = await create.mutateQuietly({ input: v });
        onOpenChange(false);
        if (r.createLeadView.leadView) navigate(`/team/lead-views/${r.createLeadView.leadView.id}`);
      }}
    >
      <FormField label="Name" required error={errors.name?.message}>
        <Input maxLength={100} autoFocus {...form.register("name")} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea maxLength={1000} rows={2} {...form.register("description")} />
      </FormField>
      <SwitchField
        control={form.control}
        name="isPublic"
        label="Public"
        description="The whole team sees a public view; only you see a private one."
      />
    </FormDialog>
  );
}

export function RenameViewDialog({ view, onClose }: { view: LeadViewRow | null; onClose: () => void }) {
  const form = useZodForm(renameSchema, { name: view?.name ?? "" });
  const rename = useRenameLeadView();
  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the view each time the dialog opens
  useEffect(() => {
    if (view) form.reset({ name: view.name });
  }, [view?.id]);
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
      <FormField label="Name" required error={form.formState.errors.name?.message}>
        <Input maxLength={100} autoFocus {...form.register("name")} />
      </FormField>
    </FormDialog>
  );
}
