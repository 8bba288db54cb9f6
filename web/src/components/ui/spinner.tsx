import { Loader2Icon } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

const sizes = { sm: "size-3.5", default: "size-4", lg: "size-6", xl: "size-8" } as const;

export type SpinnerProps = Omit<React.ComponentProps<"svg">, "ref"> & {
  size?: keyof typeof sizes;
  /** Accessible name; default "Loading". */
  label?: string;
};

export function Spinner({ className, size = "default", label = "Loading", ...props }: SpinnerProps) {
  return (
    <Loader2Icon
      role="status"
      aria-label={label}
      data-slot="spinner"
      className={cn("animate-spin text-muted-foreground", sizes[size], className)}
      {...props}
    />
  );
}
