import type { ReactNode } from "react";
import { OverviewGuard } from "@/components/shell/overview-guard";
import type { Overview } from "@/lib/overview";

/**
 * Team pages need an employee: signed out -> team/login with ReturnUrl;
 * signed in without an employee person id -> /forbidden.
 */
export function TeamGuard({ children }: { children: (employee: Overview) => ReactNode }) {
  return (
    <OverviewGuard allowed={(o) => Boolean(o.employeePersonId)} elsewhere="/forbidden">
      {children}
    </OverviewGuard>
  );
}
