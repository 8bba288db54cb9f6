import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations, useGqlMutation } from "@/lib/use-gql-mutation";

// Lead rules (team/lead-automations) and discard reasons (team/lead-discard-reasons): LEAD_ADMIN
// configures both; a rule discards arriving leads with a reason, a reason counts the leads it discarded.

const ReasonFields = graphql(`
  fragment DiscardReasonFields on DiscardReason @_unmask {
    id
    name
    leadCount
  }
`);
export type DiscardReasonRow = ResultOf<typeof ReasonFields>;

export const DiscardReasonsQuery = graphql(
  `
  query DiscardReasons {
    discardReasons {
      ...DiscardReasonFields
    }
  }
`,
  [ReasonFields],
);
export const useDiscardReasons = () => useGqlQuery(DiscardReasonsQuery);

const CreateReason = graphql(
  `
  mutation CreateDiscardReason($name: String!) {
    createDiscardReason(name: $name) { isSuccess message discardReason { ...DiscardReasonFields } }
  }
`,
  [ReasonFields],
);
const UpdateReason = graphql(
  `
  mutation UpdateDiscardReason($id: ID!, $name: String!) {
    updateDiscardReason(id: $id, name: $name) { isSuccess message discardReason { ...DiscardReasonFields } }
  }
`,
  [ReasonFields],
);
const DeleteReason = graphql(`
  mutation DeleteDiscardReason($id: ID!) {
    deleteDiscardReason(id: $id) { isSuccess message }
  }
`);

export const LeadAutomationsQuery = graphql(`
  query LeadAutomations {
    leadAutomations {
      id
      position
      nativeFieldName
      customFieldId
      customFieldName
      comparator
      value
      discardReasonId
      discardReasonName
      description
    }
  }
`);
export type LeadAutomationRow = ResultOf<typeof LeadAutomationsQuery>["leadAutomations"][number];
export const useLeadAutomations = () => useGqlQuery(LeadAutomationsQuery);

const RuleCustomFieldsQuery = graphql(`
  query LeadRuleCustomFields {
    customFields(tableId: LEAD) {
      id
      name
      type
      optionList
    }
  }
`);
export type RuleCustomField = ResultOf<typeof RuleCustomFieldsQuery>["customFields"][number];
export const useRuleCustomFields = () => useGqlQuery(RuleCustomFieldsQuery, {});

const PreviewQuery = graphql(`
  query PreviewLeadAutomation($input: LeadAutomationInput!) {
    previewLeadAutomation(input: $input) {
      isSuccess
      message
      count
    }
  }
`);
export type LeadAutomationInput = VariablesOf<typeof PreviewQuery>["input"];
/** The live count of existing leads the rule in the dialog would discard (null input: not asked). */
export const usePreviewLeadAutomation = (input: LeadAutomationInput | null) =>
  useGqlQuery(
    PreviewQuery,
    { input: input ?? { comparator: "HAS_VALUE" } },
    {
      enabled: !!input,
      staleTime: 0,
      gcTime: 0,
      retry: false,
      placeholderData: (previous) => previous,
    },
  );

const CreateRule = graphql(`
  mutation CreateLeadAutomation($input: LeadAutomationInput!) {
    createLeadAutomation(input: $input) { isSuccess message leadAutomation { id position description } }
  }
`);
const UpdateRule = graphql(`
  mutation UpdateLeadAutomation($id: ID!, $input: LeadAutomationInput!) {
    updateLeadAutomation(id: $id, input: $input) { isSuccess message leadAutomation { id position description } }
  }
`);
const DeleteRule = graphql(`
  mutation DeleteLeadAutomation($id: ID!) {
    deleteLeadAutomation(id: $id) { isSuccess message }
  }
`);
const ReorderRules = graphql(`
  mutation ReorderLeadAutomations($ids: [ID!]!) {
    reorderLeadAutomations(ids: $ids) { isSuccess message leadAutomations { id position } }
  }
`);

const savingReason = savingMutations([DiscardReasonsQuery]);
const savingRule = savingMutations([LeadAutomationsQuery]);
export const useCreateDiscardReason = savingReason(CreateReason);
/** A reason's new name shows in the rules that discard with it. */
export const useUpdateDiscardReason = savingMutations([DiscardReasonsQuery, LeadAutomationsQuery])(UpdateReason);
export const useDeleteDiscardReason = savingReason(DeleteReason);
export const useCreateLeadAutomation = savingRule(CreateRule);
export const useUpdateLeadAutomation = savingRule(UpdateRule);
export const useDeleteLeadAutomation = savingRule(DeleteRule);
export const useReorderLeadAutomations = () => useGqlMutation(ReorderRules, { invalidates: [LeadAutomationsQuery] });
