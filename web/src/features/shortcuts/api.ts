import { AutomationActionFields } from "@/features/automations/api";
import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { type MutationOptionsFor, savingMutations, useGqlMutation } from "@/lib/use-gql-mutation";

// Workflow shortcuts: the list (any employee reads it, to offer them), one shortcut, and the changes
// (create, edit, delete: WORKFLOW_CONFIGURATION) and running one on records (CUSTOMER_ACCESS).

const ShortcutFields = graphql(
  `
  fragment WorkflowShortcutFields on WorkflowShortcut @_unmask {
    id
    name
    description
    tableId
    inactive
    sortOrder
    isSaleWorkflow
    actions {
      ...AutomationActionFields
    }
    updatedAt
  }
`,
  [AutomationActionFields],
);
export type Shortcut = ResultOf<typeof ShortcutFields>;
export type ShortcutTableId = Shortcut["tableId"];
export type ShortcutAction = Shortcut["actions"][number];
export type ActionType = ShortcutAction["type"];
export type MailTarget = NonNullable<ShortcutAction["to"]>;

export const ShortcutsQuery = graphql(
  `
  query WorkflowShortcuts($tableIds: [TableIdentifier!], $includeInactive: Boolean) {
    workflowShortcuts(tableIds: $tableIds, includeInactive: $includeInactive) {
      ...WorkflowShortcutFields
    }
  }
`,
  [ShortcutFields],
);
export const useShortcuts = (variables: VariablesOf<typeof ShortcutsQuery> = { includeInactive: true }) =>
  useGqlQuery(ShortcutsQuery, variables);

export const ShortcutQuery = graphql(
  `
  query WorkflowShortcut($id: ID!) {
    workflowShortcut(id: $id) {
      ...WorkflowShortcutFields
    }
  }
`,
  [ShortcutFields],
);
export const useShortcut = (id: string) => useGqlQuery(ShortcutQuery, { id });

/** What a change to a shortcut answers: the shortcut as saved. */
const ShortcutResultFields = graphql(
  `
  fragment WorkflowShortcutResultFields on WorkflowShortcutResult @_unmask {
    isSuccess
    message
    shortcut {
      ...WorkflowShortcutFields
    }
  }
`,
  [ShortcutFields],
);

const CreateMutation = graphql(
  `
  mutation CreateWorkflowShortcut($input: WorkflowShortcutInput!) {
    createWorkflowShortcut(input: $input) {
      ...WorkflowShortcutResultFields
    }
  }
`,
  [ShortcutResultFields],
);
const EditMutation = graphql(
  `
  mutation EditWorkflowShortcut($id: ID!, $input: WorkflowShortcutInput!) {
    editWorkflowShortcut(id: $id, input: $input) {
      ...WorkflowShortcutResultFields
    }
  }
`,
  [ShortcutResultFields],
);
const DeleteMutation = graphql(`
  mutation DeleteWorkflowShortcut($id: ID!) {
    deleteWorkflowShortcut(id: $id) {
      isSuccess
      message
    }
  }
`);
export const ExecuteMutation = graphql(`
  mutation ExecuteWorkflowShortcut($shortcutId: ID!, $entityIds: [ID!]!, $idempotencyKey: String) {
    executeWorkflowShortcut(shortcutId: $shortcutId, entityIds: $entityIds, idempotencyKey: $idempotencyKey) {
      isSuccess
      message
      replayed
      results {
        entityId
        isSuccess
        message
      }
    }
  }
`);
export type Execution = ResultOf<typeof ExecuteMutation>["executeWorkflowShortcut"];
export type ShortcutInput = VariablesOf<typeof CreateMutation>["input"];

const saving = savingMutations([ShortcutsQuery, ShortcutQuery]);
export const useCreateShortcut = saving(CreateMutation);
export const useEditShortcut = saving(EditMutation);
export const useDeleteShortcut = saving(DeleteMutation);
/** Running one changes the records' work: the caller names what to read again. */
export const useExecuteShortcut = (options?: MutationOptionsFor<typeof ExecuteMutation>) =>
  useGqlMutation(ExecuteMutation, options);
