import { ArrowLeftIcon, ChevronRightIcon, LogOutIcon, MenuIcon } from "lucide-react";
import { type ReactNode, Suspense, useRef, useState } from "react";
import { useLocation } from "wouter";
import { PortalBanners } from "@/components/portal-banners";
import { useBreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { RouteErrorBoundary } from "@/components/shell/error-pages";
import { SkipLink } from "@/components/shell/skip-link";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { useBranchBranding } from "@/lib/branding";
import { lazyWithReload } from "@/lib/lazy";
import type { Overview } from "@/lib/overview";
import { useLogOut } from "@/lib/session";
import { SidebarContent } from "./team-sidebar";
import { useTeamPageInfo } from "./use-team-page-info";

/** The phone's navigation drawer, loaded when the menu button is first hovered, touched or focused. */
const TeamNavDrawer = lazyWithReload("team-nav-drawer", () => import("./team-nav-drawer"));

/**
 * The team back office: a side navigation of every team page grouped by domain (a drawer below 992px,
 * team-nav-drawer.tsx), a top bar with the branch, the employee, dark mode and sign out.
 */
export function TeamLayout({ user, children }: { user: Overview; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const { logOut, pending } = useLogOut(navigate, "/team/login");
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer's chunk is fetched once the button is reached for, and mounted from then on.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const wantDrawer = () => setDrawerWanted(true);
  const menuButton = useRef<HTMLButtonElement>(null);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside aria-label="Team navigation" className="hidden bg-brand-dark lg:block">
          <div className="sticky top-0 h-dvh">
            <SidebarContent user={user} />
          </div>
        </aside>
        <div className="min-w-0">
          <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b bg-card/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-card/80 md:px-5">
            <Button
              ref={menuButton}
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-label="Open navigation"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onPointerEnter={wantDrawer}
              onPointerDown={wantDrawer}
              onFocus={wantDrawer}
              onClick={() => {
                wantDrawer();
                setMenuOpen(true);
              }}
            >
              <MenuIcon aria-hidden="true" className="size-5" />
            </Button>
            {drawerWanted ? (
              <Suspense fallback={null}>
                <TeamNavDrawer user={user} open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} />
              </Suspense>
            ) : null}
            <TeamBreadcrumb />
            <span className="hidden text-muted-foreground text-sm sm:inline" title={user.email}>
              {name}
            </span>
            <ThemeToggle className="text-foreground hover:bg-muted" />
            <Button variant="outline" size="sm" onClick={logOut} disabled={pending}>
              <LogOutIcon aria-hidden="true" />
              <span>Sign out</span>
            </Button>
          </header>
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-6 outline-none md:px-8 md:py-8">
            <RouteErrorBoundary resetKey={location} homePath="/team">
              <PortalBanners target="TEAM" />
              {children}
            </RouteErrorBoundary>
          </main>
        </div>
      </div>
    </div>
  );
}

/** Where the employee is: "Group › Page" (the branch name is in the sidebar). */
function TeamBreadcrumb() {
  const { group, title: pageTitle } = useTeamPageInfo();
  const title = useBreadcrumbTitle() ?? pageTitle; // a detail page names its record (BreadcrumbTitle)
  return (
    <nav aria-label="Breadcrumb" className="min-w-0 flex-1">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {group ? (
          <li className="hidden shrink-0 items-center gap-1.5 text-muted-foreground sm:flex">
            {group}
            <ChevronRightIcon aria-hidden="true" className="size-3.5" />
          </li>
        ) : null}
        <li aria-current="page" className="truncate font-medium">
          {title}
        </li>
      </ol>
    </nav>
  );
}

/** Full-width team tools (call tools, point of sale, taking a payment): a slim bar back to the team area. */
export function TeamToolLayout({ user, children }: { user: Overview; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const { logOut, pending } = useLogOut(navigate, "/team/login");
  const { branding } = useBranchBranding();
  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <header className="sticky top-0 z-20 flex h-12 items-center gap-2 bg-brand-dark px-3 text-brand-offwhite">
        <LinkButton
          href="/team"
          variant="ghost"
          size="sm"
          className="text-brand-offwhite hover:bg-white/10 hover:text-white"
          icon={ArrowLeftIcon}
        >
          Team
        </LinkButton>
        <span className="min-w-0 flex-1 truncate text-sm opacity-80">{branding?.name}</span>
        <span className="hidden text-sm opacity-80 sm:inline">{`${user.firstName} ${user.lastName}`.trim()}</span>
        <ThemeToggle />
        <Button
          variant="ghost"
          size="sm"
          onClick={logOut}
          disabled={pending}
          className="text-brand-offwhite hover:bg-white/10 hover:text-white"
        >
          <LogOutIcon aria-hidden="true" />
          Sign out
        </Button>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-6 outline-none">
        <RouteErrorBoundary resetKey={location} homePath="/team">
          {children}
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
