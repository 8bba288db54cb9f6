import { useEffect, useMemo } from "react";
import { z } from "zod";
import {
  type CustomFieldDef,
  CustomFieldInputs,
  customFieldDefaults,
  customFieldKey,
  customFieldLabels,
  customFieldValuesToSave,
  FormCard,
  useZodForm,
} from "@/components/form";
import { Skeleton } from "@/components/ui/skeleton";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import { type TableId, useCustomFieldValues, useEditCustomFieldValues, useTableCustomFields } from "../api";

// A record's custom fields as a card of its page: the table's active fields with the record's values
// (or the fields' defaults), saved in one go through edit values. A refusal lands on the field it
// names; fields hidden by their display condition are cleared by the server.

const anyValues = z.record(z.string(), z.string());

export function RecordCustomFieldsCard({
  tableId,
  recordId,
  title = "Custom fields",
}: {
  tableId: TableId;
  recordId: string;
  title?: string;
}) {
  const fieldsQ = useTableCustomFields(tableId);
  const valuesQ = useCustomFieldValues(tableId, recordId);
  const fields = fieldsQ.data?.customFields as CustomFieldDef[] | undefined;
  const values = valuesQ.data?.customFieldValues;
  if (fieldsQ.isError || valuesQ.isError) return null;
  if (!fields || !values) return <Skeleton className="h-40" />;
  if (fields.length === 0) return null;
  return <ValuesForm tableId={tableId} recordId={recordId} title={title} fields={fields} values={values} />;
}

function ValuesForm({
  tableId,
  recordId,
  title,
  fields,
  values,
}: {
  tableId: TableId;
  recordId: string;
  title: string;
  fields: CustomFieldDef[];
  values: { fieldId: string; value: string }[];
}) {
  const defaults = useMemo(() => customFieldDefaults(fields, values), [fields, values]);
  const form = useZodForm(anyValues, defaults);
  useEffect(() => form.reset(defaults, { keepDirtyValues: true }), [defaults, form]);
  const save = useEditCustomFieldValues();
  const onSubmit = async (current: Record<string, string>) => {
    try {
      await save.mutateQuietly({ tableId, recordId, values: customFieldValuesToSave(fields, current) });
      form.reset(current);
    } catch (e) {
      const refusal = e instanceof MutationRefusal ? e : null;
      const fieldId = refusal?.result.fieldId as string | null | undefined;
      if (!refusal || !fieldId || !fields.some((f) => f.id === fieldId)) throw e;
      form.setError(customFieldKey(fieldId), { type: "server", message: refusal.message }, { shouldFocus: true });
    }
  };
  return (
    <FormCard
      form={form}
      title={title}
      submitLabel="Save fields"
      pending={save.isPending}
      labels={customFieldLabels(fields)}
      onSubmit={onSubmit}
    >
      <CustomFieldInputs control={form.control} fields={fields} disabled={save.isPending} />
    </FormCard>
  );
}
