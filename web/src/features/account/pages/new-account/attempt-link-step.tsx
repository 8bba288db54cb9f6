import { Link2Icon, SparklesIcon } from "lucide-react";
import { Link, Redirect } from "wouter";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { useBranchBranding } from "@/lib/branding";
import { AccountCard } from "../../components/account-card";
import { readNewAccount } from "../../new-account-store";
import { STEP_FOOTER } from "./shared";

/** new/attemptLink: existing customers link their account; new visitors go on to completelyNew. */
export function AttemptLinkStep() {
  const state = readNewAccount();
  const { branding } = useBranchBranding();
  if (!state) return <Redirect to="/v2/account/new/email" replace />;
  return (
    <AccountCard
      title="Create an account"
      description={
        <>
          Do you already get deliveries from {branding?.name ?? "us"}? Link your customer account to see your bills and
          deliveries with <strong className="font-medium text-foreground">{state.email}</strong>.
        </>
      }
      footer={STEP_FOOTER}
    >
      <div className="grid gap-3">
        <LinkButton
          href="/v2/account/new/link"
          size="lg"
          className="h-auto min-h-12 w-full justify-start py-3 text-left whitespace-normal"
          icon={Link2Icon}
        >
          Yes, let's link my account
        </LinkButton>
        <Button
          asChild
          variant="outline"
          size="lg"
          className="h-auto min-h-12 w-full justify-start py-3 text-left whitespace-normal"
        >
          <Link href="/v2/account/new/completelyNew">
            <SparklesIcon aria-hidden="true" />
            No, I'm new here
          </Link>
        </Button>
        <p className="text-muted-foreground text-xs">
          You'll need the account number and 4-digit security code printed on your statement or invoice.
        </p>
      </div>
    </AccountCard>
  );
}
