import { BrandMark } from "@/components/shell/brand-mark";
import { DocumentTitle } from "@/components/shell/document-title";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { useBranchBranding } from "@/lib/branding";
import { withStop } from "@/lib/text";
import { LoginForm } from "../components/login-form";

/** team/login: the employee sign-in, in the team's colours. */
export function TeamLoginPage() {
  const { branding } = useBranchBranding();
  return (
    <div className="grid min-h-dvh md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <DocumentTitle title="Team sign in" />
      <div className="relative flex flex-col justify-between gap-8 overflow-hidden bg-brand-dark p-6 text-brand-offwhite md:p-10">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -bottom-24 size-80 rounded-full bg-brand-navy/60 blur-2xl"
        />
        <div className="relative flex items-center justify-between gap-4">
          <BrandMark branding={branding} />
          <ThemeToggle className="text-brand-offwhite md:hidden" />
        </div>
        <div className="relative hidden max-w-sm gap-3 md:grid">
          <p className="font-medium text-brand-yellow text-sm uppercase tracking-wider">Team</p>
          <p className="font-semibold text-3xl leading-tight">
            Leads, routes, deliveries and your customers, in one place.
          </p>
          <p className="text-brand-offwhite/70 text-sm">Sign in with your work email to open the back office.</p>
        </div>
        <p className="relative hidden text-brand-offwhite/50 text-xs md:block">{branding?.name}</p>
      </div>
      <main id="main" className="relative flex items-center justify-center bg-background p-6 md:p-10">
        <ThemeToggle className="absolute top-4 right-4 hidden text-foreground hover:bg-muted md:inline-flex" />
        <div className="grid w-full max-w-sm gap-6">
          <div className="grid gap-1">
            <h1 className="font-semibold text-2xl tracking-tight">Team sign in</h1>
            <p className="text-muted-foreground text-sm">
              For employees of {withStop(branding?.name ?? "your company")}
            </p>
          </div>
          <LoginForm variant="team" />
        </div>
      </main>
    </div>
  );
}
