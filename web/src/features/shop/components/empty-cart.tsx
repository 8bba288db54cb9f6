import { ShoppingCartIcon } from "lucide-react";
import { LinkEmptyState } from "@/components/portal-empty-state";

/** "Your cart is empty.", what to do about it, and a link back to the shop. */
export function EmptyCart({ description, linkText }: { description: string; linkText: string }) {
  return (
    <LinkEmptyState
      icon={<ShoppingCartIcon aria-hidden="true" />}
      title="Your cart is empty."
      description={description}
      href="/shop"
      linkText={linkText}
    />
  );
}
