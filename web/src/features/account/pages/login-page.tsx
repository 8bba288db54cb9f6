import { Redirect, useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useBranchBranding } from "@/lib/branding";
import { homePathFor, useOverview } from "@/lib/overview";
import { safeReturnUrl } from "@/lib/router";
import { withStop } from "@/lib/text";
import { LoginForm } from "../components/login-form";

/**
 * v2/account/login: the customer sign-in (the route wraps it in the public layout). Someone already
 * signed in goes on to where they were headed (ReturnUrl), else to their home, instead of a second form.
 */
export function LoginPage() {
  const { branding } = useBranchBranding();
  const { overview } = useOverview();
  const search = useSearch();
  const returnUrl = safeReturnUrl(new URLSearchParams(search).get("ReturnUrl"));
  if (overview) return <Redirect to={returnUrl ?? homePathFor(overview)} replace />;
  // A visitor sent here from the shop's checkout is told why.
  const checkout = !!returnUrl && /^\/shop\/checkout\b/.test(returnUrl);
  const title = checkout ? "Sign in to check out" : "Sign in";
  return (
    <>
      <DocumentTitle title={title} />
      <Card className="gap-6 py-6 shadow-md">
        <CardHeader className="px-6 text-center">
          <CardTitle asChild className="text-2xl tracking-tight">
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>
            {checkout ? (
              "Your cart is kept. Sign in, or create an account, to place your order."
            ) : (
              <>
                {branding ? `Welcome to ${withStop(branding.name)} ` : ""}View your bills, make payments and manage your
                deliveries.
              </>
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="px-6">
          <LoginForm />
        </CardContent>
      </Card>
    </>
  );
}
