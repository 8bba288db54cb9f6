import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations } from "@/lib/use-gql-mutation";

// Automations (WORKFLOW_CONFIGURATION): the list with each one's latest run, one automation, the
// events with their labels, runs (of one automation, of one record, or all), and the changes: create,
// edit, delete, a dry run on a record and a replay over the last days (what it would have done).

const RunFields = graphql(`
  fragment AutomationRunFields on AutomationRun @_unmask {
    id
    automationId
    automationName
    event
    tableId
    entityId
    status
    dryRun
    depth
    attempts
    error
    conditionsMet
    conditionOutcomes {
      text
      met
    }
    actionOutcomes {
      actionIndex
      type
      outcome
      detail
    }
    record {
      label
      threadId
    }
    createdAt
    startedAt
    finishedAt
    nextAttemptAt
  }
`);
export type AutomationRun = ResultOf<typeof RunFields>;
export type RunStatus = AutomationRun["status"];
export type AutomationEvent = AutomationRun["event"];

/** An action of an automation or a workflow shortcut (both run the same actions). */
export const AutomationActionFields = graphql(`
  fragment AutomationActionFields on AutomationAction @_unmask {
    type
    stepId
    subject
    details
    personId
    zoneRoleId
    dueInMinutes
    fieldId
    value
    to
    address
    body
  }
`);

const AutomationFields = graphql(
  `
  fragment AutomationFields on Automation @_unmask {
    id
    name
    event
    status
    ownerPersonId
    conditions {
      nativeFieldName
      customFieldId
      comparator
      value
      values
    }
    actions {
      ...AutomationActionFields
    }
    updatedAt
  }
`,
  [AutomationActionFields],
);
export type Automation = ResultOf<typeof AutomationFields>;
export type AutomationStatus = Automation["status"];
export type ActionType = Automation["actions"][number]["type"];
export type Comparator = Automation["conditions"][number]["comparator"];
export type MailTarget = NonNullable<Automation["actions"][number]["to"]>;

export const AutomationsQuery = graphql(
  `
  query Automations($status: AutomationStatus) {
    automations(status: $status) {
      ...AutomationFields
      lastRun {
        id
        status
        createdAt
        error
      }
    }
  }
`,
  [AutomationFields],
);
export type AutomationRow = ResultOf<typeof AutomationsQuery>["automations"][number];

export const AutomationQuery = graphql(
  `
  query Automation($id: ID!) {
    automation(id: $id) {
      ...AutomationFields
    }
  }
`,
  [AutomationFields],
);

export const AutomationEventsQuery = graphql(`
  query AutomationEvents {
    automationEvents {
      event
      label
      tableId
    }
  }
`);
export type AutomationEventInfo = ResultOf<typeof AutomationEventsQuery>["automationEvents"][number];

export const AutomationRunsQuery = graphql(
  `
  query AutomationRuns(
    $automationId: ID
    $tableId: TableIdentifier
    $entityId: ID
    $status: AutomationRunStatus
    $event: AutomationEvent
    $skip: Int
    $take: Int
  ) {
    automationRuns(
      automationId: $automationId
      tableId: $tableId
      entityId: $entityId
      status: $status
      event: $event
      skip: $skip
      take: $take
    ) {
      totalCount
      items {
        ...AutomationRunFields
      }
    }
  }
`,
  [RunFields],
);
export type RunsVariables = VariablesOf<typeof AutomationRunsQuery>;
export type TableId = NonNullable<RunsVariables["tableId"]>;

export const AutomationReplayQuery = graphql(`
  query AutomationReplay($id: ID!, $days: Int) {
    replayAutomation(id: $id, days: $days) {
      days
      replayable
      message
      eventsFound
      eventsExamined
      capped
      matched
      activities
      customers
      listedCapped
      items {
        tableId
        entityId
        at
        label
        customerName
        actionOutcomes {
          actionIndex
          type
          outcome
          detail
        }
      }
    }
  }
`);
export type AutomationReplay = ResultOf<typeof AutomationReplayQuery>["replayAutomation"];
export type ReplayItem = AutomationReplay["items"][number];

const CreateAutomationMutation = graphql(`
  mutation CreateAutomation($input: AutomationInput!) {
    createAutomation(input: $input) {
      isSuccess
      message
      automation {
        id
      }
    }
  }
`);
export type AutomationInput = VariablesOf<typeof CreateAutomationMutation>["input"];

const EditAutomationMutation = graphql(`
  mutation EditAutomation($id: ID!, $input: AutomationInput!) {
    editAutomation(id: $id, input: $input) {
      isSuccess
      message
      automation {
        id
        status
      }
    }
  }
`);

const DeleteAutomationMutation = graphql(`
  mutation DeleteAutomation($id: ID!) {
    deleteAutomation(id: $id) {
      isSuccess
      message
    }
  }
`);

const TestAutomationMutation = graphql(
  `
  mutation TestAutomation($id: ID!, $entityId: ID!, $dryRun: Boolean) {
    testAutomation(id: $id, entityId: $entityId, dryRun: $dryRun) {
      isSuccess
      message
      run {
        ...AutomationRunFields
      }
    }
  }
`,
  [RunFields],
);

export const useAutomations = (includeDeleted: boolean) =>
  useGqlQuery(AutomationsQuery, { status: includeDeleted ? "DELETED" : null });
export const useAutomation = (id: string) => useGqlQuery(AutomationQuery, { id });
export const useAutomationEvents = () => useGqlQuery(AutomationEventsQuery, {});
export const useAutomationRuns = (v: RunsVariables) => useGqlQuery(AutomationRunsQuery, v);
/** The replay over the last `days` days; asked for only once `enabled` (it reads up to 5,000 events). */
export const useAutomationReplay = (id: string, days: number, enabled: boolean) =>
  useGqlQuery(AutomationReplayQuery, { id, days }, { enabled, staleTime: 0 });

// What each change reads again: the list (create, delete), everything shown of an automation (edit),
// its runs (a test run).
const savingList = savingMutations([AutomationsQuery]);
const savingAll = savingMutations([AutomationsQuery, AutomationQuery, AutomationRunsQuery, AutomationReplayQuery]);
const savingRuns = savingMutations([AutomationRunsQuery]);
export const useCreateAutomation = savingList(CreateAutomationMutation);
export const useEditAutomation = savingAll(EditAutomationMutation);
export const useDeleteAutomation = savingList(DeleteAutomationMutation);
export const useTestAutomation = savingRuns(TestAutomationMutation);
