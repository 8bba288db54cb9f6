import { LinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/link-button";

/** A customer page with nothing to show yet, on a card, with a link to where something can be had. */
export function LinkEmptyState({
  icon,
  title,
  description,
  href,
  linkText,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  href: string;
  linkText: string;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={<LinkButton href={href}>{linkText}</LinkButton>}
      className="bg-card"
    />
  );
}

/** The user is linked to no customer account: what linking one would show (`purpose`), and the way there. */
export function NotLinkedState({ purpose, icon }: { purpose: string; icon?: ReactNode }) {
  return (
    <LinkEmptyState
      icon={icon ?? <LinkIcon aria-hidden="true" />}
      title="You aren't linked to an account yet."
      description={`Link your customer account ${purpose}.`}
      href="/v2/manage"
      linkText="Link Account"
    />
  );
}
