import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useThemeMode } from "@/lib/preferences";

/**
 * The app's toaster (SPEC section 9): bottom-right, 5000 ms, up to 20 visible, rich colours, close button,
 * following the light/dark preference. Mount once; call `toast.success(...)` etc. from "sonner".
 */
export function Toaster(props: ToasterProps) {
  const [mode] = useThemeMode();
  return (
    <Sonner
      theme={mode}
      position="bottom-right"
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
