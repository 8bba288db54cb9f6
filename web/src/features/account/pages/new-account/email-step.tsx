import { useState } from "react";
import { useLocation } from "wouter";
import { useZodForm } from "@/components/form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { EmailInput } from "@/components/ui/email-input";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link-button";
import { describeRequestError } from "@/lib/query-client";
import { checkNewAccountEmail } from "../../api";
import { AccountCard } from "../../components/account-card";
import { AccountSubmit } from "../../components/account-submit";
import { readNewAccount, saveNewAccount } from "../../new-account-store";
import { emailOnlySchema, messages } from "../../schema";
import { registerEmailField } from "../../use-email-field";
import { SignInInstead } from "./shared";

/** new/email: the address to sign in with, then Continue (newAccountEmailCheck decides the next step). */
export function EmailStep() {
  const [, navigate] = useLocation();
  const [error, setError] = useState<{ message: string; used: boolean } | null>(null);
  const form = useZodForm(emailOnlySchema, { email: readNewAccount()?.email ?? "" });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const email = values.email.trim();
    try {
      const { newAccountEmailCheck: availability } = await checkNewAccountEmail(email);
      if (availability.status === "ALREADY_USED") {
        setError({ message: messages.emailUsed, used: true });
        return;
      }
      saveNewAccount({ email, availability });
      navigate(
        availability.status === "AVAILABLE_WITH_DATA"
          ? "/v2/account/new/existing-email"
          : "/v2/account/new/attemptLink",
      );
    } catch (e) {
      setError({ message: describeRequestError(e), used: false });
    }
  });

  return (
    <AccountCard
      title="Create an account"
      description="Enter the email address you'd like to sign in with."
      footer={<SignInInstead />}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Create an account">
        {error ? (
          <Alert
            variant="destructive"
            action={
              error.used ? (
                <LinkButton href="/v2/account/forgot-password" variant="outline" size="sm">
                  Reset password
                </LinkButton>
              ) : null
            }
          >
            <AlertDescription className="text-foreground">{error.message}</AlertDescription>
          </Alert>
        ) : null}
        <FormField label="Email" error={form.formState.errors.email?.message}>
          <EmailInput autoFocus className="h-10" {...registerEmailField(form, "email")} />
        </FormField>
        <AccountSubmit busy={form.formState.isSubmitting} busyLabel="Checking">
          Continue
        </AccountSubmit>
      </form>
    </AccountCard>
  );
}
