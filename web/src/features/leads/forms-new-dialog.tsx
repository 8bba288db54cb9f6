import { z } from "zod";
import { CreateDialog, type DialogState, SelectField, useZodForm } from "@/components/form";
import { type LeadForm, useCreateLeadForm } from "./forms-api";
import { leadFormHref } from "./forms-schema";

// "New form": blank (first name, last name and phone), or a copy of a template or another form; opens
// the builder once made.

const schema = z.object({ templateId: z.string() });

export function NewLeadFormDialog({ forms, ...dialog }: DialogState & { forms: LeadForm[] }) {
  const form = useZodForm(schema, { templateId: "" });
  const create = useCreateLeadForm();
  const templates = [...forms].sort((a, b) => Number(b.isTemplate) - Number(a.isTemplate));
  return (
    <CreateDialog
      {...dialog}
      form={form}
      title="New lead form"
      description="Start blank or from a template; the new form stays private until you make it public."
      submitLabel="Create form"
      pending={create.isPending}
      onSubmit={(v) => create.mutateQuietly({ templateId: v.templateId || null })}
      opens={(r) => r.createLeadForm.leadForm && leadFormHref(r.createLeadForm.leadForm)}
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
    </CreateDialog>
  );
}
