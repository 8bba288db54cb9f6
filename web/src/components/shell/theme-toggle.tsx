import { MoonIcon, SunIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useThemeMode } from "@/lib/preferences";
import { cn } from "@/lib/utils";

// The labelled switch for menus is theme-switch.tsx (apart: Radix's switch is not in every page's first load).

/** Icon button toggling light/dark; its accessible name says what it will do ("Light Mode" when dark). */
export function ThemeToggle({ className, label }: { className?: string; label?: string }) {
  const [mode, , toggle] = useThemeMode();
  const dark = mode === "dark";
  // Its hint is drawn with CSS (shown on hover after a moment, or on keyboard focus), not Radix's tooltip:
  // the toggle is in every team and console page's first load, and the tooltip brought about 20 kB gzip
  // (floating-ui, its layers) for these few words. Aligned to the button's right edge: the toggle sits at
  // the right of its bar, and the hint stays inside the page.
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label ?? (dark ? "Light Mode" : "Dark Mode")}
      onClick={toggle}
      className={cn("group/theme relative text-current hover:bg-white/10", className)}
    >
      {dark ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
      <span
        aria-hidden="true"
        className="pointer-events-none invisible absolute top-full right-0 z-50 mt-1.5 whitespace-nowrap rounded-md bg-foreground px-2.5 py-1.5 font-normal text-background text-xs opacity-0 shadow-md transition-[opacity,visibility] group-hover/theme:visible group-hover/theme:opacity-100 group-hover/theme:delay-200 group-focus-visible/theme:visible group-focus-visible/theme:opacity-100"
      >
        {dark ? "Switch to light mode" : "Switch to dark mode"}
      </span>
    </Button>
  );
}
