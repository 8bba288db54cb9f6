import { BadgeCheckIcon, KeyRoundIcon, Link2Icon, MailWarningIcon, UserPenIcon } from "lucide-react";
import { useState } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryState } from "@/components/shell/query-state";
import { SkeletonBlocks } from "@/components/shell/skeletons";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { failureResult, ResultBanner, type ResultMessage } from "@/features/account/components/result-banner";
import { type Overview, useOverview } from "@/lib/overview";
import { useRequestVerificationEmail } from "@/lib/session";
import { useManageAccounts } from "../api";
import { CustomerCard } from "../components/customer-card";
import { LinkAccountForm } from "../components/link-account-form";

/** v2/manage: the user's sign-in details, linked customer accounts and their contacts, link another account. */
export function ManagePage() {
  const { overview } = useOverview();
  const accounts = useManageAccounts();

  return (
    <div className="grid gap-6">
      <DocumentTitle title="Accounts" />
      <PageHeader title="Accounts" description="Your sign-in details and the customer accounts linked to them." />
      {overview ? <SignInCard user={overview} /> : null}

      <section aria-labelledby="linked-heading" className="grid gap-4">
        <h2 id="linked-heading" className="font-semibold text-lg">
          Linked accounts
        </h2>
        <QueryState
          query={accounts}
          loading={<SkeletonBlocks label="Loading" className="grid gap-4" blocks={["h-44"]} />}
          errorTitle="We couldn't load your accounts"
        >
          {(data) =>
            data.customers.length === 0 ? (
              <EmptyState
                icon={<Link2Icon aria-hidden="true" />}
                title="You aren't linked to an account yet."
                description="Link your customer account below with the account number and security code printed on your statement or invoice."
                className="bg-card"
              />
            ) : (
              data.customers.map((c) => <CustomerCard key={c.id} customer={c} userId={overview?.userId ?? ""} />)
            )
          }
        </QueryState>
      </section>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Link another account</h2>
          </CardTitle>
          <CardDescription>
            Get deliveries at more than one address, or pay for a family member? Link each account to this sign-in.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <LinkAccountForm />
        </CardContent>
      </Card>
    </div>
  );
}

function SignInCard({ user }: { user: Overview }) {
  const resend = useRequestVerificationEmail();
  const [result, setResult] = useState<ResultMessage | null>(null);
  const onResend = async () => {
    setResult(null);
    try {
      setResult((await resend.mutateQuietly(undefined as never)).requestVerificationEmail);
    } catch (e) {
      setResult(failureResult(e));
    }
  };
  const waiting = !user.verifiedEmail || !!user.pendingEmail;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Sign-in</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="font-medium">{`${user.firstName} ${user.lastName}`.trim()}</dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="font-medium [overflow-wrap:anywhere]">{user.email}</span>
            {user.verifiedEmail ? (
              <Badge variant="success">
                <BadgeCheckIcon aria-hidden="true" />
                Verified
              </Badge>
            ) : (
              <Badge variant="warning">Not verified</Badge>
            )}
          </dd>
        </dl>
        {waiting ? (
          <Alert
            variant="warning"
            icon={<MailWarningIcon aria-hidden="true" />}
            action={
              <Button variant="outline" size="sm" onClick={onResend} disabled={resend.isPending}>
                {resend.isPending ? <Spinner className="text-current" label="Sending" /> : null}
                Send the link again
              </Button>
            }
          >
            <AlertDescription className="text-foreground">
              {user.pendingEmail
                ? `Your email changes to ${user.pendingEmail} once you follow the link we sent there.`
                : "Follow the link we emailed you to verify your address."}
            </AlertDescription>
          </Alert>
        ) : null}
        <ResultBanner result={result} />
        <div className="flex flex-wrap gap-2">
          <LinkButton href="/v2/manage/update-account" variant="outline" icon={UserPenIcon}>
            Update account
          </LinkButton>
          <LinkButton href="/v2/manage/update-password" variant="outline" icon={KeyRoundIcon}>
            Update password
          </LinkButton>
        </div>
      </CardContent>
    </Card>
  );
}
