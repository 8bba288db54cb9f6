import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { PlatformUserFields } from "./users";

// Branch usage per account, and one account's users.

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
