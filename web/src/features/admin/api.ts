import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { type MutationOptionsFor, useGqlMutation } from "@/lib/use-gql-mutation";

// The super-admin console's core (SPEC section 7, admin operations): branches, IP allow-lists, admin
// users, impersonation, usage and resource limits.

// ───────────── branches ─────────────

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
const BRANCH_QUERIES = ["BranchesOverview", "BranchById", "WatertightUsageReport", "IpWhitelist"];

/** Refetches the branch queries (after a change made outside the branch mutations below). */
export function useRefreshBranches() {
  const client = useQueryClient();
  return useCallback(
    () => Promise.all(BRANCH_QUERIES.map((name) => client.invalidateQueries({ queryKey: [name] }))),
    [client],
  );
}

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

// ───────────── IP allow-lists ─────────────

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
export const useUpdateDatabaseFirewall = () => useGqlMutation(UpdateDatabaseFirewallMutation);

// ───────────── admin users and impersonation ─────────────

const PlatformUserFields = graphql(`
  fragment PlatformUserFields on PlatformUser @_unmask {
    id
    firstName
    lastName
    email
    type
    branchId
    branchHost
    branchNumber
    branchCompany
    lastLoginAt
    loginCount
  }
`);

export const AdminUsersQuery = graphql(
  `
  query AdminUsers {
    adminUsers {
      ...PlatformUserFields
    }
  }
`,
  [PlatformUserFields],
);
export type PlatformUser = ResultOf<typeof AdminUsersQuery>["adminUsers"][number];

export const FindUsersQuery = graphql(
  `
  query FindUsers($search: String!, $branchId: ID) {
    findUsers(search: $search, branchId: $branchId) {
      ...PlatformUserFields
    }
  }
`,
  [PlatformUserFields],
);

export const AddAdminUserMutation = graphql(`
  mutation AddAdminUser($input: AddAdminUserInput!) {
    addAdminUser(input: $input) {
      isSuccess
      message
    }
  }
`);

export const ChangeUserPasswordMutation = graphql(`
  mutation ChangeUserPassword($userId: ID!, $password: String!) {
    changeUserPassword(userId: $userId, password: $password) {
      isSuccess
      message
    }
  }
`);

export const ImpersonateMutation = graphql(`
  mutation Impersonate($userId: ID!) {
    impersonate(userId: $userId) {
      isSuccess
      message
      host
      path
    }
  }
`);

export const ImpersonationQuery = graphql(`
  query Impersonation {
    impersonation {
      userName
      userEmail
      adminName
    }
  }
`);

export const StopImpersonatingMutation = graphql(`
  mutation StopImpersonating {
    stopImpersonating {
      isSuccess
      message
      path
    }
  }
`);

export const useAdminUsers = () => useGqlQuery(AdminUsersQuery);
export const useFindUsers = (search: string) =>
  useGqlQuery(FindUsersQuery, { search }, { enabled: search.trim().length >= 2, placeholderData: (p) => p });
export const useAddAdminUser = (o: MutationOptionsFor<typeof AddAdminUserMutation> = {}) =>
  useGqlMutation(AddAdminUserMutation, o);
export const useChangeUserPassword = (o: MutationOptionsFor<typeof ChangeUserPasswordMutation> = {}) =>
  useGqlMutation(ChangeUserPasswordMutation, o);
export const useImpersonate = (o: MutationOptionsFor<typeof ImpersonateMutation> = {}) =>
  useGqlMutation(ImpersonateMutation, o);
export const useStopImpersonating = () => useGqlMutation(StopImpersonatingMutation);

// ───────────── usage ─────────────

export const WatertightUsageReportQuery = graphql(`
  query WatertightUsageReport {
    watertightUsageReport {
      branchId
      account
      accountName
      host
      inactive
      build
      tenantName
      customers
      workOrders
      salesReceipts
      warehouses
      users
      employees
      logins
      lastLoginAt
      loginUserName
      lastTransaction
      features
      watertightFeatures
    }
  }
`);
export type UsageRow = ResultOf<typeof WatertightUsageReportQuery>["watertightUsageReport"][number];

export const UsersFromAccountQuery = graphql(
  `
  query UsersFromAccount($account: String!) {
    usersFromAccount(account: $account) {
      account
      accountName
      host
      users {
        ...PlatformUserFields
      }
    }
  }
`,
  [PlatformUserFields],
);

export const useUsageReport = () => useGqlQuery(WatertightUsageReportQuery);
export const useUsersFromAccount = (account: string) => useGqlQuery(UsersFromAccountQuery, { account });

// ───────────── resource limits ─────────────

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
export const useCreateResourceLimit = () => useGqlMutation(CreateResourceLimitMutation);
export const useUpdateResourceLimit = () => useGqlMutation(UpdateResourceLimitMutation);
