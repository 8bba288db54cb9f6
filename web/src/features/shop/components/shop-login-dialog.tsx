import { LogInIcon } from "lucide-react";
import { Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { lazyWithReload } from "@/lib/lazy";
import { withHost } from "@/lib/links";
import { loginRedirectTarget } from "@/lib/query-client";
import type { View } from "./shop-login-views";

const ShopLoginViews = lazyWithReload("shop-login-views", () => import("./shop-login-views"));

/**
 * The shop header's sign-in for visitors: a dialog with three views — sign in,
 * forgot password, create an account. Signing in keeps the visitor on the shop page (and the cart).
 */
export function ShopLoginDialog() {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>("login");
  // Mounted from the first click on, so closing plays the dialog's exit as before.
  const [mounted, setMounted] = useState(false);
  return (
    <>
      {/* A real link to the sign-in page (new tab, no script); a plain click opens the dialog instead. */}
      <Button asChild variant="accent" size="sm" className="h-8">
        <a
          href={withHost(loginRedirectTarget())}
          aria-haspopup="dialog"
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
            e.preventDefault();
            setView("login");
            setMounted(true);
            setOpen(true);
          }}
        >
          <LogInIcon aria-hidden="true" />
          Sign in
        </a>
      </Button>
      {/* The dialog (its form and the dialog primitive) loads on the first click, not with the shop. */}
      {mounted ? (
        <Suspense fallback={null}>
          <ShopLoginViews open={open} onOpenChange={setOpen} view={view} onView={setView} />
        </Suspense>
      ) : null}
    </>
  );
}
