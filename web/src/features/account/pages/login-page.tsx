import { Redirect, useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { safeReturnUrl } from "@/lib/router";
import { withStop } from "@/lib/text";
import { homePathFor, useBranchBranding, useOverview } from "../api";
import { LoginForm } from "../components/login-form";

/**
 * v2/account/login: the customer sign-in (the route wraps it in the public layout). Someone already
 * signed in goes on to where they were headed (ReturnUrl), else to their home, instead of a second form.
 */
export function LoginPage() {
  const { branding } = useBranchBranding();
  const { overview } = useOverview();
  const search = useSearch();
  if (overview)
    return (
      <Redirect to={safeReturnUrl(new URLSearchParams(search).get("ReturnUrl")) ?? homePathFor(overview)} replace />
    );
  return (
    <>
      <DocumentTitle title="Sign in" />
      <Card className="gap-6 py-6 shadow-md">
        <CardHeader className="px-6 text-center">
          <CardTitle asChild className="text-2xl tracking-tight">
            <h1>Sign in</h1>
          </CardTitle>
          <CardDescription>
            {branding ? `Welcome to ${withStop(branding.name)} ` : ""}View your bills, make payments and manage your
            deliveries.
          </CardDescription>
        </CardHeader>
        <CardContent className="px-6">
          <LoginForm />
        </CardContent>
      </Card>
    </>
  );
}
