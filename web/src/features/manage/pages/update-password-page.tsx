import { useState } from "react";
import { Link } from "wouter";
import { useZodForm } from "@/components/form";
import { DocumentTitle } from "@/components/shell/document-title";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { failureResult, ResultBanner, type ResultMessage } from "@/features/account/components/result-banner";
import { messages } from "@/features/account/schema";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import { useUpdatePassword } from "../api";
import { updatePasswordSchema } from "../schema";
import { BackToAccounts } from "./update-account-page";

/** v2/manage/update-password: the current password, then the new one (at least 6 characters). */
export function UpdatePasswordPage() {
  const update = useUpdatePassword();
  const [result, setResult] = useState<ResultMessage | null>(null);
  const form = useZodForm(updatePasswordSchema, { currentPassword: "", newPassword: "", confirm: "" });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setResult(null);
    try {
      const r = await update.mutateQuietly({
        input: { currentPassword: v.currentPassword, newPassword: v.newPassword },
      });
      setResult(r.updatePassword);
      form.reset();
    } catch (e) {
      setResult(failureResult(e));
      // A refusal is about the current password (the only thing the server checks here).
      if (e instanceof MutationRefusal) form.setFocus("currentPassword");
    }
  });

  return (
    <div className="mx-auto grid w-full max-w-xl gap-2">
      <DocumentTitle title="Update password" />
      <BackToAccounts />
      <PageHeader
        title="Update password"
        description="Choose a new password for signing in. Other devices are signed out."
      />
      <Card>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Update password">
            <ResultBanner result={result} />
            <FormField label="Current password" error={errors.currentPassword?.message}>
              {(control) => (
                <PasswordInput {...control} autoComplete="current-password" {...form.register("currentPassword")} />
              )}
            </FormField>
            <FormField label="New password" description={messages.passwordHelp} error={errors.newPassword?.message}>
              {(control) => (
                <PasswordInput {...control} autoComplete="new-password" {...form.register("newPassword")} />
              )}
            </FormField>
            <FormField label="Confirm new password" error={errors.confirm?.message}>
              {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register("confirm")} />}
            </FormField>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link
                href="/v2/account/forgot-password"
                className="text-muted-foreground text-sm underline-offset-4 hover:underline"
              >
                Forgot your password?
              </Link>
              <div className="flex gap-2">
                <LinkButton href="/v2/manage" variant="outline">
                  Cancel
                </LinkButton>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? <Spinner className="text-current" label="Saving" /> : null}
                  Update password
                </Button>
              </div>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
