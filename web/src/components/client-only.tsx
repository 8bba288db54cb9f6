import type { ReactNode } from "react";
import { useHydrated } from "@/lib/use-hydrated";

/** Renders its children in the browser only, after a server-rendered page has hydrated (lib/use-hydrated). */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
