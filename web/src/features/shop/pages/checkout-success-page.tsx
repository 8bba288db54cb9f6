import { CalendarIcon, CircleCheckBigIcon, CreditCardIcon, MapPinIcon } from "lucide-react";
import { useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Card, CardContent } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/link-button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCalendarDate, pluralize } from "@/lib/format";
import { formatMoney, formatOrderId } from "@/lib/utils";
import { useOnlineOrder } from "../api/orders";

/** /shop/checkout-success?orderId=...: the confirmation. */
export default function CheckoutSuccessPage() {
  const orderId = new URLSearchParams(useSearch()).get("orderId") ?? "";
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <DocumentTitle title="Order placed" />
      <div className="grid justify-items-center gap-3 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-success/12 text-success">
          <CircleCheckBigIcon aria-hidden="true" className="size-9" />
        </span>
        <h1 className="font-semibold text-2xl tracking-tight">Thank you for your order!</h1>
        {orderId ? null : (
          <p className="text-muted-foreground">Your order has been placed. You'll find it in your order history.</p>
        )}
      </div>
      {orderId ? <Confirmation orderId={orderId} /> : null}
      <div className="flex flex-wrap justify-center gap-2">
        {orderId ? <LinkButton href={`/shop/orders/${orderId}`}>View order</LinkButton> : null}
        <LinkButton href="/shop/history" variant="outline">
          Order history
        </LinkButton>
        <LinkButton href="/shop" variant="ghost">
          Continue shopping
        </LinkButton>
      </div>
    </div>
  );
}

function Confirmation({ orderId }: { orderId: string }) {
  const query = useOnlineOrder(orderId);
  const order = query.data?.onlineOrder;
  if (query.isPending) return <Skeleton className="h-48" />;
  if (!order) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  const number = formatOrderId(order.number);
  const units = order.lines.reduce((s, l) => s + l.quantity, 0);
  return (
    <Card>
      <CardContent className="grid gap-4">
        <p className="text-center">
          {number ? (
            <>
              Order <strong data-testid="order-number">{number}</strong> has been placed
            </>
          ) : (
            "Your order has been placed"
          )}{" "}
          and a receipt is on its way to your email.
        </p>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div className="flex items-start gap-2">
            <CalendarIcon aria-hidden="true" className="mt-0.5 size-4 text-primary" />
            <div>
              <dt className="text-muted-foreground">Delivery</dt>
              <dd className="font-medium">{formatCalendarDate(order.scheduledDate, "weekday") || "To be scheduled"}</dd>
            </div>
          </div>
          <div className="flex items-start gap-2">
            <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 text-primary" />
            <div>
              <dt className="text-muted-foreground">Deliver to</dt>
              <dd className="font-medium">{order.addressLabel}</dd>
            </div>
          </div>
          <div className="flex items-start gap-2">
            <CreditCardIcon aria-hidden="true" className="mt-0.5 size-4 text-primary" />
            <div>
              <dt className="text-muted-foreground">Paid</dt>
              <dd className="font-medium">
                {formatMoney(order.total)}
                {order.paymentLabel ? (
                  <span className="block font-normal text-muted-foreground">{order.paymentLabel}</span>
                ) : null}
              </dd>
            </div>
          </div>
        </dl>
        <p className="border-t pt-3 text-center text-muted-foreground text-sm">
          {pluralize(units, "item")}: {order.oneLineBillingDescription}
        </p>
      </CardContent>
    </Card>
  );
}
