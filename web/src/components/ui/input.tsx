import type * as React from "react";
import { useHydrated } from "@/lib/use-hydrated";
import { cn } from "@/lib/utils";

/** Outlined text field, small by default. Error state via aria-invalid (FormField sets it). */
export const inputClassName =
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-2.5 py-1 text-base text-foreground shadow-xs md:h-8 md:text-sm outline-none transition-[color,border-color,box-shadow] placeholder:text-muted-foreground selection:bg-primary selection:text-primary-foreground file:inline-flex file:h-6 file:border-0 file:bg-transparent file:font-medium file:text-foreground file:text-sm hover:border-foreground/40 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/35 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30";

export type InputProps = React.ComponentProps<"input">;

/** Read-only on a server-rendered page until it has hydrated: what was typed before would not be kept. */
export function Input({ className, type = "text", readOnly, ...props }: InputProps) {
  const hydrated = useHydrated();
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(inputClassName, className)}
      readOnly={readOnly || !hydrated}
      {...props}
    />
  );
}
