import { FormCard, optionsOf, SelectField } from "@/components/form";
import { useEditorForm } from "@/components/record-forms";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { type LeadDetail, usePatchLead } from "./api";
import { APPOINTMENT_KINDS, type LeadFieldsValues, leadFieldsSchema, patchOf, valuesOfLead } from "./schema";

type Field = { name: Exclude<keyof LeadFieldsValues, "comments" | "appointmentKind">; label: string; type?: string };
const FIELDS: Field[] = [
  { name: "firstName", label: "First name" },
  { name: "lastName", label: "Last name" },
  { name: "email", label: "Email", type: "email" },
  { name: "phone", label: "Phone", type: "tel" },
  { name: "phone2", label: "Phone 2", type: "tel" },
  { name: "address", label: "Address" },
  { name: "city", label: "City" },
  { name: "county", label: "County" },
  { name: "stateCode", label: "State" },
  { name: "postalCode", label: "Postal code" },
  { name: "appointment", label: "Appointment", type: "datetime-local" },
];

/** The lead's own fields, saved together; read-only for whoever may only read leads. */
export function LeadFieldsCard({ lead, canEdit }: { lead: LeadDetail; canEdit: boolean }) {
  const patch = usePatchLead();
  // A refetch (after an assignment, a note) shows saved values without losing what is being typed.
  const form = useEditorForm(leadFieldsSchema, lead, valuesOfLead);
  const { errors } = form.formState;
  const disabled = !canEdit || patch.isPending || !!lead.mergedIntoId;
  return (
    <FormCard
      form={form}
      title="Details"
      submitLabel="Save details"
      pending={patch.isPending}
      canEdit={canEdit && !lead.mergedIntoId}
      onSubmit={(values) => patch.mutateQuietly({ input: patchOf(lead.id, values) })}
      contentClassName="gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <FormField key={f.name} label={f.label} error={errors[f.name]?.message}>
            <Input type={f.type ?? "text"} autoComplete="off" disabled={disabled} {...form.register(f.name)} />
          </FormField>
        ))}
        <SelectField
          control={form.control}
          name="appointmentKind"
          label="Appointment kind"
          emptyLabel="None"
          options={optionsOf(APPOINTMENT_KINDS)}
          disabled={disabled}
        />
        <FormField label="Comments" error={errors.comments?.message} className="sm:col-span-2">
          <Textarea rows={3} disabled={disabled} {...form.register("comments")} />
        </FormField>
      </div>
    </FormCard>
  );
}
