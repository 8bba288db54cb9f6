import { DocumentTitle } from "@/components/shell/document-title";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { withStop } from "@/lib/text";
import { useBranchBranding } from "../api";
import { LoginForm } from "../components/login-form";

/** v2/account/login: the customer sign-in (the route wraps it in the public layout). */
export function LoginPage() {
  const { branding } = useBranchBranding();
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
