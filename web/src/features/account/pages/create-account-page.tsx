import { Redirect } from "wouter";
import { NotFoundPage } from "@/features/system/pages/not-found-page";
import type { RouteParams } from "@/lib/route-table";
import { AttemptLinkStep } from "./new-account/attempt-link-step";
import { CompletelyNewStep } from "./new-account/completely-new-step";
import { EmailStep } from "./new-account/email-step";
import { ExistingEmailStep } from "./new-account/existing-email-step";
import { LinkStep } from "./new-account/link-step";

/**
 * v2/account/new/{step}: the create-account flow. The email step checks the
 * address; AVAILABLE goes on to attemptLink (link or new), AVAILABLE_WITH_DATA to existing-email.
 */
export function CreateAccountPage({ params }: { params: RouteParams }) {
  switch (params.step) {
    case "email":
      return <EmailStep />;
    case "existing-email":
      return <ExistingEmailStep />;
    case "attemptLink":
      return <AttemptLinkStep />;
    case "link":
      return <LinkStep />;
    case "completelyNew":
      return <CompletelyNewStep />;
    case undefined:
      return <Redirect to="/v2/account/new/email" replace />;
    default:
      return <NotFoundPage />;
  }
}
