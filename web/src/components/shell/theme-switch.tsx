import { MoonIcon } from "lucide-react";
import { Switch } from "@/components/ui/switch";
import { useThemeMode } from "@/lib/preferences";
import { cn } from "@/lib/utils";

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
