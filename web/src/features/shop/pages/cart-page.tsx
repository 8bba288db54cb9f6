import { ArrowLeftIcon, Trash2Icon } from "lucide-react";
import { Link, useLocation } from "wouter";
import { QueryError } from "@/components/shell/query-error";
import { SkeletonBlocks } from "@/components/shell/skeletons";
import { TitledPageHeader } from "@/components/shell/titled-page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/link-button";
import { Separator } from "@/components/ui/separator";
import { pluralize } from "@/lib/format";
import { formatMoney } from "@/lib/utils";
import { type CartLine, useCartActions, useShoppingCart } from "../api/cart";
import { EmptyCart } from "../components/empty-cart";
import { Price } from "../components/price";
import { ProductImage } from "../components/product-image";
import { QuantityStepper } from "../components/quantity-stepper";

function LineRow({ line }: { line: CartLine }) {
  const { set, pending } = useCartActions();
  const p = line.product;
  const remove = (
    <Button
      variant="ghost"
      size="sm"
      className="text-muted-foreground hover:text-destructive"
      onClick={() => set(line.itemId, 0)}
      disabled={pending}
      aria-label={`Remove ${p?.title ?? "this item"} from cart`}
    >
      <Trash2Icon aria-hidden="true" />
      Remove
    </Button>
  );
  if (!p)
    return (
      <li className="flex items-center gap-4 py-4">
        <ProductImage src={null} alt="" className="size-20 shrink-0" />
        <div className="grid flex-1 gap-1">
          <p className="font-medium text-destructive text-sm">cant find product</p>
          <p className="text-muted-foreground text-xs">This item is no longer sold online.</p>
        </div>
        {remove}
      </li>
    );
  const max = Math.max(1, Math.min(999, p.stock));
  return (
    <li className="grid grid-cols-[5rem_1fr] gap-x-4 gap-y-3 py-4 sm:grid-cols-[5rem_1fr_auto]">
      <Link href={`/shop/products/${p.id}`} tabIndex={-1} aria-hidden="true">
        <ProductImage src={p.media[0]?.url} alt="" className="size-20" />
      </Link>
      <div className="grid min-w-0 content-start gap-1">
        <Link href={`/shop/products/${p.id}`} className="font-medium hover:underline">
          {p.title}
        </Link>
        <span className="flex items-baseline gap-1.5">
          <Price unitPrice={p.unitPrice} salePrice={p.salePrice} size="sm" />
          <span className="text-muted-foreground text-xs">each</span>
        </span>
        {line.problem ? (
          <p className="text-destructive text-xs" role="alert">
            {line.problem}
          </p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <QuantityStepper
            size="sm"
            value={line.quantity}
            max={Math.max(max, line.quantity)}
            onChange={(q) => set(line.itemId, q)}
            disabled={pending || !p.purchasable || p.stock <= 0}
            label={`Quantity of ${p.title}`}
          />
          {remove}
        </div>
      </div>
      <p className="col-start-2 font-semibold tabular-nums sm:col-start-3 sm:text-right">
        <span className="sr-only">Amount for {p.title}: </span>
        {formatMoney(line.amount)}
      </p>
    </li>
  );
}

/** /shop/cart: the items, quantities, and the way to checkout. */
export default function CartPage() {
  const { cart, isPending, isError, error, refetch } = useShoppingCart();
  const [, navigate] = useLocation();
  const lines = cart?.items ?? [];
  const units = lines.reduce((s, l) => s + l.quantity, 0);

  return (
    <div className="grid gap-2">
      <TitledPageHeader
        title="Cart"
        description={cart && lines.length ? pluralize(units, "item") : "Items you add in the shop wait here."}
        actions={
          <LinkButton href="/shop" variant="ghost" icon={ArrowLeftIcon}>
            Continue shopping
          </LinkButton>
        }
      />
      {isPending ? (
        <SkeletonBlocks
          label="Loading your cart"
          className="grid gap-4 lg:grid-cols-[1fr_20rem]"
          blocks={["h-64", "h-48"]}
        />
      ) : isError && !cart ? (
        <QueryError error={error} title="We couldn't load your cart" onRetry={() => refetch()} />
      ) : lines.length === 0 ? (
        <EmptyCart
          description="Browse water, dispensers, coffee and more. We deliver with your next route stop."
          linkText="Start shopping"
        />
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-[1fr_20rem]">
          <Card className="py-0">
            <CardContent>
              <ul className="divide-y" aria-label="Items in your cart">
                {lines.map((line) => (
                  <LineRow key={line.itemId} line={line} />
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card className="lg:sticky lg:top-24">
            <CardHeader>
              <CardTitle asChild>
                <h2>Order summary</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <div className="flex justify-between">
                <span>Subtotal ({pluralize(cart?.itemCount ?? 0, "item")})</span>
                <span className="font-semibold tabular-nums" data-testid="cart-subtotal">
                  {formatMoney(cart?.subtotal ?? 0)}
                </span>
              </div>
              <p className="text-muted-foreground text-xs">Sales tax and shipping are calculated at checkout.</p>
              {cart?.hasProblems ? (
                <Alert variant="warning">
                  <AlertDescription>Remove or change the items marked above before checking out.</AlertDescription>
                </Alert>
              ) : null}
              <Separator />
              <Button size="lg" disabled={cart?.hasProblems} onClick={() => navigate("/shop/checkout")}>
                Checkout
              </Button>
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
