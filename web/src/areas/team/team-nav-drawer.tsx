import type { RefObject } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import type { Overview } from "@/lib/overview";
import { SidebarContent } from "./team-sidebar";

// The team navigation as a drawer below 992px: its own chunk (Radix's dialog, focus trap and scroll lock,
// about 14 kB gzip), loaded when the menu button is first reached for, not with every team page's first
// load (team-layout.tsx). Focus goes back to that button when it closes, as a dialog's trigger would get it.

export default function TeamNavDrawer({
  user,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  user: Overview;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="w-72 gap-0 border-0 p-0 [&>[data-slot=sheet-close]]:text-brand-offwhite"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle className="sr-only">Team navigation</SheetTitle>
        <SheetDescription className="sr-only">Every team page, grouped by domain.</SheetDescription>
        <SidebarContent user={user} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
