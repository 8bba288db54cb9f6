import { CalendarIcon, LockIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/link-button";
import { Spinner } from "@/components/ui/spinner";
import { formatCalendarDate, formatMoney, pluralize } from "@/lib/format";
import { describeRequestError } from "@/lib/query-client";
import { TotalsList } from "../order-summary";
import { ProductImage } from "../product-image";
import type { Checkout } from "./use-checkout";

/** The order summary beside the steps: items, totals from the server, delivery day and "Place order". */
export function CheckoutSummary({ checkout }: { checkout: Checkout }) {
  const { cart, cost, costQuery, failure, submitting } = checkout;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Order summary</h2>
        </CardTitle>
        <CardDescription>{pluralize(cart?.itemCount ?? 0, "item")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="-mx-1 grid max-h-72 gap-3 overflow-y-auto px-1 pt-2" aria-label="Items">
          {(cart?.items ?? []).map((l) => (
            <li key={l.itemId} className="flex items-center gap-3 text-sm">
              <div className="relative">
                <ProductImage src={l.product?.media[0]?.url} alt="" className="size-12" />
                <span className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-muted-foreground font-semibold text-[10px] text-background">
                  {l.quantity}
                </span>
              </div>
              <span className="min-w-0 flex-1 truncate">{l.product?.title ?? "cant find product"}</span>
              <span className="tabular-nums">{formatMoney(l.amount)}</span>
            </li>
          ))}
        </ul>
        {costQuery.isError ? (
          <Alert variant="destructive">
            <AlertTitle>There has been an error calculating costs.</AlertTitle>
            <AlertDescription className="whitespace-pre-line">{describeRequestError(costQuery.error)}</AlertDescription>
          </Alert>
        ) : (
          <TotalsList totals={checkout.values.addressId ? cost : null} />
        )}
        {cost?.deliveryDate ? (
          <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
            <CalendarIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span>
              Delivered <strong className="font-medium">{formatCalendarDate(cost.deliveryDate, "full")}</strong>
            </span>
          </p>
        ) : null}
        {failure ? (
          <Alert variant="destructive">
            <AlertTitle>Your order was not placed</AlertTitle>
            <AlertDescription className="whitespace-pre-line">{failure}</AlertDescription>
          </Alert>
        ) : null}
        <Button size="lg" onClick={checkout.submit} disabled={submitting || !cost || costQuery.isFetching}>
          {submitting ? (
            <Spinner className="text-current" label="Placing your order" />
          ) : (
            <LockIcon aria-hidden="true" />
          )}
          {cost ? `Place order · ${formatMoney(cost.total)}` : "Place order"}
        </Button>
        <LinkButton href="/shop/cart" variant="link" className="justify-self-center">
          Edit cart
        </LinkButton>
      </CardContent>
    </Card>
  );
}
