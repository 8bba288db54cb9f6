import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { graphql, type ResultOf, request } from "@/lib/graphql";
import { setSupportPhone, useGqlMutation, useGqlQuery } from "@/lib/query-client";

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

export const BranchBrandingQuery = graphql(`
  query BranchBranding {
    branchBranding {
      name
      host
      phone
      websiteHeaderHtml
      websiteFooterHtml
      logoUrl
      brandWebsiteUrl
      ecommercePaymentAgreementHtml
      enabled
      allowAnonymousSignUp
    }
  }
`);

export type BranchBranding = ResultOf<typeof BranchBrandingQuery>["branchBranding"];

export const LoginMutation = graphql(`
  mutation Login($username: String!, $password: String!, $autoLogout: Boolean) {
    login(username: $username, password: $password, autoLogout: $autoLogout) {
      isSuccess
      message
      employeePersonId
    }
  }
`);

export const LogoutMutation = graphql(`
  mutation Logout {
    logout {
      isSuccess
      message
    }
  }
`);

/** The signed-in user (null when signed out). Login status: loading, in, out (SPEC section 4). */
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

/** The branch's public branding (name, logo, header and footer HTML, enabled). */
export function useBranchBranding() {
  const query = useGqlQuery(BranchBrandingQuery);
  // A failure on our side offers the branch's phone number (describeRequestError).
  if (query.data?.branchBranding) setSupportPhone(query.data.branchBranding.phone);
  return { ...query, branding: query.data?.branchBranding ?? null };
}

export function useLogin() {
  return useGqlMutation(LoginMutation);
}

/** The home of the user's area: employees -> /team, super admins -> /admin/b, customers -> /v2/billing. */
export function homePathFor(user: Pick<Overview, "employeePersonId" | "isSuperAdmin"> | null): string {
  if (!user) return "/v2/account/login";
  if (user.employeePersonId) return "/team";
  if (user.isSuperAdmin) return "/admin/b";
  return "/v2/billing";
}

/**
 * After a successful login: drop every cached answer (they belong to the previous visitor), refetch
 * what is on screen, and load the new overview to choose where to go.
 */
export function useRefreshAfterLogin() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.resetQueries();
    const data = await queryClient.fetchQuery({
      queryKey: ["Overview", {}],
      queryFn: () => request(OverviewQuery),
    });
    return data.overview ?? null;
  }, [queryClient]);
}

/**
 * Log out: calls the server, resets all cached data and goes to the login page (SPEC section 4).
 * `navigate` is the router's, so `?host=` is kept.
 */
export function useLogOut(
  navigate: (to: string, options?: { replace?: boolean }) => void,
  loginPath = "/v2/account/login",
) {
  const queryClient = useQueryClient();
  const logout = useGqlMutation(LogoutMutation);
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await logout.mutateAsync(undefined as never);
    } catch {
      // Signed out server-side or not, this browser forgets the session's data either way.
    } finally {
      navigate(loginPath, { replace: true });
      queryClient.clear();
      setPending(false);
    }
  }, [logout, navigate, loginPath, queryClient]);
  return { logOut: run, pending };
}

// ───────────── create account, verification, password reset ─────────────

export const NewAccountEmailCheckQuery = graphql(`
  query NewAccountEmailCheck($email: String!) {
    newAccountEmailCheck(email: $email) {
      status
      existing {
        role
        customerId
        first
        last
      }
    }
  }
`);

export type EmailAvailability = ResultOf<typeof NewAccountEmailCheckQuery>["newAccountEmailCheck"];

export const TryCreateAccountMutation = graphql(`
  mutation TryCreateAccount($input: TryCreateAccountInput!) {
    tryCreateAccount(input: $input) {
      isSuccess
      message
      userId
      accountNumber
    }
  }
`);

export const SendForgotPasswordEmailMutation = graphql(`
  mutation SendForgotPasswordEmail($email: String!) {
    sendForgotPasswordEmail(email: $email) {
      isSuccess
      message
    }
  }
`);

export const ResetPasswordMutation = graphql(`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      isSuccess
      message
    }
  }
`);

export const VerifyEmailMutation = graphql(`
  mutation VerifyEmail($input: VerifyEmailInput!) {
    verifyEmail(input: $input) {
      isSuccess
      message
    }
  }
`);

export const RequestVerificationEmailMutation = graphql(`
  mutation RequestVerificationEmail {
    requestVerificationEmail {
      isSuccess
      message
    }
  }
`);

/** Checks an email for the create-account flow (a one-off request, not a cached query). */
export function checkNewAccountEmail(email: string) {
  return request(NewAccountEmailCheckQuery, { email });
}

export const useTryCreateAccount = () => useGqlMutation(TryCreateAccountMutation);
export const useSendForgotPasswordEmail = () => useGqlMutation(SendForgotPasswordEmailMutation);
export const useResetPassword = () => useGqlMutation(ResetPasswordMutation);

export const ResetLinkStatusQuery = graphql(`
  query ResetPasswordLinkStatus($token: String!) {
    resetPasswordLinkStatus(token: $token) {
      isSuccess
      message
    }
  }
`);
/** Whether the reset link of the page still works (asked once when the page opens). */
export const useResetLinkStatus = (token: string) =>
  useGqlQuery(ResetLinkStatusQuery, { token }, { enabled: !!token, staleTime: 0 });
export const useVerifyEmail = () => useGqlMutation(VerifyEmailMutation);
export const useRequestVerificationEmail = () => useGqlMutation(RequestVerificationEmailMutation);
