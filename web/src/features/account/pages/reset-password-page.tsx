import { useState } from "react";
import { Link, useSearch } from "wouter";
import { useZodForm } from "@/components/form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link-button";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { useResetLinkStatus, useResetPassword } from "../api";
import { AccountCard } from "../components/account-card";
import { AccountSubmit } from "../components/account-submit";
import { NewPasswordField } from "../components/password-fields";
import { failureResult, ResultBanner, type ResultMessage } from "../components/result-banner";
import { resetPasswordSchema } from "../schema";

/**
 * v2/account/reset-password?token=...: choose a new password from the mailed link. The link is checked
 * when the page opens, so an expired or used one offers a new link at once instead of a form that fails.
 */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const reset = useResetPassword();
  const status = useResetLinkStatus(token);
  const [result, setResult] = useState<ResultMessage | null>(null);
  const form = useZodForm(resetPasswordSchema, { password: "", confirm: "" });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setResult(null);
    try {
      const r = await reset.mutateQuietly({ input: { token, password } });
      setResult(r.resetPassword);
    } catch (error) {
      setResult(failureResult(error));
    }
  });

  const linkProblem = !token
    ? { title: "This link is incomplete", text: "Open the whole link from the email, or ask for a new one." }
    : status.data && !status.data.resetPasswordLinkStatus.isSuccess && !result?.isSuccess
      ? { title: "This link doesn't work", text: status.data.resetPasswordLinkStatus.message }
      : null;
  if (linkProblem)
    return (
      <AccountCard title="Choose a new password">
        <Alert
          variant="destructive"
          action={
            <LinkButton href="/v2/account/forgot-password" variant="outline" size="sm">
              Send a new link
            </LinkButton>
          }
        >
          <AlertTitle>{linkProblem.title}</AlertTitle>
          <AlertDescription>{linkProblem.text}</AlertDescription>
        </Alert>
      </AccountCard>
    );
  if (status.isPending)
    return (
      <AccountCard title="Choose a new password">
        <Spinner label="Checking the link" />
      </AccountCard>
    );

  if (result?.isSuccess)
    return (
      <AccountCard title="Password changed">
        <div className="grid gap-4">
          <ResultBanner result={result} />
          <LinkButton href="/v2/account/login" size="lg" className="w-full">
            Sign in
          </LinkButton>
        </div>
      </AccountCard>
    );

  return (
    <AccountCard title="Choose a new password" description="Choose the password you'll sign in with from now on.">
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Choose a new password">
        <ResultBanner
          result={result}
          action={
            result && !result.isSuccess ? (
              <LinkButton href="/v2/account/forgot-password" variant="outline" size="sm">
                Send a new link
              </LinkButton>
            ) : undefined
          }
        />
        <NewPasswordField
          label="New password"
          error={errors.password?.message}
          autoFocus
          {...form.register("password")}
        />
        <FormField label="Confirm new password" error={errors.confirm?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" className="h-10" {...form.register("confirm")} />
          )}
        </FormField>
        <AccountSubmit busy={form.formState.isSubmitting} busyLabel="Saving">
          Set new password
        </AccountSubmit>
        <div className="text-center text-sm">
          <Link href="/v2/account/login" className="text-muted-foreground underline-offset-4 hover:underline">
            Sign in instead
          </Link>
        </div>
      </form>
    </AccountCard>
  );
}
