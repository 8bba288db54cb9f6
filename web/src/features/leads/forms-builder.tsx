import type { Path } from "react-hook-form";
import { FormCard, SelectField, TextField } from "@/components/form";
import { namedOptions } from "@/components/named-options";
import { useEditorForm } from "@/components/record-forms";
import { SwitchFields, type SwitchSetting } from "@/components/switch-fields";
import { Separator } from "@/components/ui/separator";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import { type LeadForm, useEditLeadForm, useLeadCustomFields, useLeadFormSources } from "./forms-api";
import { LeadFormElements } from "./forms-elements";
import { LeadFormPreview } from "./forms-preview";
import {
  inputOf,
  LEAD_FORM_LABELS,
  type LeadFormValues,
  leadFormSchema,
  questionNamedBy,
  valuesOf,
} from "./forms-schema";
import { useLeadShortcuts } from "./views/api";

// The builder: the form's settings and its questions in one card, saved in one go, with a live preview
// beside it on a wide screen (≥ 1280 px) and below it on a phone. A refusal naming a question lands on
// that question's text.

// The on/off settings, in two runs: before and after the shortcut select, in the grid's order.
const SWITCHES: SwitchSetting<LeadFormValues>[] = [
  { name: "isPublic", label: "Public", description: "Visitors can open it at its link." },
  { name: "isTemplate", label: "Template", description: "Offered when making a new form." },
  {
    name: "autoAssignLead",
    label: "Assign leads automatically",
    description: "Each new lead goes to the sales rep of its zone.",
  },
];
const LATER_SWITCHES: SwitchSetting<LeadFormValues>[] = [
  {
    name: "hasAppointmentScheduler",
    label: "Appointment scheduler",
    description:
      "Visitors choose a free appointment time of their zone, found from the address they type (a street address or postal code question is needed).",
  },
  { name: "sendToRetailer", label: "Send to retailer", description: "Kept with the form; nothing is sent yet." },
];

export function LeadFormBuilder({ leadForm }: { leadForm: LeadForm }) {
  const edit = useEditLeadForm();
  const customFields = useLeadCustomFields().data?.customFields ?? [];
  const sources = useLeadFormSources().data?.leadSources ?? [];
  const shortcuts = useLeadShortcuts().data?.workflowShortcuts ?? [];
  const form = useEditorForm(leadFormSchema, leadForm, valuesOf);
  const save = async (values: LeadFormValues) => {
    try {
      return await edit.mutateQuietly({ id: leadForm.id, input: inputOf(values) });
    } catch (error) {
      const at = error instanceof MutationRefusal ? questionNamedBy(error.message) : null;
      if (at === null || at >= values.elements.length) throw error;
      const path = `elements.${at}.questionText` as Path<LeadFormValues>;
      form.setError(path, { type: "server", message: (error as Error).message }, { shouldFocus: true });
      return false;
    }
  };
  return (
    <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
      <FormCard
        form={form}
        title="Form"
        description="Settings and questions, saved together. Leads from this form keep the answers."
        submitLabel="Save form"
        pending={edit.isPending}
        labels={LEAD_FORM_LABELS}
        onSubmit={save}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="name" label="Name" required description="Only your team sees it." />
          <TextField control={form.control} name="title" label="Title" description="The heading visitors see." />
          <TextField
            control={form.control}
            name="description"
            label="Description"
            multiline
            className="sm:col-span-2"
          />
          <TextField
            control={form.control}
            name="minutesBetweenSubmissions"
            label="Minutes between submissions"
            inputMode="numeric"
            description="From one address; 0 for no limit of its own."
          />
          <SelectField
            control={form.control}
            name="leadSourceId"
            label="Lead source"
            emptyLabel="No source"
            description="The source its leads get."
            options={namedOptions(sources.filter((s) => !s.inactive || s.id === leadForm.leadSourceId))}
          />
          <SwitchFields control={form.control} settings={SWITCHES} />
          <SelectField
            control={form.control}
            name="assignWorkflowShortcutId"
            label="Shortcut on assignment"
            emptyLabel="No shortcut"
            description="A lead shortcut run on each lead the form assigns."
            options={namedOptions(shortcuts)}
          />
          <SwitchFields control={form.control} settings={LATER_SWITCHES} />
        </div>
        <Separator />
        <LeadFormElements form={form} customFields={customFields} />
      </FormCard>
      <div className="xl:sticky xl:top-4">
        <LeadFormPreview control={form.control} />
      </div>
    </div>
  );
}
