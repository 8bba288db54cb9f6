import { useState } from "react";
import { Link } from "wouter";
import { useZodForm } from "@/components/form";
import { EmailInput } from "@/components/ui/email-input";
import { FormField } from "@/components/ui/form-field";
import { useSendForgotPasswordEmail } from "@/lib/session";
import { AccountCard } from "../components/account-card";
import { AccountSubmit } from "../components/account-submit";
import { failureResult, ResultBanner, type ResultMessage } from "../components/result-banner";
import { emailOnlySchema } from "../schema";
import { registerEmailField } from "../use-email-field";

/** v2/account/forgot-password: email, Send reset email, Sign in instead. */
export function ForgotPasswordPage() {
  const send = useSendForgotPasswordEmail();
  const [result, setResult] = useState<ResultMessage | null>(null);
  const form = useZodForm(emailOnlySchema, { email: "" });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      const r = await send.mutateAsync({ email: email.trim() });
      setResult(r.sendForgotPasswordEmail);
    } catch (error) {
      setResult(failureResult(error));
    }
  });

  return (
    <AccountCard
      title="Reset your password"
      description="Enter the email you sign in with. We'll send you a link to choose a new password."
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reset your password">
        <ResultBanner result={result} />
        <FormField label="Email" error={form.formState.errors.email?.message}>
          <EmailInput autoComplete="username" autoFocus className="h-10" {...registerEmailField(form, "email")} />
        </FormField>
        <AccountSubmit busy={form.formState.isSubmitting} busyLabel="Sending">
          Send reset email
        </AccountSubmit>
        <div className="text-center text-sm">
          <Link href="/v2/account/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in instead
          </Link>
        </div>
      </form>
    </AccountCard>
  );
}
