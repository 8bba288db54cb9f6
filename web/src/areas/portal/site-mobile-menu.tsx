import { LogOutIcon } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { ThemeSwitch } from "@/components/shell/theme-switch";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import type { BranchBranding } from "@/lib/branding";
import { isActiveEntry, type MenuEntry } from "./portal-menu";
import { MenuButton } from "./site-mobile-menu-button";

type SiteMobileMenuProps = {
  branding: BranchBranding | null;
  entries: MenuEntry[];
  onLogOut?: () => void;
  loggingOut?: boolean;
  userLabel?: string;
  /** Open as soon as it mounts: the visitor tapped the placeholder button while this chunk loaded. */
  openAtFirst?: boolean;
};

/**
 * The customer menu in a sheet below 768px. Its own chunk (the sheet, the dark-mode switch): only
 * signed-in pages have a menu, and the sign-in page's first load leaves it out.
 */
export default function SiteMobileMenu({
  branding,
  entries,
  onLogOut,
  loggingOut,
  userLabel,
  openAtFirst = false,
}: SiteMobileMenuProps) {
  const [location] = useLocation();
  const [open, setOpen] = useState(openAtFirst);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <MenuButton />
      </SheetTrigger>
      <SheetContent side="right" className="w-72 gap-0">
        <SheetHeader className="border-b">
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription>{userLabel ? `Signed in as ${userLabel}` : (branding?.name ?? "")}</SheetDescription>
        </SheetHeader>
        <nav aria-label="Main" className="grid gap-1 p-3">
          {entries.map((entry) =>
            entry.kind === "link" ? (
              <Link
                key={entry.label}
                href={entry.to}
                onClick={() => setOpen(false)}
                aria-current={isActiveEntry(entry.match, location) ? "page" : undefined}
                className="flex h-10 items-center gap-3 rounded-md px-3 font-medium text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-muted aria-[current=page]:text-primary"
              >
                <entry.icon aria-hidden="true" className="size-4 text-muted-foreground" />
                {entry.label}
              </Link>
            ) : entry.kind === "theme" ? (
              <div key={entry.label} className="px-3 py-2">
                <ThemeSwitch id="mobile-dark-mode" />
              </div>
            ) : (
              <div key={entry.label} className="grid gap-1">
                <Separator className="my-1" />
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    onLogOut?.();
                  }}
                  disabled={loggingOut}
                  className="flex h-10 items-center gap-3 rounded-md px-3 text-left font-medium text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <LogOutIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                  Log out
                </button>
              </div>
            ),
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
