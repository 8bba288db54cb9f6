import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations } from "@/lib/use-gql-mutation";

// Retailer referrals (team/costco-settings, team/costco-import): the connection (its secret is never
// read back, only its last characters), the stores, services and employees the feed lists, and every
// referral of the feed with its outcome.

export type Retailer = "COSTCO" | "HOME_DEPOT" | "LOWES";

const SettingsFields = graphql(`
  fragment RetailerSettingsFields on RetailerSettings @_unmask {
    retailer
    retailerName
    configured
    baseUrl
    accountId
    hasSecret
    secretHint
    enabled
    pollMinutes
    autoImport
    defaultLeadSourceId
    lastPolledAt
    nextPollAt
    lastPollError
  }
`);
export type RetailerSettingsRow = ResultOf<typeof SettingsFields>;

const SetupQuery = graphql(
  `
  query RetailerSetup($retailer: Retailer!) {
    retailerSettings(retailer: $retailer) {
      ...RetailerSettingsFields
    }
    retailerStores(retailer: $retailer) {
      id
      storeNumber
      name
      city
      stateCode
      leadSourceId
    }
    retailerServices(retailer: $retailer) {
      id
      code
      name
      offered
    }
    retailerEmployees(retailer: $retailer) {
      id
      employeeId
      name
      storeNumber
      personId
    }
    leadSources {
      id
      name
      inactive
    }
  }
`,
  [SettingsFields],
);
export type RetailerSetup = ResultOf<typeof SetupQuery>;
export type RetailerStoreRow = RetailerSetup["retailerStores"][number];
export type RetailerServiceRow = RetailerSetup["retailerServices"][number];
export type RetailerEmployeeRow = RetailerSetup["retailerEmployees"][number];
export const useRetailerSetup = (retailer: Retailer) => useGqlQuery(SetupQuery, { retailer });

const FeedQuery = graphql(`
  query RetailerFeed($retailer: Retailer!) {
    retailerFeedItems(retailer: $retailer) {
      id
      retailLeadId
      storeNumber
      serviceCode
      name
      phone
      email
      address
      notes
      referredAt
      receivedAt
      openedOnRetailer
      outcome
      reason
      leadId
      leadNumber
      writeBackState
      writeBackAttempts
      writeBackError
    }
  }
`);
export type FeedItemRow = ResultOf<typeof FeedQuery>["retailerFeedItems"][number];
export const useRetailerFeed = (retailer: Retailer) => useGqlQuery(FeedQuery, { retailer });

const ImportStatusQuery = graphql(`
  query RetailerImportStatus($retailer: Retailer!) {
    retailerSettings(retailer: $retailer) {
      retailerName
      configured
      enabled
      pollMinutes
      lastPolledAt
      lastPollError
    }
  }
`);
export const useRetailerImportStatus = (retailer: Retailer, enabled: boolean) =>
  useGqlQuery(ImportStatusQuery, { retailer }, { enabled });

const SetCredentials = graphql(
  `
  mutation SetRetailerCredentials($retailer: Retailer!, $input: RetailerCredentialsInput!) {
    setRetailerCredentials(retailer: $retailer, input: $input) {
      isSuccess
      message
      settings {
        ...RetailerSettingsFields
      }
    }
  }
`,
  [SettingsFields],
);
export type CredentialsInput = VariablesOf<typeof SetCredentials>["input"];

const PatchSettings = graphql(`
  mutation PatchRetailerSettings($retailer: Retailer!, $input: RetailerSettingsPatch!) {
    patchRetailerSettings(retailer: $retailer, input: $input) {
      isSuccess
      message
    }
  }
`);
const PatchStore = graphql(`
  mutation PatchRetailerStore($id: ID!, $leadSourceId: String) {
    patchRetailerStore(id: $id, leadSourceId: $leadSourceId) {
      isSuccess
      message
    }
  }
`);
const PatchService = graphql(`
  mutation PatchRetailerService($id: ID!, $offered: Boolean!) {
    patchRetailerService(id: $id, offered: $offered) {
      isSuccess
      message
    }
  }
`);
const PatchEmployee = graphql(`
  mutation PatchRetailerEmployee($id: ID!, $personId: String) {
    patchRetailerEmployee(id: $id, personId: $personId) {
      isSuccess
      message
    }
  }
`);
const Poll = graphql(`
  mutation PollRetailerFeed($retailer: Retailer!) {
    pollRetailerFeed(retailer: $retailer) {
      isSuccess
      message
      count
    }
  }
`);
const Import = graphql(`
  mutation ImportRetailerLead($retailer: Retailer!, $retailLeadIds: [String!], $all: Boolean) {
    importRetailerLead(retailer: $retailer, retailLeadIds: $retailLeadIds, all: $all) {
      isSuccess
      message
      count
    }
  }
`);
const Discard = graphql(`
  mutation DiscardRetailerLead($retailer: Retailer!, $retailLeadIds: [String!]!, $reason: String) {
    discardRetailerLead(retailer: $retailer, retailLeadIds: $retailLeadIds, reason: $reason) {
      isSuccess
      message
      count
    }
  }
`);

const savingSetup = savingMutations([SetupQuery, FeedQuery, ImportStatusQuery]);
const savingFeed = savingMutations([FeedQuery, ImportStatusQuery]);
export const useSetRetailerCredentials = savingSetup(SetCredentials);
export const usePatchRetailerSettings = savingSetup(PatchSettings);
export const usePatchRetailerStore = savingSetup(PatchStore);
export const usePatchRetailerService = savingSetup(PatchService);
export const usePatchRetailerEmployee = savingSetup(PatchEmployee);
export const usePollRetailerFeed = savingSetup(Poll);
export const useImportRetailerLead = savingFeed(Import);
export const useDiscardRetailerLead = savingFeed(Discard);
