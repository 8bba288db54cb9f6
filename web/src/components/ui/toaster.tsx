import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useThemeMode } from "@/lib/preferences";
import { useMediaQuery } from "@/lib/use-media-query";

/**
 * The app's toaster: bottom-right, 5000 ms, up to 20 visible, rich colours, close button,
 * following the light/dark preference. Mount once; call `toast.success(...)` etc. from "sonner".
 */
export function Toaster(props: ToasterProps) {
  const [mode] = useThemeMode();
  // On a phone a bottom toast spans the screen over the page's buttons (Add to cart): it shows at the
  // top instead, over the header bar.
  const phone = useMediaQuery("(max-width: 600px)");
  return (
    <Sonner
      theme={mode}
      position={phone ? "top-center" : "bottom-right"}
      mobileOffset={{ top: 8, left: 8, right: 8 }}
      duration={5000}
      visibleToasts={20}
      richColors
      closeButton
      className="toaster group"
      style={
        {
          fontFamily: "var(--font-sans)",
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
