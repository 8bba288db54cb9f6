import { PlusIcon } from "lucide-react";
import { useLocation } from "wouter";
import { FormDialog, useZodForm } from "@/components/form";
import { type CustomFieldRow, useCreateCustomField } from "../api";
import { fieldHref } from "../labels";
import { emptyField, FIELD_LABELS, fieldSchema, inputOf } from "../schema";
import { FieldSettings } from "./field-settings";

/** "New field": name, table, type and the type's own settings; the rest is set on the field's page. */
export function NewFieldDialog({
  open,
  onOpenChange,
  fields,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fields: readonly CustomFieldRow[];
}) {
  const [, navigate] = useLocation();
  const form = useZodForm(fieldSchema, emptyField);
  const create = useCreateCustomField({
    onSuccess: (r) => {
      if (r.createCustomField.field) navigate(fieldHref(r.createCustomField.field));
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="New field"
      description="Add a field to a table's records. Default value, display condition and the rest come next."
      formLabel="New field"
      submitLabel="Create field"
      submitIcon={<PlusIcon aria-hidden="true" />}
      pending={create.isPending}
      labels={FIELD_LABELS}
      className="sm:max-w-2xl"
      onSubmit={(values) => create.mutateQuietly({ input: inputOf(values) })}
    >
      <FieldSettings form={form} fields={fields} selfId={null} disabled={create.isPending} basic />
    </FormDialog>
  );
}
