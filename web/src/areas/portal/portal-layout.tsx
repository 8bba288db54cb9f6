import { type ReactNode, Suspense, useRef } from "react";
import { Redirect, useLocation } from "wouter";
import { ClientOnly } from "@/components/client-only";
import { PortalBanners } from "@/components/portal-banners";
import { RouteErrorBoundary } from "@/components/shell/error-pages";
import { QueryError } from "@/components/shell/query-error";
import { ShellSkeleton } from "@/components/shell/skeletons";
import { SkipLink } from "@/components/shell/skip-link";
import { useShopBranding } from "@/features/shop/api/catalogue";
import { type BranchBranding, useBranchBranding } from "@/lib/branding";
import { lazyWithReload } from "@/lib/lazy";
import { type Overview, useOverview } from "@/lib/overview";
import { loginRedirectTarget } from "@/lib/query-client";
import { useLogOut } from "@/lib/session";
import { customerMenu } from "./portal-menu";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

// The shop's header controls (cart popup, sign-in dialog) are their own chunk: the other customer pages
// never load them (the shop's first load does, index.html preloads it there).
const ShopHeaderActions = lazyWithReload("shop-header-actions", () =>
  import("@/features/shop/components/shop-header-actions").then((m) => ({ default: m.ShopHeaderActions })),
);

type FrameProps = {
  branding: BranchBranding | null;
  user: Overview | null;
  children: ReactNode;
  /** Visitors get a Sign in button, except on the login page itself. */
  showSignIn?: boolean;
  width?: "default" | "narrow";
  /** Extra header controls (the shop's cart popup and sign-in dialog). */
  headerActions?: ReactNode;
};

/** Header (brand, header HTML, menu), the page, the branch footer. */
export function CustomerFrame({
  branding,
  user,
  children,
  showSignIn = true,
  width = "default",
  headerActions,
}: FrameProps) {
  const [location, navigate] = useLocation();
  const { logOut, pending } = useLogOut(navigate);
  const entries = user && !user.employeePersonId ? customerMenu(user) : [];
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader
        branding={branding}
        entries={entries}
        onLogOut={logOut}
        loggingOut={pending}
        showSignIn={showSignIn && !user}
        userLabel={user ? `${user.firstName} ${user.lastName}`.trim() || user.email : undefined}
        actions={headerActions}
      />
      {/* At least a screen tall: the footer starts below the fold, so a page replacing its loading
          skeleton with taller content moves nothing the visitor can see (no layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto min-h-dvh w-full flex-1 px-4 py-6 outline-none md:py-10 ${width === "narrow" ? "max-w-md" : "max-w-6xl"}`}
      >
        <RouteErrorBoundary resetKey={location}>{children}</RouteErrorBoundary>
      </main>
      <SiteFooter branding={branding} />
    </div>
  );
}

function BrandingError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-xl p-6">
      <QueryError error={error} title="We couldn't load this portal" onRetry={onRetry} />
    </div>
  );
}

/**
 * The signed-in customer area: a skeleton while the user loads; a disabled
 * branch goes to /not-enabled; visitors to sign in (with ReturnUrl); employees to /team.
 */
export function PortalLayout({ children }: { children: ReactNode }) {
  const brandingQuery = useBranchBranding();
  const overviewQuery = useOverview();
  const { branding } = brandingQuery;
  const { overview, status } = overviewQuery;

  if (brandingQuery.isPending || status === "loading") return <ShellSkeleton />;
  if (brandingQuery.isError)
    return <BrandingError error={brandingQuery.error} onRetry={() => brandingQuery.refetch()} />;
  if (branding && !branding.enabled) return <Redirect to="/not-enabled" replace />;
  if (status === "error") return <BrandingError error={overviewQuery.error} onRetry={() => overviewQuery.refetch()} />;
  if (!overview) return <Redirect to={loginRedirectTarget()} replace />;
  if (overview.employeePersonId) return <Redirect to="/team" replace />;
  return (
    <CustomerFrame branding={branding} user={overview}>
      <PortalBanners target="CUSTOMER_PORTAL" />
      {children}
    </CustomerFrame>
  );
}

/**
 * The shop: visitors may browse (index, products, cart); `requireSignIn` pages (checkout, history,
 * orders) need a signed-in customer. The shop is closed when the E_COMMERCE feature is off.
 */
export function ShopLayout({ children, requireSignIn = false }: { children: ReactNode; requireSignIn?: boolean }) {
  const brandingQuery = useBranchBranding();
  const overviewQuery = useOverview();
  const shopBranding = useShopBranding();
  const { branding } = brandingQuery;
  const { overview, status } = overviewQuery;

  if (brandingQuery.isPending || status === "loading" || shopBranding.isPending) return <ShellSkeleton />;
  if (brandingQuery.isError)
    return <BrandingError error={brandingQuery.error} onRetry={() => brandingQuery.refetch()} />;
  if (branding && !branding.enabled) return <Redirect to="/not-enabled" replace />;
  if (overview?.employeePersonId) return <Redirect to="/team" replace />;
  // Signed in, the overview tells the branch's features; for visitors, branchBranding.features does.
  const features = overview?.features ?? shopBranding.data?.branchBranding.features ?? [];
  if (!features.includes("E_COMMERCE")) return <Redirect to="/shop-not-enabled" replace />;
  if (requireSignIn && !overview) return <Redirect to={loginRedirectTarget()} replace />;
  return (
    <CustomerFrame
      branding={branding}
      user={overview}
      showSignIn={false}
      headerActions={
        // The cart lives in this browser (its id in local storage): not part of a server-rendered page.
        <ClientOnly>
          <Suspense fallback={null}>
            <ShopHeaderActions signedIn={!!overview} />
          </Suspense>
        </ClientOnly>
      }
    >
      <PortalBanners target="SHOP" />
      {children}
    </CustomerFrame>
  );
}

/** Pages anyone may see (sign-in, not found, not enabled...): no guard; the menu shows when signed in. */
export function PublicLayout({
  children,
  showSignIn = true,
  width,
}: {
  children: ReactNode;
  showSignIn?: boolean;
  width?: "default" | "narrow";
}) {
  const { branding, isPending } = useBranchBranding();
  const { overview } = useOverview();
  // The frame waits for the branding the first time: drawn without it, the header's brand strip would
  // push the page down when it arrives (a layout shift on every sign-in). The skeleton is replaced, not
  // moved. Once shown, the page stays mounted (signing in resets the queries; a page that acts on arrival,
  // such as verifying an email, must not run twice).
  const shown = useRef(false);
  if (!isPending) shown.current = true;
  if (!shown.current) return <ShellSkeleton />;
  return (
    <CustomerFrame branding={branding} user={overview} showSignIn={showSignIn} width={width}>
      {children}
    </CustomerFrame>
  );
}
