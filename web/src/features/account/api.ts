import { graphql, type ResultOf, request } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// The account operations of the customer portal: create an account, verify an email, reset a
// password. The session (sign in/out), the signed-in user and the branch's branding are app state:
// web/src/lib/session.ts, overview.ts and branding.ts.

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

/** Checks an email for the create-account flow (a one-off request, not a cached query). */
export function checkNewAccountEmail(email: string) {
  return request(NewAccountEmailCheckQuery, { email });
}

export const useTryCreateAccount = () => useGqlMutation(TryCreateAccountMutation);
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
