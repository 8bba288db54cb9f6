import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations } from "@/lib/use-gql-mutation";

// Custom fields: the definitions (all or by table, includeInactive), one field, create and edit, and a
// record's values with their edit.

export const CustomFieldsQuery = graphql(`
  query CustomFields($tableId: TableIdentifier, $includeInactive: Boolean) {
    customFields(tableId: $tableId, includeInactive: $includeInactive) {
      id
      name
      tableId
      type
      displayParentId
      macroName
      usageApp
      usageDesktop
      readOnly
      length
      decimals
      selectionTableId
      sortOrder
      useOptionList
      optionList
      displayIfFieldId
      displayIfFieldValue
      required
      defaultValue
      pinStatus
      updateOtherCustomFieldId
      inactive
    }
  }
`);
export type CustomFieldRow = ResultOf<typeof CustomFieldsQuery>["customFields"][number];
export type TableId = CustomFieldRow["tableId"];
export type FieldType = CustomFieldRow["type"];

export const CustomFieldValuesQuery = graphql(`
  query CustomFieldValues($tableId: TableIdentifier!, $recordId: ID!) {
    customFieldValues(tableId: $tableId, recordId: $recordId) {
      fieldId
      value
    }
  }
`);

const CreateCustomFieldMutation = graphql(`
  mutation CreateCustomField($input: CustomFieldInput!) {
    createCustomField(input: $input) {
      isSuccess
      message
      field {
        id
      }
    }
  }
`);

const EditCustomFieldMutation = graphql(`
  mutation EditCustomField($id: ID!, $input: CustomFieldInput!) {
    editCustomField(id: $id, input: $input) {
      isSuccess
      message
      field {
        id
      }
    }
  }
`);

const EditCustomFieldValuesMutation = graphql(`
  mutation EditCustomFieldValues($tableId: TableIdentifier!, $recordId: ID!, $values: [CustomFieldValueInput!]!) {
    editCustomFieldValues(tableId: $tableId, recordId: $recordId, values: $values) {
      isSuccess
      message
      fieldId
      values {
        fieldId
        value
      }
    }
  }
`);
export type CustomFieldInputVars = VariablesOf<typeof CreateCustomFieldMutation>["input"];

/** Every field of the branch (inactive ones too): the configuration list and the field page read it. */
export const useAllCustomFields = () => useGqlQuery(CustomFieldsQuery, { tableId: null, includeInactive: true });
/** A table's active fields, for a record's form. */
export const useTableCustomFields = (tableId: TableId) =>
  useGqlQuery(CustomFieldsQuery, { tableId, includeInactive: false });
export const useCustomFieldValues = (tableId: TableId, recordId: string) =>
  useGqlQuery(CustomFieldValuesQuery, { tableId, recordId });

const savingField = savingMutations([CustomFieldsQuery]);
export const useCreateCustomField = savingField(CreateCustomFieldMutation);
export const useEditCustomField = savingField(EditCustomFieldMutation);
export const useEditCustomFieldValues = savingMutations([CustomFieldValuesQuery])(EditCustomFieldValuesMutation);
