import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { graphql, request } from "@/lib/graphql";
import { OverviewQuery } from "@/lib/overview";
import { useRawMutation } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// Signing in and out, for every sign-in form (the portal's, the team's, the shop's dialog): the
// session is app-wide, so its operations live here and not in a feature.

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

export const SendForgotPasswordEmailMutation = graphql(`
  mutation SendForgotPasswordEmail($email: String!) {
    sendForgotPasswordEmail(email: $email) {
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

// useLogin and useSendForgotPasswordEmail are raw mutations (the caller reads isSuccess): the
// shop's sign-in dialog reads them so too.
export function useLogin() {
  return useRawMutation(LoginMutation);
}

/** The "forgot password" email of every sign-in form (the portal's page and the shop's dialog). */
export const useSendForgotPasswordEmail = () => useRawMutation(SendForgotPasswordEmailMutation);

/** Sends the signed-in user a new verification email (the sign-in's "verify your email" page and Manage). */
export const useRequestVerificationEmail = () => useGqlMutation(RequestVerificationEmailMutation);

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
 * Log out: calls the server, resets all cached data and goes to the login page.
 * `navigate` is the router's, so `?host=` is kept.
 */
export function useLogOut(
  navigate: (to: string, options?: { replace?: boolean }) => void,
  loginPath = "/v2/account/login",
) {
  const queryClient = useQueryClient();
  const logout = useRawMutation(LogoutMutation);
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
