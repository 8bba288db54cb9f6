import type * as React from "react";
import { useHydrated } from "@/lib/use-hydrated";
import { cn } from "@/lib/utils";

export type TextareaProps = React.ComponentProps<"textarea">;

/** Read-only on a server-rendered page until it has hydrated (as Input). */
export function Textarea({ className, readOnly, ...props }: TextareaProps) {
  const hydrated = useHydrated();
  return (
    <textarea
      readOnly={readOnly || !hydrated}
      data-slot="textarea"
      className={cn(
        "field-sizing-content flex min-h-16 w-full rounded-md border border-input bg-card px-2.5 py-1.5 text-base text-foreground shadow-xs md:text-sm outline-none transition-[color,border-color,box-shadow] placeholder:text-muted-foreground hover:border-foreground/40 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/35 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30",
        className,
      )}
      {...props}
    />
  );
}
