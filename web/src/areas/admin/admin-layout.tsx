import { ChevronLeftIcon, ChevronRightIcon, ExternalLinkIcon, LogOutIcon, MenuIcon, ShieldIcon } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useLocation } from "wouter";
import { RouteErrorBoundary } from "@/components/shell/error-pages";
import { OverviewGuard } from "@/components/shell/overview-guard";
import { SkipLink } from "@/components/shell/skip-link";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { useBranchBranding } from "@/lib/branding";
import type { Overview } from "@/lib/overview";
import { useLogOut } from "@/lib/session";
import { useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";
import { useServerVersion } from "@/lib/version";
import { adminMenu, adminPages } from "./admin-pages";

// The admin shell: sidebar 200px expanded, 20px collapsed; top bar 50px.
const SIDEBAR_EXPANDED = 200;
const SIDEBAR_COLLAPSED = 20;
const TOP_BAR = 50;

/** Super admins only: signed out -> sign in; anyone else -> home. */
export function AdminGuard({ children }: { children: (admin: Overview) => ReactNode }) {
  return (
    <OverviewGuard allowed={(o) => o.isSuperAdmin} elsewhere="/">
      {children}
    </OverviewGuard>
  );
}

/** The menu offers the pages that are built (they have a component), in the menu's order. */
function useOfferedMenu() {
  return useMemo(() => {
    const built = new Set(adminPages.filter((p) => p.component).map((p) => p.path));
    return adminMenu.filter((m) => built.has(m.path));
  }, []);
}

function isActive(path: string, location: string) {
  const loc = location.toLowerCase();
  return loc === path.toLowerCase() || loc.startsWith(`${path.toLowerCase()}/`);
}

/** The menu's links; `onNavigate` closes the phone drawer after a choice. */
function AdminMenuLinks({
  menu,
  location,
  onNavigate,
}: {
  menu: ReturnType<typeof useOfferedMenu>;
  location: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className="grid gap-0.5 px-2">
      {menu.map((item) => (
        <li key={item.path}>
          <Link
            href={item.path}
            onClick={onNavigate}
            aria-current={isActive(item.path, location) ? "page" : undefined}
            className="flex h-8 items-center rounded-md px-2.5 text-sm outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-primary aria-[current=page]:font-medium aria-[current=page]:text-primary-foreground"
          >
            <span className="truncate">{item.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The admin console: a 50px top bar and a 200px side menu that collapses to 20px. Below 768px the
 * menu is a drawer opened from the top bar (a 20px strip is no menu on a phone).
 */
export function AdminLayout({ admin, children }: { admin: Overview; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const wide = useMediaQuery("(min-width: 768px)");
  const menu = useOfferedMenu();
  const { logOut, pending: signingOut } = useLogOut(navigate);
  const [expanded, setExpanded] = useState(wide);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { branding } = useBranchBranding();
  const { version } = useServerVersion();
  const name = `${admin.firstName} ${admin.lastName}`.trim() || admin.email;

  useEffect(() => setExpanded(wide), [wide]);

  // Below 768px there is no side menu (the drawer replaces it).
  const offset = !wide ? 0 : expanded ? SIDEBAR_EXPANDED : SIDEBAR_COLLAPSED;

  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <header
        style={{ height: TOP_BAR }}
        className="fixed inset-x-0 top-0 z-40 flex items-center gap-3 bg-brand-dark px-3 text-brand-offwhite shadow-sm"
      >
        {!wide ? (
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <button
                type="button"
                aria-label="Open menu"
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-md outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-brand-yellow"
              >
                <MenuIcon aria-hidden="true" className="size-5" />
              </button>
            </SheetTrigger>
            <SheetContent side="left" className="w-72 gap-0 p-0">
              <SheetTitle className="px-4 pt-4 pb-2 text-base">Admin</SheetTitle>
              <SheetDescription className="sr-only">Every page of the admin console.</SheetDescription>
              <nav aria-label="Admin menu" className="overflow-y-auto pb-4">
                <AdminMenuLinks menu={menu} location={location} onNavigate={() => setDrawerOpen(false)} />
                <p className="mt-4 grid gap-0.5 px-4 text-muted-foreground text-xs">
                  <span className="truncate">Branch {branding?.name ?? "…"}</span>
                  <span className="font-mono">v{version ?? "…"}</span>
                </p>
              </nav>
            </SheetContent>
          </Sheet>
        ) : null}
        <Link
          href="/admin/b"
          className="flex shrink-0 items-center gap-2 rounded-md font-semibold text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-yellow"
        >
          <span className="flex size-7 items-center justify-center rounded-md bg-brand-yellow text-brand-dark">
            <ShieldIcon aria-hidden="true" className="size-4" />
          </span>
          {/* The link's name at every width ("Admin"), shown from sm up. */}
          <span className="sr-only sm:not-sr-only">Admin</span>
        </Link>
        <dl className="flex min-w-0 flex-1 items-center justify-end gap-x-4 text-xs">
          <div className="flex min-w-0 items-center gap-1">
            <dt className="hidden opacity-60 lg:block">Signed in as</dt>
            <dd className="max-w-28 truncate font-medium sm:max-w-48" data-testid="admin-name" title={admin.email}>
              {name}
            </dd>
          </div>
          <div className="hidden min-w-0 items-center gap-1 sm:flex">
            <dt className="hidden opacity-60 lg:block">Branch</dt>
            <dd className="max-w-40 truncate font-medium" data-testid="admin-branch">
              {branding?.name ?? "…"}
            </dd>
          </div>
          <div className="hidden items-center gap-1 sm:flex">
            <dt className="sr-only">Version</dt>
            <dd className="rounded bg-white/10 px-1.5 py-0.5 font-mono text-[11px]" data-testid="app-version">
              v{version ?? "…"}
            </dd>
          </div>
        </dl>
        <ThemeToggle />
        <Link
          href="/"
          className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2.5 font-medium text-sm hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-brand-yellow"
        >
          <ExternalLinkIcon aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Customer view</span>
          <span className="sr-only sm:hidden">Customer view</span>
        </Link>
        <button
          type="button"
          onClick={() => void logOut()}
          disabled={signingOut}
          className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2.5 font-medium text-sm outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-brand-yellow disabled:opacity-60"
        >
          <LogOutIcon aria-hidden="true" className="size-4" />
          <span className="hidden md:inline">Sign out</span>
          <span className="sr-only md:hidden">Sign out</span>
        </button>
      </header>

      {wide ? (
        <aside
          aria-label="Admin"
          style={{ top: TOP_BAR, width: expanded ? SIDEBAR_EXPANDED : SIDEBAR_COLLAPSED }}
          className="fixed bottom-0 left-0 z-30 border-r bg-card shadow-xs transition-[width] duration-100"
        >
          <button
            type="button"
            onClick={() => setExpanded((v) => !v)}
            aria-expanded={expanded}
            aria-controls="admin-menu"
            aria-label={expanded ? "Collapse menu" : "Expand menu"}
            className={cn(
              "absolute top-2 z-10 flex h-7 w-5 items-center justify-center rounded-r-md border border-l-0 bg-card text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
              expanded ? "right-0 rounded-md border-l" : "-right-px",
            )}
          >
            {expanded ? (
              <ChevronLeftIcon aria-hidden="true" className="size-4" />
            ) : (
              <ChevronRightIcon aria-hidden="true" className="size-4" />
            )}
          </button>
          <nav id="admin-menu" aria-label="Admin menu" hidden={!expanded} className="h-full overflow-y-auto pt-10 pb-4">
            <AdminMenuLinks menu={menu} location={location} />
          </nav>
        </aside>
      ) : null}

      <main
        id="main"
        tabIndex={-1}
        style={{ paddingTop: TOP_BAR, marginLeft: offset }}
        className="outline-none transition-[margin] duration-100"
      >
        <div className="mx-auto w-full max-w-6xl px-4 py-6 md:px-8">
          <RouteErrorBoundary resetKey={location} homePath="/admin">
            {children}
          </RouteErrorBoundary>
        </div>
      </main>
    </div>
  );
}
