import { MenuIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/** The header's menu button below 768px (also the placeholder while the menu's chunk loads). */
export function MenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="text-brand-offwhite hover:bg-white/10 hover:text-white md:hidden"
      aria-label="Open menu"
      {...props}
    >
      <MenuIcon aria-hidden="true" className="size-5" />
    </Button>
  );
}
