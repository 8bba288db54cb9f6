import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations } from "@/lib/use-gql-mutation";

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

/** What a change to a lead source answers: the source as saved. */
const LeadSourceResultFields = graphql(
  `
  fragment LeadSourceResultFields on LeadSourceResult @_unmask {
    isSuccess
    message
    leadSource {
      ...LeadSourceFields
    }
  }
`,
  [LeadSourceFields],
);

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
      ...LeadSourceResultFields
    }
  }
`,
  [LeadSourceResultFields],
);
export type LeadSourceInput = VariablesOf<typeof AddMutation>["input"];

const PatchMutation = graphql(
  `
  mutation PatchLeadSource($id: ID!, $input: LeadSourceInput!) {
    patchLeadSource(id: $id, input: $input) {
      ...LeadSourceResultFields
    }
  }
`,
  [LeadSourceResultFields],
);

const InactiveMutation = graphql(
  `
  mutation SetLeadSourceInactive($id: ID!, $inactive: Boolean!) {
    setLeadSourceInactive(id: $id, inactive: $inactive) {
      ...LeadSourceResultFields
    }
  }
`,
  [LeadSourceResultFields],
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
      ...LeadSourceResultFields
    }
  }
`,
  [LeadSourceResultFields],
);

const saving = savingMutations([LeadSourcesQuery]);
export const useAddLeadSource = saving(AddMutation);
export const usePatchLeadSource = saving(PatchMutation);
export const useSetLeadSourceInactive = saving(InactiveMutation);
/** The new key is shown once, by the caller (its dialog passes `successToast: false`). */
export const useCreateLeadSourceKey = saving(CreateKeyMutation);
export const useRevokeLeadSourceKey = saving(RevokeKeyMutation);
