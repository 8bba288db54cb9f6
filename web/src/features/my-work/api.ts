import { CustomFieldValuesQuery } from "@/features/custom-fields/api";
import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { type MutationOptionsFor, savingMutations, useGqlMutation } from "@/lib/use-gql-mutation";

// Doing the work: a page of a person's open activities (my work, with their pinned values), one project thread's
// timeline (thread-api.ts), a customer's threads and open work, the activity
// counts of a period, a project with its steps, the
// priorities, and adding, changing and resolving activities (with their custom field values).

/** What the actions and dialogs on an activity read of it (a list row, a timeline's activity, a lead page's thread). */
export const ActionableActivityFields = graphql(`
  fragment ActionableActivityFields on Activity @_unmask {
    id
    threadId
    threadClosed
    subject
    details
    status
    stepId
    stepDescription
    projectDescription
    scheduledTime
    lengthMinutes
    assignedPersonId
    priorityId
  }
`);
export type ActionableActivity = ResultOf<typeof ActionableActivityFields>;

export const ActivityFields = graphql(
  `
  fragment WorkActivityFields on Activity @_unmask {
    ...ActionableActivityFields
    stepSortLevel
    projectId
    customerId
    customerName
    leadId
    leadName
    priorityName
    assignedPersonName
    enteredByPersonName
    enteredTime
    resolvedTime
    resolvedByPersonName
  }
`,
  [ActionableActivityFields],
);

/** The pinned custom field values an activity shows beside its subject (its own, its thread's, its customer's). */
const PinnedValueFields = graphql(`
  fragment WorkPinnedValueFields on PinnedFieldValue @_unmask {
    fieldId
    tableId
    name
    type
    decimals
    value
  }
`);
export type WorkPinnedValue = ResultOf<typeof PinnedValueFields>;

/** What my work's list shows of an activity, and what its actions and dialogs start from. */
const MyWorkRowFields = graphql(
  `
  fragment MyWorkRowFields on Activity @_unmask {
    ...ActionableActivityFields
    projectId
    customerName
    leadId
    leadName
    priorityName
    pinnedValues {
      ...WorkPinnedValueFields
    }
  }
`,
  [ActionableActivityFields, PinnedValueFields],
);

/** My work, one page at a time: the server filters, searches, sorts and counts (the list shows 50). */
export const MyWorkQuery = graphql(
  `
  query MyWorkPage(
    $personId: ID
    $from: DateTime
    $to: DateTime
    $due: MyWorkDue
    $projectId: ID
    $priorityId: ID
    $search: String
    $sort: MyWorkSort
    $sortDirection: SortDirection
    $skip: Int
    $take: Int
  ) {
    myWork(
      personId: $personId
      from: $from
      to: $to
      due: $due
      projectId: $projectId
      priorityId: $priorityId
      search: $search
      sort: $sort
      sortDirection: $sortDirection
      skip: $skip
      take: $take
    ) {
      activities {
        ...MyWorkRowFields
      }
      total
      dueCounts {
        overdue
        today
        upcoming
        all
      }
      projects {
        id
        description
      }
      priorities {
        id
        name
      }
    }
  }
`,
  [MyWorkRowFields],
);
/** An activity as every work screen shows it. */
export type WorkActivity = ResultOf<typeof ActivityFields>;
export type MyWorkVariables = VariablesOf<typeof MyWorkQuery>;
export type MyWorkPage = ResultOf<typeof MyWorkQuery>["myWork"];
/** An activity of my work's list: with its pinned values. */
export type MyWorkActivity = MyWorkPage["activities"][number];

/** Open work changes all day: read again whenever the page opens; the last page shows while the next loads. */
export const useMyWork = (variables: MyWorkVariables) =>
  useGqlQuery(MyWorkQuery, variables, { staleTime: 0, placeholderData: (previous) => previous });

export const CustomerWorkQuery = graphql(
  `
  query WorkCustomerWork($customerId: ID!) {
    customerWork(customerId: $customerId) {
      customerId
      customerName
      threads {
        id
        projectDescription
        currentStepDescription
        closedAt
        createdAt
        openActivityCount
        activityCount
      }
      openActivityCount
      openActivities {
        id
        threadId
        subject
        stepDescription
        projectDescription
        scheduledTime
        assignedPersonName
      }
    }
  }
`,
);
export type CustomerWork = ResultOf<typeof CustomerWorkQuery>["customerWork"];
/** A customer's threads and open work, for the card beside one of its records. */
export const useCustomerWork = (customerId: string | null | undefined) =>
  useGqlQuery(CustomerWorkQuery, { customerId: customerId ?? "" }, { enabled: !!customerId, staleTime: 0 });

export const WorkProjectQuery = graphql(`
  query WorkProject($id: ID!) {
    project(id: $id) {
      id
      description
      defaultPersonId
      defaultPriorityId
      steps {
        id
        description
        sortLevel
        funnelPosition
        defaultPersonId
        defaultPriorityId
        defaultLengthMinutes
        noAutoResolve
        inactive
      }
    }
  }
`);
export type WorkProject = ResultOf<typeof WorkProjectQuery>["project"];
export type WorkStep = WorkProject["steps"][number];
export const useWorkProject = (id: string | undefined) =>
  useGqlQuery(WorkProjectQuery, { id: id ?? "" }, { enabled: !!id });

export const WorkPickersQuery = graphql(`
  query WorkPickers {
    priorities {
      id
      name
      sortOrder
    }
  }
`);
export const useWorkPickers = () => useGqlQuery(WorkPickersQuery);

export const ActivitySummaryQuery = graphql(`
  query WorkActivitySummary($from: DateTime!, $to: DateTime!, $groupBy: ActivitySummaryGroup!) {
    activitySummary(from: $from, to: $to, groupBy: $groupBy) {
      key
      label
      active
      resolved
      cancelled
      total
    }
  }
`);
export type SummaryRow = ResultOf<typeof ActivitySummaryQuery>["activitySummary"][number];
export type SummaryGroup = VariablesOf<typeof ActivitySummaryQuery>["groupBy"];
export const useActivitySummary = (variables: VariablesOf<typeof ActivitySummaryQuery>, enabled = true) =>
  useGqlQuery(ActivitySummaryQuery, variables, { staleTime: 0, enabled });

// What changes when work changes: my work, the thread's timeline (every page loaded: thread-api.ts),
// the counts and an activity's values.
// "LeadPageThreads": the lead page lists its threads' activities with these same actions and dialogs.
const savingWork = savingMutations([
  MyWorkQuery,
  "WorkThread",
  ActivitySummaryQuery,
  CustomFieldValuesQuery,
  CustomerWorkQuery,
  "LeadPageThreads",
]);

/** What adding or changing an activity answers: the activity as saved (or the field a refusal names). */
const ActivityResultFields = graphql(
  `
  fragment WorkActivityResultFields on ActivityResult @_unmask {
    isSuccess
    message
    fieldId
    activity {
      ...WorkActivityFields
    }
  }
`,
  [ActivityFields],
);

export const AddActivityMutation = graphql(
  `
  mutation WorkAddActivity($input: AddActivityInput!) {
    addActivity(input: $input) {
      ...WorkActivityResultFields
    }
  }
`,
  [ActivityResultFields],
);
export const useAddActivity = savingWork(AddActivityMutation);

export const PatchActivityMutation = graphql(
  `
  mutation WorkPatchActivity($id: ID!, $input: PatchActivityInput!) {
    patchActivity(id: $id, input: $input) {
      ...WorkActivityResultFields
    }
  }
`,
  [ActivityResultFields],
);
export type PatchActivityInput = VariablesOf<typeof PatchActivityMutation>["input"];
export const usePatchActivity = savingWork(PatchActivityMutation);

export const StartThreadMutation = graphql(`
  mutation WorkStartThread($projectId: ID!, $customerId: ID, $leadId: String) {
    startProjectThread(projectId: $projectId, customerId: $customerId, leadId: $leadId) {
      isSuccess
      message
      thread {
        id
      }
    }
  }
`);
export const useStartThread = (options: MutationOptionsFor<typeof StartThreadMutation> = {}) =>
  useGqlMutation(StartThreadMutation, { successToast: true, ...options });
