import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { type MutationOptionsFor, useGqlMutation } from "@/lib/use-gql-mutation";

// The IP allow-list of each branch ("Whitelist Branch IP").

export const IpWhitelistQuery = graphql(`
  query IpWhitelist {
    ipWhitelist {
      yourAddress
      branches {
        branchId
        branchNumber
        company
        host
        entries {
          id
          cidr
          comment
          createdAt
        }
      }
    }
  }
`);
export type BranchIpWhitelist = ResultOf<typeof IpWhitelistQuery>["ipWhitelist"]["branches"][number];

export const UpdateDatabaseFirewallMutation = graphql(`
  mutation UpdateDatabaseFirewall($branchId: ID!, $entries: [IpWhitelistEntryInput!]!) {
    updateDatabaseFirewall(branchId: $branchId, entries: $entries) {
      branchId
    }
  }
`);

export const useIpWhitelist = () => useGqlQuery(IpWhitelistQuery);
/** Saving a list refetches every allow-list and the branch pages that show it. */
export const useUpdateDatabaseFirewall = (o: MutationOptionsFor<typeof UpdateDatabaseFirewallMutation> = {}) =>
  useGqlMutation(UpdateDatabaseFirewallMutation, { invalidates: ["IpWhitelist", "BranchById"], ...o });
