import { MoonIcon, SunIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { SimpleTooltip } from "@/components/ui/tooltip";
import { useThemeMode } from "@/lib/preferences";
import { cn } from "@/lib/utils";

/** Icon button toggling light/dark; its accessible name says what it will do ("Light Mode" when dark). */
export function ThemeToggle({ className, label }: { className?: string; label?: string }) {
  const [mode, , toggle] = useThemeMode();
  const dark = mode === "dark";
  return (
    <SimpleTooltip content={dark ? "Switch to light mode" : "Switch to dark mode"}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label ?? (dark ? "Light Mode" : "Dark Mode")}
        onClick={toggle}
        className={cn("text-current hover:bg-white/10", className)}
      >
        {dark ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
      </Button>
    </SimpleTooltip>
  );
}

/** A labelled switch for menus and sheets. */
export function ThemeSwitch({
  id = "dark-mode-switch",
  label = "Dark Mode",
  className,
}: {
  id?: string;
  label?: string;
  className?: string;
}) {
  const [mode, setMode] = useThemeMode();
  return (
    <div className={cn("flex items-center justify-between gap-3", className)}>
      <label htmlFor={id} className="flex items-center gap-2 font-medium text-sm">
        <MoonIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        {label}
      </label>
      <Switch id={id} checked={mode === "dark"} onCheckedChange={(on) => setMode(on ? "dark" : "light")} />
    </div>
  );
}
