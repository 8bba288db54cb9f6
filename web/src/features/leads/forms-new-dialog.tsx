import { PlusIcon } from "lucide-react";
import { useLocation } from "wouter";
import { z } from "zod";
import { FormDialog, SelectField, useZodForm } from "@/components/form";
import { type LeadForm, useCreateLeadForm } from "./forms-api";
import { leadFormHref } from "./forms-schema";

// "New form": blank (first name, last name and phone), or a copy of a template or another form; opens
// the builder once made.

const schema = z.object({ templateId: z.string() });

export function NewLeadFormDialog({
  open,
  onOpenChange,
  forms,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  forms: LeadForm[];
}) {
  const [, navigate] = useLocation();
  const form = useZodForm(schema, { templateId: "" });
  const create = useCreateLeadForm({
    onSuccess: (r) => {
      if (r.createLeadForm.leadForm) navigate(leadFormHref(r.createLeadForm.leadForm));
    },
  });
  const templates = [...forms].sort((a, b) => Number(b.isTemplate) - Number(a.isTemplate));
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="New lead form"
      description="Start blank or from a template; the new form stays private until you make it public."
      formLabel="New lead form"
      submitLabel="Create form"
      submitIcon={<PlusIcon aria-hidden="true" />}
      pending={create.isPending}
      onSubmit={(v) => create.mutateQuietly({ templateId: v.templateId || null })}
    >
      <SelectField
        control={form.control}
        name="templateId"
        label="Start from"
        emptyLabel="A blank form"
        options={templates.map((f) => ({
          value: f.id,
          label: f.isTemplate ? `Template: ${f.name}` : `Copy of ${f.name}`,
        }))}
      />
    </FormDialog>
  );
}
