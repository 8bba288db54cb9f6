import type { ComponentType, ReactNode } from "react";
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

/**
 * Old and bare addresses, matched in this order: the old home and account pages go to /v2/billing;
 * /v2/account and /v2/account/new to their first step, and the bare billing and payment paths (showing
 * "Redirecting…") to their pages, both keeping the query.
 */
const REDIRECTS: [from: string, to: string, how: "replace" | "keep-query" | "page"][] = [
  ["/", "/v2/billing", "replace"],
  ["/account/*?", "/v2/billing", "replace"],
  ["/v2/account", "/v2/account/login", "keep-query"],
  ["/v2/account/new", "/v2/account/new/email", "keep-query"],
  ["/billing", "/v2/billing", "page"],
  ["/payment", "/v2/payment", "page"],
  ["/payment-methods", "/v2/payment-methods", "page"],
];

/** Pages on the public layout; /not-enabled (a disabled branch) offers no sign-in. */
const STATUS_PAGES: [path: string, page: ComponentType][] = [
  ["/not-enabled", NotEnabledPage],
  ["/whats-new", WhatsNewPage],
  ["/forbidden", ForbiddenPage],
  ["/shop-not-enabled", ShopNotEnabledPage],
  ["/404", NotFoundPage],
];

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
      {REDIRECTS.map(([from, to, how]) => (
        <Route key={from} path={from}>
          {how === "replace" ? (
            <Redirect to={to} replace />
          ) : how === "keep-query" ? (
            <RedirectKeepingQuery to={to} />
          ) : (
            <RedirectPage to={to} />
          )}
        </Route>
      ))}

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
      {STATUS_PAGES.map(([path, Page]) => (
        <Route key={path} path={path}>
          <PublicLayout showSignIn={path !== "/not-enabled"}>
            <Page />
          </PublicLayout>
        </Route>
      ))}

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
