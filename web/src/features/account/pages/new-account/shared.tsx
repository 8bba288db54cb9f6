import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { Link, useLocation } from "wouter";
import type { VariablesOf } from "@/lib/graphql";
import { type TryCreateAccountMutation, useTryCreateAccount } from "../../api";
import { failureResult, type ResultMessage } from "../../components/result-banner";
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

type CreateAccountInput = VariablesOf<typeof TryCreateAccountMutation>["input"];

/**
 * A step's account creation: `createAccount` sends the names trimmed with the step's own fields, then
 * goes on to needs-verification; a refusal is the step's `result` (its banner).
 */
export function useCreateAccount() {
  const create = useTryCreateAccount();
  const finish = useFinishCreation();
  const [result, setResult] = useState<ResultMessage | null>(null);
  const createAccount = async (
    v: { first: string; last: string; password: string },
    input: Omit<CreateAccountInput, "first" | "last" | "password">,
  ) => {
    try {
      await create.mutateQuietly({
        input: { ...input, first: v.first.trim(), last: v.last.trim(), password: v.password },
      });
      await finish();
    } catch (e) {
      setResult(failureResult(e));
    }
  };
  return { result, setResult, createAccount };
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
