import * as Popover from "@radix-ui/react-popover";
import { ShoppingCartIcon } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { SkeletonBlocks } from "@/components/shell/skeletons";
import { Button } from "@/components/ui/button";
import { pluralize } from "@/lib/format";
import { cn, formatMoney } from "@/lib/utils";
import { useShoppingCart } from "../api/cart";
import { ProductImage } from "./product-image";

/** "9+" above nine. */
export const cartBadgeText = (count: number) => (count > 9 ? "9+" : String(count));

/**
 * The header's cart: a button with the number of items, and a popup with the items (at most 500 px
 * high, scrolling), the total, and Cart and Checkout buttons.
 */
export function CartPopover({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const { cart, isPending, isError } = useShoppingCart();
  const lines = cart?.items ?? [];
  const count = lines.reduce((s, l) => s + l.quantity, 0);
  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={`Cart, ${pluralize(count, "item")}`}
          className={cn(
            "relative inline-flex size-9 items-center justify-center rounded-md text-brand-offwhite/90 outline-none transition-colors hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-brand-yellow data-[state=open]:bg-white/12",
            className,
          )}
        >
          <ShoppingCartIcon aria-hidden="true" className="size-5" />
          {count > 0 ? (
            <span
              aria-hidden="true"
              data-testid="cart-badge"
              className="absolute -top-0.5 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-yellow px-1 font-bold text-[11px] text-brand-dark leading-none shadow"
            >
              {cartBadgeText(count)}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={10}
          collisionPadding={8}
          aria-label="Cart"
          className="z-50 flex w-[min(calc(100vw-1rem),380px)] flex-col rounded-lg border bg-popover text-popover-foreground shadow-xl outline-none data-[state=closed]:animate-popover-out data-[state=open]:animate-popover-in"
        >
          <div className="flex items-baseline justify-between border-b px-4 py-3">
            <p className="font-semibold">Your cart</p>
            <p className="text-muted-foreground text-xs">{pluralize(count, "item")}</p>
          </div>

          {isPending ? (
            <SkeletonBlocks label="Loading your cart" className="grid gap-3 p-4" blocks={["h-14", "h-14"]} />
          ) : isError && !cart ? (
            <p className="p-4 text-destructive text-sm">We couldn't load your cart. Please try again.</p>
          ) : lines.length === 0 ? (
            <div className="grid justify-items-center gap-3 px-4 py-8 text-center">
              <ShoppingCartIcon aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="text-sm">Your cart is empty.</p>
              <Button size="sm" variant="outline" onClick={() => go("/shop")}>
                Browse the shop
              </Button>
            </div>
          ) : (
            <ul className="max-h-[500px] divide-y overflow-y-auto overscroll-contain" aria-label="Items in your cart">
              {lines.map((line) => (
                <li key={line.itemId} className="flex gap-3 px-4 py-3">
                  <ProductImage src={line.product?.media[0]?.url} alt="" className="size-14 shrink-0" />
                  <div className="grid min-w-0 flex-1 content-start gap-0.5">
                    {line.product ? (
                      <Link
                        href={`/shop/products/${line.itemId}`}
                        onClick={() => setOpen(false)}
                        className="truncate font-medium text-sm hover:underline"
                      >
                        {line.product.title}
                      </Link>
                    ) : (
                      <span className="text-muted-foreground text-sm italic">Unavailable item</span>
                    )}
                    <span className="text-muted-foreground text-xs tabular-nums">
                      Qty {line.quantity}
                      {line.product ? ` · ${formatMoney(line.unitPrice)} each` : ""}
                    </span>
                    {line.problem ? <span className="text-destructive text-xs">{line.problem}</span> : null}
                  </div>
                  <span className="shrink-0 font-medium text-sm tabular-nums">
                    {line.product ? formatMoney(line.amount) : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}

          <div className="grid gap-3 border-t bg-muted/40 px-4 py-3">
            <div className="flex items-baseline justify-between">
              <span className="font-medium text-sm">Total</span>
              <span className="font-semibold tabular-nums" data-testid="cart-popup-total">
                {formatMoney(cart?.subtotal ?? 0)}
              </span>
            </div>
            <p className="-mt-2 text-muted-foreground text-xs">Tax and shipping are added at checkout.</p>
            <div className="grid grid-cols-2 gap-2">
              <Button variant="outline" onClick={() => go("/shop/cart")}>
                Cart
              </Button>
              <Button onClick={() => go("/shop/checkout")} disabled={lines.length === 0}>
                Checkout
              </Button>
            </div>
          </div>
          <Popover.Arrow className="fill-popover" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
