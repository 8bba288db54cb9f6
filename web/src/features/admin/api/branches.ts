import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { type MutationOptionsFor, useGqlMutation, useInvalidate } from "@/lib/use-gql-mutation";

// Branches: the overview, one branch's settings, features, keys, banks and messaging phones.

export const BranchesOverviewQuery = graphql(`
  query BranchesOverview {
    branchesOverview {
      id
      branchNumber
      company
      host
      tenantName
      features
      watertightFeatures
      lastWtdSync
      lastPaymentProcessTime
      inactive
    }
  }
`);
export type BranchOverviewRow = ResultOf<typeof BranchesOverviewQuery>["branchesOverview"][number];

export const TenantsQuery = graphql(`
  query Tenants {
    tenants {
      id
      name
    }
  }
`);

const AdminBranchFields = graphql(`
  fragment AdminBranchFields on AdminBranch @_unmask {
    id
    branchNumber
    tenantId
    tenantName
    company
    internalName
    label
    host
    timeZone
    internalRelayAlertRecipients
    externalRelayAlertRecipients
    apiKeyMasked
    saleApiKeyMasked
    paymentApiKeyMasked
    collectJsApiKeyMasked
    achPaymentSourceId
    cardPaymentSourceId
    inactive
    denyInteractive
    features
    ecommerceWorkflowShortcutId
    lastPaymentProcessTime
    lastWtdSync
    webSyncVersion
    redirectUrl
    websyncSlaSeconds
    allowReferenceNumberSignUp
    allowAnonymousSignUp
    watertightFeatures {
      featureId
      startTime
      endTime
    }
    notices {
      id
      severity
      message
    }
    messagingPhones {
      id
      phone
      messagePlatform
      description
      inactive
    }
    banks {
      id
      name
      shortDescription
      paymentApiKeyMasked
      saleApiKeyMasked
      collectJsKeyMasked
      inactive
    }
  }
`);

export const BranchByIdQuery = graphql(
  `
  query BranchById($branchId: ID!) {
    branchById(branchId: $branchId) {
      ...AdminBranchFields
    }
  }
`,
  [AdminBranchFields],
);
export type AdminBranch = ResultOf<typeof BranchByIdQuery>["branchById"];
export type PortalFeature = AdminBranch["features"][number];
export type WatertightFeature = AdminBranch["watertightFeatures"][number]["featureId"];
export type UpdateBranchInput = VariablesOf<typeof UpdateBranchMutation>["input"];

export const CreateBranchMutation = graphql(`
  mutation CreateBranch($input: CreateBranchInput!) {
    createBranch(input: $input) {
      id
      host
    }
  }
`);

export const UpdateBranchMutation = graphql(
  `
  mutation UpdateBranch($input: UpdateBranchInput!) {
    updateBranch(input: $input) {
      ...AdminBranchFields
    }
  }
`,
  [AdminBranchFields],
);

export const ToggleBranchActivationMutation = graphql(
  `
  mutation ToggleBranchActivation($branchId: ID!) {
    toggleBranchActivation(branchId: $branchId) {
      ...AdminBranchFields
    }
  }
`,
  [AdminBranchFields],
);

export const UpdatePortalFeatureMutation = graphql(
  `
  mutation UpdatePortalFeature($branchId: ID!, $feature: BranchPortalFeature!, $enabled: Boolean!) {
    updatePortalFeature(branchId: $branchId, feature: $feature, enabled: $enabled) {
      ...AdminBranchFields
    }
  }
`,
  [AdminBranchFields],
);

export const ToggleWatertightFeatureMutation = graphql(
  `
  mutation ToggleWatertightFeature(
    $branchId: ID!
    $featureId: WatertightFeature!
    $enabled: Boolean!
    $startTime: DateTime
    $endTime: DateTime
  ) {
    toggleWatertightFeature(
      branchId: $branchId
      featureId: $featureId
      enabled: $enabled
      startTime: $startTime
      endTime: $endTime
    ) {
      ...AdminBranchFields
    }
  }
`,
  [AdminBranchFields],
);

export const ResetBranchApiKeyMutation = graphql(`
  mutation ResetBranchApiKey($branchId: ID!) {
    resetBranchApiKey(branchId: $branchId) {
      branchId
      apiKey
    }
  }
`);

export const UpdateBankMutation = graphql(`
  mutation UpdateBank($input: BranchBankInput!) {
    updateBank(input: $input) {
      id
    }
  }
`);

export const CreateMessagingPhoneMutation = graphql(`
  mutation CreateMessagingPhone($branchId: ID!, $input: MessagingPhoneInput!) {
    createMessagingPhone(branchId: $branchId, input: $input) {
      id
    }
  }
`);

export const EditMessagingPhoneMutation = graphql(`
  mutation EditMessagingPhone($messagingPhoneId: ID!, $input: MessagingPhoneInput!) {
    editMessagingPhone(messagingPhoneId: $messagingPhoneId, input: $input) {
      id
    }
  }
`);

export const DeleteMessagingPhoneMutation = graphql(`
  mutation DeleteMessagingPhone($messagingPhoneId: ID!) {
    deleteMessagingPhone(messagingPhoneId: $messagingPhoneId) {
      isSuccess
      message
    }
  }
`);

export const useBranchesOverview = () => useGqlQuery(BranchesOverviewQuery);
export const useTenants = () => useGqlQuery(TenantsQuery);
export const useBranchById = (branchId: string) => useGqlQuery(BranchByIdQuery, { branchId });

/** What a branch change refetches: the branch lists and one branch (and what the branch resolver serves). */
export const BRANCH_QUERIES = ["BranchesOverview", "BranchById", "WatertightUsageReport", "IpWhitelist"];

/** Refetches the branch queries (after a change made outside the branch mutations below). */
export const useRefreshBranches = () => useInvalidate(BRANCH_QUERIES);

export const useCreateBranch = (o: MutationOptionsFor<typeof CreateBranchMutation> = {}) =>
  useGqlMutation(CreateBranchMutation, { invalidates: BRANCH_QUERIES, ...o });
export const useUpdateBranch = (o: MutationOptionsFor<typeof UpdateBranchMutation> = {}) =>
  useGqlMutation(UpdateBranchMutation, { invalidates: BRANCH_QUERIES, ...o });
export const useToggleBranchActivation = (o: MutationOptionsFor<typeof ToggleBranchActivationMutation> = {}) =>
  useGqlMutation(ToggleBranchActivationMutation, { invalidates: BRANCH_QUERIES, ...o });
export const useUpdatePortalFeature = (o: MutationOptionsFor<typeof UpdatePortalFeatureMutation> = {}) =>
  useGqlMutation(UpdatePortalFeatureMutation, { invalidates: BRANCH_QUERIES, ...o });
export const useToggleWatertightFeature = (o: MutationOptionsFor<typeof ToggleWatertightFeatureMutation> = {}) =>
  useGqlMutation(ToggleWatertightFeatureMutation, { invalidates: BRANCH_QUERIES, ...o });
export const useResetBranchApiKey = (o: MutationOptionsFor<typeof ResetBranchApiKeyMutation> = {}) =>
  useGqlMutation(ResetBranchApiKeyMutation, { invalidates: BRANCH_QUERIES, ...o });
export const useUpdateBank = (o: MutationOptionsFor<typeof UpdateBankMutation> = {}) =>
  useGqlMutation(UpdateBankMutation, { invalidates: BRANCH_QUERIES, ...o });
export const useCreateMessagingPhone = (o: MutationOptionsFor<typeof CreateMessagingPhoneMutation> = {}) =>
  useGqlMutation(CreateMessagingPhoneMutation, { invalidates: BRANCH_QUERIES, ...o });
export const useEditMessagingPhone = (o: MutationOptionsFor<typeof EditMessagingPhoneMutation> = {}) =>
  useGqlMutation(EditMessagingPhoneMutation, { invalidates: BRANCH_QUERIES, ...o });
export const useDeleteMessagingPhone = (o: MutationOptionsFor<typeof DeleteMessagingPhoneMutation> = {}) =>
  useGqlMutation(DeleteMessagingPhoneMutation, { invalidates: BRANCH_QUERIES, ...o });
