import type * as React from "react";
import { cn } from "@/lib/utils";

/** Loading placeholder; size it with classes (h-4 w-32, ...). Hidden from assistive technology. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-foreground/10", className)}
      {...props}
    />
  );
}
