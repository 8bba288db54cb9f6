import { MailCheckIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { Spinner } from "@/components/ui/spinner";
import { homePathFor, useOverview } from "@/lib/overview";
import { useRequestVerificationEmail } from "@/lib/session";
import { AccountCard } from "../components/account-card";
import { failureResult, ResultBanner, type ResultMessage } from "../components/result-banner";

/**
 * v2/account/needs-verification: after creating an account (the user is signed in, unverified). Says a link
 * was mailed and offers to send it again (requestVerificationEmail).
 */
export function NeedsVerificationPage() {
  const { overview, status, error, refetch } = useOverview();
  const resend = useRequestVerificationEmail();
  const [result, setResult] = useState<ResultMessage | null>(null);

  if (status === "loading") return <PageSkeleton />;
  if (status === "error")
    return (
      <div className="mx-auto max-w-md">
        <QueryError error={error} onRetry={() => refetch()} />
      </div>
    );

  if (!overview)
    return (
      <AccountCard
        title="Verify your email"
        description="We sent a link to the email address you signed up with. Open it to verify your address."
        footer={
          <Link href="/v2/account/new/email" className="text-muted-foreground underline-offset-4 hover:underline">
            Create an account
          </Link>
        }
      >
        <div className="grid gap-3">
          <p className="text-muted-foreground text-sm">Can't find it? Sign in to send a new link.</p>
          <LinkButton
            href="/v2/account/login?ReturnUrl=%2Fv2%2Faccount%2Fneeds-verification"
            size="lg"
            className="w-full"
          >
            Sign in
          </LinkButton>
        </div>
      </AccountCard>
    );

  const target = overview.pendingEmail ?? overview.email;
  const waiting = !overview.verifiedEmail || !!overview.pendingEmail;
  const home = homePathFor(overview);

  const onResend = async () => {
    setResult(null);
    try {
      const r = await resend.mutateQuietly(undefined as never);
      setResult(r.requestVerificationEmail);
    } catch (e) {
      setResult(failureResult(e));
    }
  };

  if (!waiting)
    return (
      <AccountCard title="Your email is verified" description={`You sign in with ${overview.email}.`}>
        <LinkButton href={home} size="lg" className="w-full">
          Continue
        </LinkButton>
      </AccountCard>
    );

  return (
    <AccountCard
      title="Verify your email"
      footer={
        <>
          <Link href="/v2/manage/update-account" className="text-muted-foreground underline-offset-4 hover:underline">
            Wrong address? Change it
          </Link>
          <Link href={home} className="font-medium text-primary underline-offset-4 hover:underline">
            Continue to your account
          </Link>
        </>
      }
    >
      <div className="grid gap-5">
        <div className="flex items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-info/12 text-info">
            <MailCheckIcon aria-hidden="true" className="size-5" />
          </div>
          <div className="grid gap-1 text-sm">
            <p>
              We sent a link to <strong className="font-medium [overflow-wrap:anywhere]">{target}</strong>.
            </p>
            <p className="text-muted-foreground">
              Open it to verify your address
              {overview.isLinkedToCustomers ? "" : " and finish linking your customer account"}. The link works for 48
              hours. Check your spam folder if it isn't in your inbox.
            </p>
          </div>
        </div>
        <ResultBanner result={result} />
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full"
          onClick={onResend}
          disabled={resend.isPending}
        >
          {resend.isPending ? <Spinner className="text-current" label="Sending" /> : null}
          Send the link again
        </Button>
      </div>
    </AccountCard>
  );
}
