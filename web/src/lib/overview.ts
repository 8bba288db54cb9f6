import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";

// The signed-in user, as every area reads it (portal, shop, team back office, admin console): who is
// signed in, their permissions and the branch's switches. App-wide state, so it lives here and not in a
// feature.

export const OverviewQuery = graphql(`
  query Overview {
    overview {
      userId
      firstName
      lastName
      email
      verifiedEmail
      isSuperAdmin
      employeePersonId
      employeePermissions
      brandWebsiteUrl
      features
      enabledWatertightFeatures
      isLinkedToCustomers
      allowAch
      allowBankCard
      branchTimezone
      pendingEmail
    }
  }
`);

export type Overview = NonNullable<ResultOf<typeof OverviewQuery>["overview"]>;

/** The signed-in user (null when signed out). Login status: loading, in, out (or error). */
export function useOverview() {
  const query = useGqlQuery(OverviewQuery);
  const status: "loading" | "in" | "out" | "error" = query.isPending
    ? "loading"
    : query.isError
      ? "error"
      : query.data?.overview
        ? "in"
        : "out";
  return { ...query, overview: query.data?.overview ?? null, status };
}

/** The home of the user's area: employees -> /team, super admins -> /admin/b, customers -> /v2/billing. */
export function homePathFor(user: Pick<Overview, "employeePersonId" | "isSuperAdmin"> | null): string {
  if (!user) return "/v2/account/login";
  if (user.employeePersonId) return "/team";
  if (user.isSuperAdmin) return "/admin/b";
  return "/v2/billing";
}
