import { LeadContactFields } from "@/features/leads/lead-page/api";
import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations } from "@/lib/use-gql-mutation";

// Lead cleaning (team/lead-cleaning): groups of leads sharing a phone, email or address (with the
// customers sharing it), merging a group into a survivor field by field or marking duplicates, and the
// merge history with unmerge for 30 days.

const CleaningLeadFields = graphql(
  `
  fragment CleaningLeadFields on Lead @_unmask {
    id
    ...LeadContactFields
    comments
    appointment
    status
    personName
    leadSourceName
    customerId
    enteredTime
  }
`,
  [LeadContactFields],
);
export type CleaningLead = ResultOf<typeof CleaningLeadFields>;

export const DuplicateGroupsQuery = graphql(
  `
  query LeadDuplicateGroups($key: LeadDuplicateKey!, $skip: Int, $take: Int) {
    leadDuplicateGroups(key: $key, skip: $skip, take: $take) {
      totalCount
      items {
        id
        key
        value
        label
        leadCount
        atCustomer
        leads {
          ...CleaningLeadFields
        }
        customers {
          customerId
          accountNumber
          name
          matchedOn
          routeNumbers
        }
      }
    }
  }
`,
  [CleaningLeadFields],
);
export type DuplicateGroup = ResultOf<typeof DuplicateGroupsQuery>["leadDuplicateGroups"]["items"][number];
export type DuplicateKey = VariablesOf<typeof DuplicateGroupsQuery>["key"];
export const useDuplicateGroups = (key: DuplicateKey, skip: number, take: number) =>
  useGqlQuery(DuplicateGroupsQuery, { key, skip, take });

export const LeadMergesQuery = graphql(`
  query LeadMerges($skip: Int, $take: Int) {
    leadMerges(skip: $skip, take: $take) {
      totalCount
      items {
        id
        createdAt
        personName
        matchedKey
        survivorId
        survivor {
          id
          number
          name
        }
        mergedLeads {
          id
          number
          name
        }
        fields
        undoneAt
        undonePersonName
        unmergeUntil
        unmergeRefusal
      }
    }
  }
`);
export type LeadMergeRow = ResultOf<typeof LeadMergesQuery>["leadMerges"]["items"][number];
export const useLeadMerges = (skip: number, take: number) => useGqlQuery(LeadMergesQuery, { skip, take });

const MergeMutation = graphql(`
  mutation MergeLeads($input: MergeLeadsInput!) {
    mergeLeads(input: $input) {
      isSuccess
      message
      survivor {
        id
        number
      }
    }
  }
`);
export type MergeLeadsInput = VariablesOf<typeof MergeMutation>["input"];
export type MergeField = MergeLeadsInput["fields"][number]["field"];

const UnmergeMutation = graphql(`
  mutation UnmergeLeads($mergeId: ID!) {
    unmergeLeads(mergeId: $mergeId) {
      isSuccess
      message
    }
  }
`);

const MarkDuplicatesMutation = graphql(`
  mutation MarkLeadDuplicatesFromCleaning($leadIds: [ID!]!, $duplicateOfId: ID!) {
    markLeadDuplicates(leadIds: $leadIds, duplicateOfId: $duplicateOfId) {
      isSuccess
      message
      count
    }
  }
`);

const cleaning = savingMutations([DuplicateGroupsQuery, LeadMergesQuery]);
export const useMergeLeads = cleaning(MergeMutation);
export const useUnmergeLeads = cleaning(UnmergeMutation);
export const useMarkDuplicates = cleaning(MarkDuplicatesMutation);
