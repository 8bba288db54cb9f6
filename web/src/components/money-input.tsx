import type * as React from "react";
import { Input } from "@/components/ui/input";

/** A dollar amount: "$" inside the field, decimal keyboard on phones. Props go to the <input>. */
export function MoneyInput(props: React.ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 text-muted-foreground text-sm"
      >
        $
      </span>
      <Input inputMode="decimal" autoComplete="off" className="pl-6 tabular-nums" {...props} />
    </div>
  );
}
