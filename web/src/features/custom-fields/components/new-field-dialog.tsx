import { type DialogState, useZodForm } from "@/components/form";
import { NewRecordDialog } from "@/components/record-forms";
import { type CustomFieldRow, useCreateCustomField } from "../api";
import { fieldHref } from "../labels";
import { emptyField, FIELD_FORMS, fieldSchema, inputOf } from "../schema";
import { FieldSettings } from "./field-settings";

/** "New field": name, table, type and the type's own settings; the rest is set on the field's page. */
export function NewFieldDialog({ fields, ...dialog }: DialogState & { fields: readonly CustomFieldRow[] }) {
  const form = useZodForm(fieldSchema, emptyField);
  const create = useCreateCustomField();
  return (
    <NewRecordDialog
      {...dialog}
      forms={FIELD_FORMS}
      form={form}
      pending={create.isPending}
      onSubmit={(values) => create.mutateQuietly({ input: inputOf(values) })}
      opens={(r) => r.createCustomField.field && fieldHref(r.createCustomField.field)}
    >
      <FieldSettings form={form} fields={fields} selfId={null} disabled={create.isPending} basic />
    </NewRecordDialog>
  );
}
