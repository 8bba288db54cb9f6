import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/**
 * A sign-in or create-account screen's one action: the large full-width submit button, disabled while
 * `busy` (or `disabled`), with a spinner named `busyLabel` ("Sending") beside its text meanwhile.
 */
export function AccountSubmit({
  busy,
  busyLabel,
  disabled,
  className,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" className={cn("w-full", className)} disabled={disabled ?? busy}>
      {busy ? <Spinner className="text-current" label={busyLabel} /> : null}
      {children}
    </Button>
  );
}
