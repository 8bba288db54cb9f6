import { ArrowLeftIcon } from "lucide-react";
import { useState } from "react";
import { useZodForm } from "@/components/form";
import { DocumentTitle } from "@/components/shell/document-title";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmailInput } from "@/components/ui/email-input";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { failureResult, ResultBanner, type ResultMessage } from "@/features/account/components/result-banner";
import { type Overview, useOverview } from "@/lib/overview";
import { useRefreshAccounts, useUpdateAccount } from "../api";
import { updateAccountSchema } from "../schema";

export function BackToAccounts() {
  return (
    <LinkButton
      href="/v2/manage"
      variant="link"
      className="justify-self-start text-muted-foreground"
      icon={ArrowLeftIcon}
    >
      Accounts
    </LinkButton>
  );
}

/** v2/manage/update-account: name and email; a new email is used once its verification link is followed. */
export function UpdateAccountPage() {
  const { overview } = useOverview();
  return (
    <div className="mx-auto grid w-full max-w-xl gap-2">
      <DocumentTitle title="Update account" />
      <BackToAccounts />
      <PageHeader title="Update account" description="Change your name and the email address you sign in with." />
      {overview ? <UpdateAccountForm user={overview} /> : <PageSkeleton />}
    </div>
  );
}

function UpdateAccountForm({ user }: { user: Overview }) {
  const update = useUpdateAccount();
  const refresh = useRefreshAccounts();
  const [result, setResult] = useState<ResultMessage | null>(null);
  const form = useZodForm(
    updateAccountSchema,
    { firstName: user.firstName, lastName: user.lastName, email: user.pendingEmail ?? user.email },
    { mode: "onTouched" },
  );
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setResult(null);
    try {
      const r = await update.mutateQuietly({
        input: { firstName: v.firstName.trim(), lastName: v.lastName.trim(), email: v.email.trim() },
      });
      setResult(r.updateAccount);
      await refresh();
    } catch (e) {
      setResult(failureResult(e));
    }
  });

  return (
    <Card>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Update account">
          <ResultBanner result={result} />
          {user.pendingEmail && !result ? (
            <Alert variant="info">
              <AlertDescription className="text-foreground">
                You sign in with {user.email} until you follow the link we sent to {user.pendingEmail}.
              </AlertDescription>
            </Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" required error={errors.firstName?.message}>
              <Input autoComplete="given-name" {...form.register("firstName")} />
            </FormField>
            <FormField label="Last name" required error={errors.lastName?.message}>
              <Input autoComplete="family-name" {...form.register("lastName")} />
            </FormField>
          </div>
          <FormField
            label="Email"
            required
            description="If you change it, we'll email a link to the new address. It's used for signing in once you follow that link."
            error={errors.email?.message}
          >
            <EmailInput {...form.register("email")} />
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <LinkButton href="/v2/manage" variant="outline">
              Cancel
            </LinkButton>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="text-current" label="Saving" /> : null}
              Save changes
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
