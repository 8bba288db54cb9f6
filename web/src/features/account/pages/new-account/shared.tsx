import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { Link, useLocation } from "wouter";
import { clearNewAccount } from "../../new-account-store";

/** After an account is created: to needs-verification, then every cached answer is reset. */
export function useFinishCreation() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    clearNewAccount();
    navigate("/v2/account/needs-verification");
    await queryClient.resetQueries();
  }, [navigate, queryClient]);
}

export function SignInInstead() {
  return (
    <span className="text-muted-foreground">
      Already have an account?{" "}
      <Link href="/v2/account/login" className="font-medium text-primary underline-offset-4 hover:underline">
        Sign in
      </Link>
    </span>
  );
}

export function DifferentEmail() {
  return (
    <Link href="/v2/account/new/email" className="text-muted-foreground underline-offset-4 hover:underline">
      Use a different email
    </Link>
  );
}

/** The footer of the steps after the email: use a different email, or sign in instead. */
export const STEP_FOOTER = (
  <>
    <DifferentEmail />
    <SignInInstead />
  </>
);
