import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { LinkButton } from "@/components/ui/link-button";

/** A page the header links to: where, its icon and its words. */
export type PageLink = { href: string; icon: LucideIcon; label: string };

/**
 * A page header's actions: outlined links to the related pages, in the list's order, then `children`
 * (the page's own buttons, e.g. "New …").
 */
export function PageLinks({ links, children }: { links: readonly PageLink[]; children?: ReactNode }) {
  return (
    <>
      {links.map((l) => (
        <LinkButton key={l.href} href={l.href} variant="outline" icon={l.icon}>
          {l.label}
        </LinkButton>
      ))}
      {children}
    </>
  );
}
