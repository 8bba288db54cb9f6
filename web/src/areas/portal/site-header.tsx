import { LogInIcon, LogOutIcon, MoonIcon, SunIcon } from "lucide-react";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { SafeHtml } from "@/components/safe-html";
import { BrandMark } from "@/components/shell/brand-mark";
import { LinkButton } from "@/components/ui/link-button";
import type { BranchBranding } from "@/lib/branding";
import { lazyWithReload } from "@/lib/lazy";
import { newTabProps } from "@/lib/links";
import { useThemeMode } from "@/lib/preferences";
import { cn } from "@/lib/utils";
import { isActiveEntry, type MenuEntry } from "./portal-menu";
import { MenuButton } from "./site-mobile-menu-button";

const SiteMobileMenu = lazyWithReload("site-mobile-menu", () => import("./site-mobile-menu"));

type SiteHeaderProps = {
  branding: BranchBranding | null;
  /** Menu entries; empty for visitors. */
  entries: MenuEntry[];
  onLogOut?: () => void;
  loggingOut?: boolean;
  /** For visitors: show a Sign in button (hidden on the login page itself). */
  showSignIn?: boolean;
  /** Who is signed in, shown in the mobile menu. */
  userLabel?: string;
  /** Extra controls at the right of the bar on every screen size (the shop's cart and sign-in). */
  actions?: ReactNode;
};

const navItemClass =
  "inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 font-medium text-brand-offwhite/85 text-sm outline-none transition-colors hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-brand-yellow lg:px-3";

/** The theme button says what it will do: "Dark Mode" in the light theme, "Light Mode" in the dark one. */
function DarkModeButton() {
  const [mode, , toggle] = useThemeMode();
  const dark = mode === "dark";
  const label = dark ? "Light Mode" : "Dark Mode";
  return (
    <button type="button" onClick={toggle} className={navItemClass} title={label}>
      {dark ? <SunIcon aria-hidden="true" className="size-4" /> : <MoonIcon aria-hidden="true" className="size-4" />}
      <span className="sr-only lg:not-sr-only">{label}</span>
    </button>
  );
}

/**
 * Whether the page is scrolled down: true past 64px, false again only near the top (the gap keeps the
 * strip from flickering when collapsing it moves the page).
 */
function useScrolledDown() {
  const [down, setDown] = useState(false);
  useEffect(() => {
    const update = () => setDown((was) => (was ? window.scrollY > 8 : window.scrollY > 64));
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return down;
}

/**
 * The branch's header HTML as a strip above the bar, linking to the brand website. On a phone it
 * folds away once the page scrolls, so the sticky header keeps to its 64px bar.
 */
function HeaderStrip({ branding }: { branding: BranchBranding | null }) {
  const html = branding?.websiteHeaderHtml?.trim();
  const scrolled = useScrolledDown();
  if (!html) return null;
  const content = (
    <SafeHtml
      html={html}
      className="line-clamp-2 [&_*]:inline [&_p+p]:ml-2 [&_strong]:font-semibold [&_strong]:text-brand-offwhite"
    />
  );
  const website = branding?.brandWebsiteUrl;
  const linkable = website && !/<a[\s>]/i.test(html);
  return (
    <div
      data-testid="brand-strip"
      className={cn(
        "border-white/10 border-b bg-brand-navy text-brand-offwhite/80 text-xs",
        scrolled && "max-md:hidden",
      )}
    >
      <div className="mx-auto max-w-6xl px-4 py-1.5 text-center sm:text-left">
        {linkable ? (
          <a
            href={website}
            {...newTabProps}
            className="rounded-sm hover:text-white hover:underline focus-visible:ring-2 focus-visible:ring-brand-yellow"
          >
            {content}
          </a>
        ) : (
          content
        )}
      </div>
    </div>
  );
}

/**
 * The customer header: brand logo (or name) and header HTML linking to the brand website, the menu
 * inline from 768px and in a sheet below.
 */
export function SiteHeader({
  branding,
  entries,
  onLogOut,
  loggingOut,
  showSignIn,
  userLabel,
  actions,
}: SiteHeaderProps) {
  const [location] = useLocation();
  const hasMenu = entries.length > 0;
  // A tap on the menu button while the menu's chunk is still loading opens the menu once it arrives.
  const [menuWanted, setMenuWanted] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-white/10 border-b bg-brand-dark text-brand-offwhite shadow-sm">
      <HeaderStrip branding={branding} />
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <BrandMark branding={branding} linkToWebsite className="shrink-0" logoClassName="h-10" />
        <div className="flex-1" />

        {hasMenu ? (
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-0.5">
              {entries.map((entry) => (
                <li key={entry.label}>
                  {entry.kind === "link" ? (
                    <Link
                      href={entry.to}
                      aria-current={isActiveEntry(entry.match, location) ? "page" : undefined}
                      className={cn(
                        navItemClass,
                        "aria-[current=page]:bg-white/12 aria-[current=page]:text-brand-yellow",
                      )}
                    >
                      {entry.label}
                    </Link>
                  ) : entry.kind === "theme" ? (
                    <DarkModeButton />
                  ) : (
                    <button type="button" onClick={onLogOut} disabled={loggingOut} className={navItemClass}>
                      <LogOutIcon aria-hidden="true" className="size-4" />
                      Log out
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <div className="flex items-center gap-1">
            <DarkModeButton />
            {showSignIn ? (
              <LinkButton href="/v2/account/login" variant="accent" size="sm" className="ml-1 h-8" icon={LogInIcon}>
                Sign in
              </LinkButton>
            ) : null}
          </div>
        )}

        {actions}

        {hasMenu ? (
          <Suspense fallback={<MenuButton aria-busy={menuWanted} onClick={() => setMenuWanted(true)} />}>
            <SiteMobileMenu
              openAtFirst={menuWanted}
              branding={branding}
              entries={entries}
              onLogOut={onLogOut}
              loggingOut={loggingOut}
              userLabel={userLabel}
            />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
