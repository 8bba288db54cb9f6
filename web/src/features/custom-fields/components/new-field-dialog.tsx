import { CreateDialog, type DialogState, useZodForm } from "@/components/form";
import { type CustomFieldRow, useCreateCustomField } from "../api";
import { fieldHref } from "../labels";
import { emptyField, FIELD_LABELS, fieldSchema, inputOf } from "../schema";
import { FieldSettings } from "./field-settings";

/** "New field": name, table, type and the type's own settings; the rest is set on the field's page. */
export function NewFieldDialog({ fields, ...dialog }: DialogState & { fields: readonly CustomFieldRow[] }) {
  const form = useZodForm(fieldSchema, emptyField);
  const create = useCreateCustomField();
  return (
    <CreateDialog
      {...dialog}
      form={form}
      title="New field"
      description="Add a field to a table's records. Default value, display condition and the rest come next."
      submitLabel="Create field"
      pending={create.isPending}
      labels={FIELD_LABELS}
      className="sm:max-w-2xl"
      onSubmit={(values) => create.mutateQuietly({ input: inputOf(values) })}
      opens={(r) => r.createCustomField.field && fieldHref(r.createCustomField.field)}
    >
      <FieldSettings form={form} fields={fields} selfId={null} disabled={create.isPending} basic />
    </CreateDialog>
  );
}
