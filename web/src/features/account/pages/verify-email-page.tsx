import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { Spinner } from "@/components/ui/spinner";
import { homePathFor, useOverview } from "@/lib/overview";
import { useVerifyEmail } from "../api";
import { AccountCard } from "../components/account-card";
import { failureResult, ResultBanner, type ResultMessage } from "../components/result-banner";

/** v2/account/verify-email?token=...: follows the mailed link once, then shows what happened. */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const verify = useVerifyEmail();
  const queryClient = useQueryClient();
  const { overview } = useOverview();
  const [result, setResult] = useState<ResultMessage | null>(
    token
      ? null
      : { isSuccess: false, message: "This verification link is incomplete. Open the whole link from the email." },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return; // once, even when React runs effects twice
    started.current = true;
    verify
      .mutateQuietly({ input: { token } })
      .then(async (r) => {
        setResult(r.verifyEmail);
        // verifiedEmail, the email and linked accounts changed: reload what is cached
        if (r.verifyEmail.isSuccess) await queryClient.resetQueries();
      })
      .catch((e) => setResult(failureResult(e)));
  }, [token, verify, queryClient]);

  if (!result)
    return (
      <AccountCard title="Verifying your email">
        <div className="flex items-center gap-3 py-2 text-muted-foreground text-sm" role="status">
          <Spinner label="Verifying" />
          Confirming your email address...
        </div>
      </AccountCard>
    );

  return (
    <AccountCard title={result.isSuccess ? "Email verified" : "We couldn't verify your email"}>
      <div className="grid gap-4">
        <ResultBanner result={result} />
        {!result.isSuccess && overview?.verifiedEmail && !overview.pendingEmail ? (
          <p className="text-muted-foreground text-sm">
            Your email {overview.email} is verified already, so there's nothing more to do.
          </p>
        ) : null}
        {overview ? (
          <div className="grid gap-2 sm:grid-cols-2">
            {!result.isSuccess && !(overview.verifiedEmail && !overview.pendingEmail) ? (
              <LinkButton href="/v2/account/needs-verification" variant="outline" size="lg">
                Send a new link
              </LinkButton>
            ) : null}
            <Button
              asChild
              size="lg"
              className={
                result.isSuccess || (overview.verifiedEmail && !overview.pendingEmail) ? "sm:col-span-2" : undefined
              }
            >
              <Link href={homePathFor(overview)}>Continue to your account</Link>
            </Button>
          </div>
        ) : (
          <LinkButton href="/v2/account/login" size="lg" className="w-full">
            Sign in
          </LinkButton>
        )}
      </div>
    </AccountCard>
  );
}
