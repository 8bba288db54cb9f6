import { RecordEditorCard, useEditorForm } from "@/components/record-forms";
import { BackLink } from "@/components/shell/back-link";
import { BreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import type { RouteParams } from "@/lib/route-table";
import { type CustomFieldRow, useAllCustomFields, useEditCustomField } from "../api";
import { FieldSettings } from "../components/field-settings";
import { TYPE_LABELS, tableLabel } from "../labels";
import { FIELD_FORMS, fieldSchema, inputOf, valuesOf } from "../schema";

/** team/custom-fields/{fieldId}: one field's settings; leaving with unsaved changes asks first. */
export default function CustomFieldPage({ params }: { params: RouteParams }) {
  const q = useAllCustomFields();
  if (q.isPending) return <PageSkeleton />;
  const fields = q.data?.customFields;
  const field = fields?.find((f) => f.id === params.fieldId);
  if (q.isError || !fields || !field)
    return (
      <QueryError
        error={q.error ?? new Error("Custom field not found.")}
        onRetry={() => q.refetch()}
        title="We couldn't load this field"
      />
    );
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={field.name} />
      <BreadcrumbTitle title={field.name} />
      <BackLink href="/team/custom-fields">Custom fields</BackLink>
      <PageHeader
        title={field.name}
        description={`${TYPE_LABELS[field.type]} field on ${tableLabel(field.tableId).toLowerCase()} records.`}
        actions={field.inactive ? <Badge variant="secondary">Inactive</Badge> : null}
      />
      <FieldCard field={field} fields={fields} />
    </div>
  );
}

function FieldCard({ field, fields }: { field: CustomFieldRow; fields: CustomFieldRow[] }) {
  const edit = useEditCustomField();
  const form = useEditorForm(fieldSchema, field, valuesOf);
  return (
    <RecordEditorCard
      forms={FIELD_FORMS}
      form={form}
      pending={edit.isPending}
      onSubmit={(values) => edit.mutateQuietly({ id: field.id, input: inputOf(values) })}
    >
      <FieldSettings form={form} fields={fields} selfId={field.id} disabled={edit.isPending} />
    </RecordEditorCard>
  );
}
