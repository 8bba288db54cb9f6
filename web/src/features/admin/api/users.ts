import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { type MutationOptionsFor, useGqlMutation } from "@/lib/use-gql-mutation";

// Admin users, any user's password, and impersonation.

export const PlatformUserFields = graphql(`
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
