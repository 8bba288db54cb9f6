import { CheckIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A real <input type="checkbox"> drawn like <Checkbox> (components/ui/checkbox.tsx), for forms in a
 * page's first load (the sign-in form): no Radix, no script to look or work right. Spread FormField's
 * control props on it (FormField's render-function child), since it renders a wrapper around the input.
 */
export function NativeCheckbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <span data-slot="checkbox" className={cn("relative inline-flex size-4 shrink-0", className)}>
      <input
        type="checkbox"
        className="peer size-4 shrink-0 cursor-pointer appearance-none rounded-[4px] border border-input bg-card shadow-xs outline-none transition-[color,background-color,border-color,box-shadow] checked:border-primary checked:bg-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
        {...props}
      />
      <CheckIcon
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
      />
    </span>
  );
}
