import { CircleCheckBigIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/link-button";
import { formatOrderId } from "@/lib/format";
import type { PlacedOrder } from "./use-checkout";

/**
 * An order found after its answer was lost: it went through, so the checkout is over. It says so, links
 * to the order, and offers no "Place order" (the cart is empty now; the order is not placed twice).
 */
export function OrderPlaced({ order }: { order: PlacedOrder }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that was pressed is gone: the keyboard goes to the answer.
  useEffect(() => heading.current?.focus(), []);
  const number = formatOrderId(order.number);
  return (
    <Card className="mx-auto w-full max-w-2xl border-success/50" role="region" aria-label="Order placed">
      <CardContent className="grid justify-items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-success/12 text-success">
          <CircleCheckBigIcon aria-hidden="true" className="size-8" />
        </span>
        <h2 ref={heading} tabIndex={-1} className="font-semibold text-xl outline-none">
          {number ? `Your order ${number} was placed.` : "Your order was placed."}
        </h2>
        <p className="text-muted-foreground text-sm">
          We lost the answer on the way, but the order went through and was charged once. A receipt is on its way to
          your email.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link href={`/shop/orders/${order.id}`}>View order {number}</Link>
          </Button>
          <LinkButton href="/shop" variant="outline">
            Continue shopping
          </LinkButton>
        </div>
      </CardContent>
    </Card>
  );
}
