import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { type MutationOptionsFor, useGqlMutation } from "@/lib/use-gql-mutation";

// Resource limits: each tenant's allowances per category and period.

const ResourceLimitFields = graphql(`
  fragment ResourceLimitFields on ResourceLimit @_unmask {
    id
    tenantId
    tenantName
    category
    startDate
    endDate
    limit
    used
    usedPercent
    warningPercent
    cutoffPercent
    lastUpdated
  }
`);

export const MostRecentResourceLimitsQuery = graphql(
  `
  query MostRecentResourceLimits {
    mostRecentResourceLimits {
      ...ResourceLimitFields
    }
  }
`,
  [ResourceLimitFields],
);
export type ResourceLimit = ResultOf<typeof MostRecentResourceLimitsQuery>["mostRecentResourceLimits"][number];
export type ResourceLimitCategory = ResourceLimit["category"];

export const ResourceLimitsQuery = graphql(
  `
  query ResourceLimits($tenantId: ID!) {
    resourceLimits(tenantId: $tenantId) {
      ...ResourceLimitFields
    }
  }
`,
  [ResourceLimitFields],
);

export const CreateResourceLimitMutation = graphql(`
  mutation CreateResourceLimit($input: CreateResourceLimitInput!) {
    createResourceLimit(input: $input) {
      id
    }
  }
`);

export const UpdateResourceLimitMutation = graphql(`
  mutation UpdateResourceLimit($input: UpdateResourceLimitInput!) {
    updateResourceLimit(input: $input) {
      id
    }
  }
`);

export const useMostRecentResourceLimits = () => useGqlQuery(MostRecentResourceLimitsQuery);
export const useResourceLimits = (tenantId: string | null) =>
  useGqlQuery(ResourceLimitsQuery, { tenantId: tenantId ?? "" }, { enabled: !!tenantId });
const LIMIT_QUERIES = ["MostRecentResourceLimits", "ResourceLimits"];
export const useCreateResourceLimit = (o: MutationOptionsFor<typeof CreateResourceLimitMutation> = {}) =>
  useGqlMutation(CreateResourceLimitMutation, { invalidates: LIMIT_QUERIES, ...o });
export const useUpdateResourceLimit = (o: MutationOptionsFor<typeof UpdateResourceLimitMutation> = {}) =>
  useGqlMutation(UpdateResourceLimitMutation, { invalidates: LIMIT_QUERIES, ...o });
