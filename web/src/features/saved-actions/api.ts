import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations, useGqlMutation } from "@/lib/use-gql-mutation";

// Saved actions (a shortcut on the records a filter selects, run again later) and shortcut runs (their
// progress, polled while they run, and undo for 24 hours). All take CUSTOMER_ACCESS.

const SavedActionFields = graphql(`
  fragment SavedActionFields on SavedAction @_unmask {
    id
    name
    description
    ownerName
    isPublic
    shortcutId
    shortcutName
    tableId
    filter {
      projectId
      stepId
      status
      assignedPersonId
      olderThanDays
    }
    lastRunAt
    canEdit
  }
`);
export type SavedAction = ResultOf<typeof SavedActionFields>;

export const SavedActionsQuery = graphql(
  `
  query SavedActions {
    savedActions {
      ...SavedActionFields
    }
  }
`,
  [SavedActionFields],
);
export const useSavedActions = () => useGqlQuery(SavedActionsQuery);

export const SavedActionQuery = graphql(
  `
  query SavedAction($id: ID!) {
    savedAction(id: $id) {
      ...SavedActionFields
    }
  }
`,
  [SavedActionFields],
);
export const useSavedAction = (id: string) => useGqlQuery(SavedActionQuery, { id });

const PreviewQuery = graphql(`
  query SavedActionPreview($id: ID!) {
    savedActionPreview(id: $id) {
      total
      refused
      failing
      summary
      actions {
        actionIndex
        type
        count
        summary
      }
      failures {
        entityId
        message
      }
    }
  }
`);
export type Preview = ResultOf<typeof PreviewQuery>["savedActionPreview"];
/** Asked for on a click (a preview runs the shortcut dry on every record). */
export const useSavedActionPreview = (id: string, enabled: boolean) =>
  useGqlQuery(PreviewQuery, { id }, { enabled, staleTime: 0, gcTime: 0, retry: false });

const RunFields = graphql(`
  fragment ShortcutRunFields on WorkflowShortcutRun @_unmask {
    id
    shortcutName
    status
    total
    done
    succeeded
    failed
    startedBy
    createdAt
    finishedAt
    undoneAt
    undoneBy
    undoUntil
    undoRefusal
  }
`);
export type ShortcutRun = ResultOf<typeof RunFields>;

export const RunsQuery = graphql(
  `
  query WorkflowShortcutRuns($shortcutId: ID, $savedActionId: ID) {
    workflowShortcutRuns(shortcutId: $shortcutId, savedActionId: $savedActionId, limit: 10) {
      ...ShortcutRunFields
    }
  }
`,
  [RunFields],
);
/** Polled every second while one of them is still going. */
export const useShortcutRuns = (variables: VariablesOf<typeof RunsQuery>) =>
  useGqlQuery(RunsQuery, variables, {
    refetchInterval: (q) => (q.state.data?.workflowShortcutRuns.some((r) => r.status !== "DONE") ? 1000 : false),
  });

const FailuresQuery = graphql(`
  query WorkflowShortcutRunFailures($id: ID!) {
    workflowShortcutRun(id: $id) {
      id
      outcomes(failedOnly: true, limit: 20) {
        totalCount
        items {
          entityId
          message
        }
      }
    }
  }
`);
export const useRunFailures = (id: string, enabled: boolean) => useGqlQuery(FailuresQuery, { id }, { enabled });

const UndoMutation = graphql(`
  mutation UndoWorkflowShortcutRun($id: ID!) {
    undoWorkflowShortcutRun(id: $id) {
      isSuccess
      message
    }
  }
`);
export const useUndoRun = () => useGqlMutation(UndoMutation, { invalidates: [RunsQuery], successToast: true });

/** What a change to a saved action answers: the action as saved. */
const SavedActionResultFields = graphql(
  `
  fragment SavedActionResultFields on SavedActionResult @_unmask {
    isSuccess
    message
    savedAction {
      ...SavedActionFields
    }
  }
`,
  [SavedActionFields],
);

const CreateMutation = graphql(
  `
  mutation CreateSavedAction($input: SavedActionInput!) {
    createSavedAction(input: $input) {
      ...SavedActionResultFields
    }
  }
`,
  [SavedActionResultFields],
);
const EditMutation = graphql(
  `
  mutation EditSavedAction($id: ID!, $input: SavedActionInput!) {
    editSavedAction(id: $id, input: $input) {
      ...SavedActionResultFields
    }
  }
`,
  [SavedActionResultFields],
);
const DeleteMutation = graphql(`
  mutation DeleteSavedAction($id: ID!) {
    deleteSavedAction(id: $id) {
      isSuccess
      message
    }
  }
`);
const RunMutation = graphql(`
  mutation RunSavedAction($id: ID!, $idempotencyKey: String) {
    runSavedAction(id: $id, idempotencyKey: $idempotencyKey) {
      isSuccess
      message
      run {
        id
      }
    }
  }
`);
export type SavedActionInput = VariablesOf<typeof CreateMutation>["input"];

const SAVED = [SavedActionsQuery, SavedActionQuery];
const saving = savingMutations(SAVED);
export const useCreateSavedAction = saving(CreateMutation);
export const useEditSavedAction = saving(EditMutation);
export const useDeleteSavedAction = saving(DeleteMutation);
export const useRunSavedAction = () =>
  useGqlMutation(RunMutation, { invalidates: [...SAVED, RunsQuery], successToast: true });
