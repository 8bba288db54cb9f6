import type { ReactNode } from "react";
import { Redirect, Route, Switch } from "wouter";
import { NotYetAvailable } from "@/components/shell/not-yet-available";
import { RedirectKeepingQuery, RedirectPage } from "@/components/shell/redirect-page";
import { LinkButton } from "@/components/ui/link-button";
import { ForbiddenPage } from "@/features/system/pages/forbidden-page";
import { NotEnabledPage } from "@/features/system/pages/not-enabled-page";
import { NotFoundPage } from "@/features/system/pages/not-found-page";
import { ShopNotEnabledPage } from "@/features/system/pages/shop-not-enabled-page";
import { useBranchBranding } from "@/lib/branding";
import { renderPageRoutes, useAnyPath } from "@/lib/route-table";
import { CreateAccountPage, LoginPage, WhatsNewPage } from "./lazy-pages";
import { PortalLayout, PublicLayout, ShopLayout } from "./portal-layout";
import {
  accountPages,
  leadFormPages,
  newAccountSteps,
  portalPages,
  shopAccountPages,
  shopBrowsePages,
} from "./portal-pages";

const portalPaths = portalPages.map((r) => r.path);
const shopBrowsePaths = shopBrowsePages.map((r) => r.path);
const shopAccountPaths = shopAccountPages.map((r) => r.path);
const accountPaths = [...accountPages.map((r) => r.path), "/v2/account/new/:step"];

const signInInstead = (
  <LinkButton href="/v2/account/login" variant="outline">
    Sign in instead
  </LinkButton>
);

/** The customer area: public pages, account pages, the shop and the signed-in portal. */
export default function PortalArea() {
  const portalPattern = useAnyPath(portalPaths);
  const shopBrowsePattern = useAnyPath(shopBrowsePaths);
  const shopAccountPattern = useAnyPath(shopAccountPaths);
  const accountPattern = useAnyPath(accountPaths);
  const leadFormPattern = useAnyPath(leadFormPages.map((r) => r.path));

  return (
    <Switch>
      {/* Redirects */}
      <Route path="/">
        <Redirect to="/v2/billing" replace />
      </Route>
      <Route path="/account/*?">
        <Redirect to="/v2/billing" replace />
      </Route>
      <Route path="/v2/account">
        <RedirectKeepingQuery to="/v2/account/login" />
      </Route>
      <Route path="/v2/account/new">
        <RedirectKeepingQuery to="/v2/account/new/email" />
      </Route>
      <Route path="/billing">
        <RedirectPage to="/v2/billing" />
      </Route>
      <Route path="/payment">
        <RedirectPage to="/v2/payment" />
      </Route>
      <Route path="/payment-methods">
        <RedirectPage to="/v2/payment-methods" />
      </Route>

      {/* Sign-in and account pages */}
      <Route path="/v2/account/login">
        <PublicLayout showSignIn={false} width="narrow">
          <EnabledBranchOnly>
            <LoginPage />
          </EnabledBranchOnly>
        </PublicLayout>
      </Route>
      <Route path={accountPattern}>
        <PublicLayout>
          <EnabledBranchOnly>
            <Switch>
              <Route path="/v2/account/new/:step">
                {({ step }) =>
                  step && step in newAccountSteps ? <CreateAccountPage params={{ step }} /> : <NotFoundPage />
                }
              </Route>
              {accountPages.map((page) => (
                <Route key={page.path} path={page.path}>
                  {page.component ? (
                    <page.component params={{}} />
                  ) : (
                    <NotYetAvailable title={page.title} description={page.description} action={signInInstead} />
                  )}
                </Route>
              ))}
            </Switch>
          </EnabledBranchOnly>
        </PublicLayout>
      </Route>

      {/* Status pages */}
      <Route path="/not-enabled">
        <PublicLayout showSignIn={false}>
          <NotEnabledPage />
        </PublicLayout>
      </Route>
      <Route path="/whats-new">
        <PublicLayout>
          <WhatsNewPage />
        </PublicLayout>
      </Route>
      <Route path="/forbidden">
        <PublicLayout>
          <ForbiddenPage />
        </PublicLayout>
      </Route>
      <Route path="/shop-not-enabled">
        <PublicLayout>
          <ShopNotEnabledPage />
        </PublicLayout>
      </Route>
      <Route path="/404">
        <PublicLayout>
          <NotFoundPage />
        </PublicLayout>
      </Route>

      {/* Lead forms (public) */}
      <Route path={leadFormPattern}>
        <PublicLayout showSignIn={false}>
          <Switch>{renderPageRoutes(leadFormPages)}</Switch>
        </PublicLayout>
      </Route>

      {/* Shop */}
      <Route path={shopBrowsePattern}>
        <ShopLayout>
          <Switch>{renderPageRoutes(shopBrowsePages)}</Switch>
        </ShopLayout>
      </Route>
      <Route path={shopAccountPattern}>
        <ShopLayout requireSignIn>
          <Switch>{renderPageRoutes(shopAccountPages)}</Switch>
        </ShopLayout>
      </Route>

      {/* Signed-in customer portal */}
      <Route path={portalPattern}>
        <PortalLayout>
          <Switch>{renderPageRoutes(portalPages)}</Switch>
        </PortalLayout>
      </Route>

      <Route>
        <PublicLayout>
          <NotFoundPage />
        </PublicLayout>
      </Route>
    </Switch>
  );
}

/** Sign-in and account pages of a disabled branch go to /not-enabled, as every other portal page does. */
function EnabledBranchOnly({ children }: { children: ReactNode }) {
  const { branding } = useBranchBranding();
  if (branding && !branding.enabled) return <Redirect to="/not-enabled" replace />;
  return <>{children}</>;
}
