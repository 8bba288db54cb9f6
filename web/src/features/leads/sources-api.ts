import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { type MutationOptionsFor, useGqlMutation } from "@/lib/use-gql-mutation";

// Lead sources (team/lead-sources): listed by LEAD_DATA_ENTRY and LEAD_ADMIN, configured by LEAD_ADMIN,
// each with an optional intake key that posts leads to POST /api/leads (shown once when created).

const LeadSourceFields = graphql(`
  fragment LeadSourceFields on LeadSource @_unmask {
    id
    name
    code
    inactive
    retailStoreId
    retailStoreType
    hasKey
    keyPrefix
    keyCreatedAt
    keyLastUsed
  }
`);
export type LeadSourceRow = ResultOf<typeof LeadSourceFields>;

export const LeadSourcesQuery = graphql(
  `
  query LeadSources {
    leadSources {
      ...LeadSourceFields
    }
  }
`,
  [LeadSourceFields],
);
export const useLeadSources = () => useGqlQuery(LeadSourcesQuery);

const AddMutation = graphql(
  `
  mutation AddLeadSource($input: LeadSourceInput!) {
    addLeadSource(input: $input) {
      isSuccess
      message
      leadSource {
        ...LeadSourceFields
      }
    }
  }
`,
  [LeadSourceFields],
);
export type LeadSourceInput = VariablesOf<typeof AddMutation>["input"];

const PatchMutation = graphql(
  `
  mutation PatchLeadSource($id: ID!, $input: LeadSourceInput!) {
    patchLeadSource(id: $id, input: $input) {
      isSuccess
      message
      leadSource {
        ...LeadSourceFields
      }
    }
  }
`,
  [LeadSourceFields],
);

const InactiveMutation = graphql(
  `
  mutation SetLeadSourceInactive($id: ID!, $inactive: Boolean!) {
    setLeadSourceInactive(id: $id, inactive: $inactive) {
      isSuccess
      message
      leadSource {
        ...LeadSourceFields
      }
    }
  }
`,
  [LeadSourceFields],
);

const CreateKeyMutation = graphql(
  `
  mutation CreateLeadSourceKey($id: ID!) {
    createLeadSourceKey(id: $id) {
      isSuccess
      message
      key
      leadSource {
        ...LeadSourceFields
      }
    }
  }
`,
  [LeadSourceFields],
);

const RevokeKeyMutation = graphql(
  `
  mutation RevokeLeadSourceKey($id: ID!) {
    revokeLeadSourceKey(id: $id) {
      isSuccess
      message
      leadSource {
        ...LeadSourceFields
      }
    }
  }
`,
  [LeadSourceFields],
);

const SOURCES = [LeadSourcesQuery];
export const useAddLeadSource = () => useGqlMutation(AddMutation, { invalidates: SOURCES, successToast: true });
export const usePatchLeadSource = () => useGqlMutation(PatchMutation, { invalidates: SOURCES, successToast: true });
export const useSetLeadSourceInactive = () =>
  useGqlMutation(InactiveMutation, { invalidates: SOURCES, successToast: true });
export const useCreateLeadSourceKey = (options?: MutationOptionsFor<typeof CreateKeyMutation>) =>
  useGqlMutation(CreateKeyMutation, { invalidates: SOURCES, ...options });
export const useRevokeLeadSourceKey = () =>
  useGqlMutation(RevokeKeyMutation, { invalidates: SOURCES, successToast: true });
