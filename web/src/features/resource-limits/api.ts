import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";

// The team's read-only view of its tenant's allowances (TEAM_CONFIGURATION).
export const TenantResourceLimitsQuery = graphql(`
  query TenantResourceLimits {
    tenantResourceLimits {
      id
      category
      startDate
      endDate
      limit
      used
      warningPercent
      cutoffPercent
      lastUpdated
    }
  }
`);
export type TenantResourceLimit = ResultOf<typeof TenantResourceLimitsQuery>["tenantResourceLimits"][number];

export const useTenantResourceLimits = () => useGqlQuery(TenantResourceLimitsQuery);
