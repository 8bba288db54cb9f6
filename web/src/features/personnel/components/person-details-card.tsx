import { useEffect } from "react";
import { FormCard, useZodForm } from "@/components/form";
import { type PersonDetail, useUpdatePerson } from "../api";
import { type PersonValues, personSchema } from "../schema";
import { PersonFields } from "./person-fields";
import { PersonPhoto } from "./person-photo";

const valuesOf = (p: PersonDetail): PersonValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  jobTitle: p.jobTitle,
  phone: p.phone,
  etaReminders: p.etaReminders,
});

/** The person's details; leaving with unsaved changes asks first (FormCard). */
export function DetailsCard({ person }: { person: PersonDetail }) {
  const update = useUpdatePerson({ successToast: "Saved." });
  const form = useZodForm(personSchema, valuesOf(person));
  // A refetch (after a group change, on focus) shows saved values without losing what is being typed.
  useEffect(() => form.reset(valuesOf(person), { keepDirtyValues: true }), [person, form]);
  return (
    <FormCard
      form={form}
      title="Details"
      submitLabel="Save details"
      pending={update.isPending}
      onSubmit={(values) => update.mutateQuietly({ personId: person.id, input: values })}
    >
      <PersonPhoto person={person} canEdit />
      <PersonFields form={form} disabled={update.isPending} />
    </FormCard>
  );
}
