import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations } from "@/lib/use-gql-mutation";

// Lead views (team/lead-views): the saved views, a view's page of leads and its counts per group, what
// the filters offer, and the bulk actions on selected leads (the lead operations' own mutations).

const LeadViewFields = graphql(`
  fragment LeadViewFields on LeadView @_unmask {
    id
    name
    description
    isPublic
    canChange
    creatorName
    lastModified
    groupBy
    columns
    sortBy
    sortAscending
    filter {
      formIds
      personIds
      sourceIds
      statuses
      zoneIds
      from
      to
      lastDays
      search
    }
  }
`);
export type LeadViewRow = ResultOf<typeof LeadViewFields>;

export const LeadViewsQuery = graphql(
  `
  query LeadViews {
    leadViews {
      ...LeadViewFields
    }
  }
`,
  [LeadViewFields],
);
export const useLeadViews = () => useGqlQuery(LeadViewsQuery);

export const LeadViewQuery = graphql(
  `
  query LeadView($id: ID!) {
    leadView(id: $id) {
      ...LeadViewFields
    }
  }
`,
  [LeadViewFields],
);
export const useLeadView = (id: string) => useGqlQuery(LeadViewQuery, { id });

const OptionsQuery = graphql(`
  query LeadViewOptions {
    leadViewOptions {
      sources { id name }
      forms { id name }
      zones { id name }
      persons { id name }
      discardReasons { id name }
    }
  }
`);
export type LeadViewOptions = ResultOf<typeof OptionsQuery>["leadViewOptions"];
export const useLeadViewOptions = () => useGqlQuery(OptionsQuery);

export const LeadViewLeadsQuery = graphql(`
  query LeadViewLeads($where: LeadWhereInput, $order: [LeadOrderInput!], $skip: Int, $take: Int!) {
    filteredLeads(where: $where, order: $order, skip: $skip, take: $take) {
      leads {
        id
        number
        name
        email
        phone
        address
        city
        postalCode
        status
        enteredTime
        lastEdited
        appointment
        comments
        personName
        leadSourceName
        leadFormName
        zoneName
        discardReasonName
      }
    }
  }
`);
/** The view's total, asked apart from its page so the page never waits for the count (decision 0840). */
export const LeadViewTotalQuery = graphql(`
  query LeadViewTotal($where: LeadWhereInput) {
    filteredLeads(where: $where, take: 1) {
      total
      totalIsCapped
    }
  }
`);
export const useLeadViewTotal = (where: LeadWhere, enabled: boolean) =>
  useGqlQuery(LeadViewTotalQuery, { where }, { enabled, placeholderData: (previous) => previous });
export type LeadViewLead = ResultOf<typeof LeadViewLeadsQuery>["filteredLeads"]["leads"][number];
export type LeadWhere = NonNullable<VariablesOf<typeof LeadViewLeadsQuery>["where"]>;
export type LeadOrder = NonNullable<VariablesOf<typeof LeadViewLeadsQuery>["order"]>[number];
export const useLeadViewLeads = (variables: VariablesOf<typeof LeadViewLeadsQuery>, enabled = true) =>
  useGqlQuery(LeadViewLeadsQuery, variables, { enabled, placeholderData: (previous) => previous });

export const LeadGroupCountsQuery = graphql(`
  query LeadGroupCounts($where: LeadWhereInput, $groupBy: LeadGroupBy!) {
    leadGroupCounts(where: $where, groupBy: $groupBy) {
      key
      label
      count
    }
  }
`);
export type LeadGroupBy = VariablesOf<typeof LeadGroupCountsQuery>["groupBy"];
export const useLeadGroupCounts = (where: LeadWhere, groupBy: LeadGroupBy | "", enabled: boolean) =>
  useGqlQuery(LeadGroupCountsQuery, { where, groupBy: (groupBy || "STATUS") as LeadGroupBy }, { enabled });

/** What a change to a view answers: the view as saved. */
const LeadViewResultFields = graphql(
  `
  fragment LeadViewResultFields on LeadViewResult @_unmask {
    isSuccess
    message
    leadView {
      ...LeadViewFields
    }
  }
`,
  [LeadViewFields],
);

const CreateMutation = graphql(
  `
  mutation CreateLeadView($input: LeadViewInput!) {
    createLeadView(input: $input) {
      ...LeadViewResultFields
    }
  }
`,
  [LeadViewResultFields],
);
export type LeadViewInput = VariablesOf<typeof CreateMutation>["input"];

const UpdateMutation = graphql(
  `
  mutation UpdateLeadView($id: ID!, $input: LeadViewInput!) {
    updateLeadView(id: $id, input: $input) {
      ...LeadViewResultFields
    }
  }
`,
  [LeadViewResultFields],
);

const RenameMutation = graphql(
  `
  mutation RenameLeadView($id: ID!, $name: String!) {
    renameLeadView(id: $id, name: $name) {
      ...LeadViewResultFields
    }
  }
`,
  [LeadViewResultFields],
);

const PublicMutation = graphql(
  `
  mutation SetLeadViewPublic($id: ID!, $isPublic: Boolean!) {
    setLeadViewPublic(id: $id, isPublic: $isPublic) {
      ...LeadViewResultFields
    }
  }
`,
  [LeadViewResultFields],
);

const DeleteMutation = graphql(`
  mutation DeleteLeadView($id: ID!) {
    deleteLeadView(id: $id) {
      isSuccess
      message
    }
  }
`);

const savingView = savingMutations([LeadViewsQuery, LeadViewQuery]);
export const useCreateLeadView = savingView(CreateMutation);
export const useUpdateLeadView = savingView(UpdateMutation);
export const useRenameLeadView = savingView(RenameMutation);
export const useSetLeadViewPublic = savingView(PublicMutation);
export const useDeleteLeadView = savingView(DeleteMutation);

// ───────────── bulk actions on the selected leads ─────────────

const AssignMutation = graphql(`
  mutation AssignLeads($leadIds: [ID!]!, $personId: ID) {
    assignLeads(leadIds: $leadIds, personId: $personId) {
      isSuccess
      message
      count
    }
  }
`);
const StatusMutation = graphql(`
  mutation SetLeadStatus($leadIds: [ID!]!, $status: LeadStatus!) {
    setLeadStatus(leadIds: $leadIds, status: $status) {
      isSuccess
      message
      count
    }
  }
`);
const DiscardMutation = graphql(`
  mutation DiscardLeads($leadIds: [ID!]!, $discardReasonId: ID!) {
    discardLeads(leadIds: $leadIds, discardReasonId: $discardReasonId) {
      isSuccess
      message
      count
    }
  }
`);
const ShortcutMutation = graphql(`
  mutation ExecuteShortcutOnLeads($shortcutId: ID!, $leadIds: [ID!]!, $idempotencyKey: String) {
    executeShortcutOnLeads(shortcutId: $shortcutId, leadIds: $leadIds, idempotencyKey: $idempotencyKey) {
      isSuccess
      message
    }
  }
`);
const CallToolMutation = graphql(`
  mutation SendLeadsToCallTool($leadIds: [ID!]!) {
    createCallToolContact(leadIds: $leadIds) {
      isSuccess
      message
      count
    }
  }
`);
export const LeadShortcutsQuery = graphql(`
  query LeadShortcuts {
    workflowShortcuts(tableIds: [LEAD]) {
      id
      name
    }
  }
`);
export const useLeadShortcuts = () => useGqlQuery(LeadShortcutsQuery);

const changingLeads = savingMutations([LeadViewLeadsQuery, LeadViewTotalQuery, LeadGroupCountsQuery]);
export const useAssignLeads = changingLeads(AssignMutation);
export const useSetLeadStatus = changingLeads(StatusMutation);
export const useDiscardLeads = changingLeads(DiscardMutation);
export const useExecuteShortcutOnLeads = changingLeads(ShortcutMutation);
/** Sends the leads to the call tool (a call-tool contact each; all or none). */
export const useSendLeadsToCallTool = changingLeads(CallToolMutation);
