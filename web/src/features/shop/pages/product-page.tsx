import { ChevronRightIcon, CircleCheckIcon, CircleXIcon, ShoppingCartIcon, TruckIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Link, useLocation } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import type { RouteParams } from "@/lib/route-table";
import { cn, formatMoney } from "@/lib/utils";
import { useCartActions, useShoppingCart } from "../api/cart";
import { type Product, useProduct, useShopBranding } from "../api/catalogue";
import { Price } from "../components/price";
import { canBuy } from "../components/product-card";
import { ProductImage } from "../components/product-image";
import { QuantityStepper } from "../components/quantity-stepper";

/** /shop/products/{productId}: photos, description, price, stock, quantity and Add to cart. */
export default function ProductPage({ params }: { params: RouteParams }) {
  const id = params.productId ?? "";
  const query = useProduct(id);
  const product = query.data?.product;

  if (query.isPending)
    return (
      <div className="grid gap-6 md:grid-cols-2" role="status" aria-label="Loading product">
        <Skeleton className="aspect-square" />
        <div className="grid content-start gap-4">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-24" />
          <Skeleton className="h-10 w-56" />
        </div>
      </div>
    );
  if (!product)
    return <QueryError error={query.error} title="We couldn't load this product" onRetry={() => query.refetch()} />;
  return <ProductDetail product={product} />;
}

function Breadcrumb({ title }: { title: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-muted-foreground text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link href="/shop" className="hover:text-foreground hover:underline">
            Shop
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRightIcon className="size-3.5" />
        </li>
        <li aria-current="page" className="truncate text-foreground">
          {title}
        </li>
      </ol>
    </nav>
  );
}

function Gallery({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  const media = product.media;
  const current = media[Math.min(index, Math.max(0, media.length - 1))];
  return (
    <div className="grid content-start gap-3">
      <ProductImage
        src={current?.url}
        alt={media.length > 1 ? `${product.title}, photo ${index + 1} of ${media.length}` : product.title}
        className="rounded-xl border shadow-xs"
        eager
      />
      {media.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {media.map((m, i) => (
            <li key={m.id}>
              <button
                type="button"
                aria-label={`Show photo ${i + 1} of ${media.length}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                className={cn(
                  "block size-20 overflow-hidden rounded-md border-2 outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  i === index ? "border-primary" : "border-transparent opacity-80 hover:opacity-100",
                )}
              >
                <ProductImage src={m.url} alt="" className="size-full rounded-none" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const { add } = useCartActions();
  const { cart } = useShoppingCart();
  const branding = useShopBranding().data?.branchBranding;
  const [, navigate] = useLocation();
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const inCart = cart?.items.find((l) => l.itemId === product.id)?.quantity ?? 0;
  const room = Math.max(0, product.stock - inCart);
  const buyable = canBuy(product);
  const savings = product.salePrice !== null ? product.unitPrice - product.salePrice : 0;

  return (
    <div className="grid gap-5">
      <DocumentTitle title={product.title} />
      <Breadcrumb title={product.title} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <Gallery product={product} />
        <div className="grid content-start gap-5">
          <div className="grid gap-2">
            <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">{product.title}</h1>
            <p className="text-muted-foreground text-xs">Item {product.partNumber}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Price unitPrice={product.unitPrice} salePrice={product.salePrice} size="lg" />
            {savings > 0 ? <Badge variant="accent">Save {formatMoney(savings)}</Badge> : null}
          </div>

          {buyable ? (
            <p className="flex items-center gap-2 font-medium text-sm text-success">
              <CircleCheckIcon aria-hidden="true" className="size-4" />
              In stock <span className="font-normal text-muted-foreground">({product.stock} available)</span>
            </p>
          ) : (
            <div className="grid gap-1" role="status">
              <p className="flex items-center gap-2 font-medium text-destructive text-sm">
                <CircleXIcon aria-hidden="true" className="size-4" />
                This item is out of stock.
              </p>
              {!product.purchasable && branding?.phone ? (
                <p className="text-muted-foreground text-sm">
                  Call us at{" "}
                  <a className="text-primary underline" href={`tel:${branding.phone.replace(/[^\d+]/g, "")}`}>
                    {branding.phone}
                  </a>{" "}
                  to order.
                </p>
              ) : null}
            </div>
          )}

          {buyable ? (
            <div className="grid gap-2">
              <div className="flex flex-wrap items-center gap-3">
                <QuantityStepper
                  value={Math.min(quantity, Math.max(1, room))}
                  max={Math.max(1, room)}
                  onChange={setQuantity}
                  disabled={room <= 0 || adding}
                  label={`Quantity of ${product.title}`}
                />
                <Button
                  size="lg"
                  className="min-w-44"
                  disabled={room <= 0 || adding}
                  onClick={async () => {
                    setAdding(true);
                    const next = await add(product.id, Math.min(quantity, room));
                    setAdding(false);
                    if (next) {
                      setQuantity(1);
                      toast.success(`${product.title} added to your cart.`, {
                        action: { label: "View cart", onClick: () => navigate("/shop/cart") },
                      });
                    }
                  }}
                >
                  {adding ? <Spinner className="text-current" /> : <ShoppingCartIcon aria-hidden="true" />}
                  Add to cart
                </Button>
              </div>
              {inCart > 0 ? (
                <p className="text-muted-foreground text-sm">
                  {room > 0 ? `You have ${inCart} in your cart.` : `All ${product.stock} available are in your cart.`}{" "}
                  <Link href="/shop/cart" className="text-primary underline-offset-4 hover:underline">
                    View cart
                  </Link>
                </p>
              ) : null}
            </div>
          ) : null}

          <div className="flex items-start gap-3 rounded-lg border bg-card p-3 text-sm">
            <TruckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <p>
              <span className="font-medium">Delivered with your next route stop.</span>{" "}
              <span className="text-muted-foreground">
                Our driver brings your order on your next scheduled delivery day.
              </span>
            </p>
          </div>

          {product.description ? (
            <section aria-labelledby="about-heading" className="grid gap-2">
              <h2 id="about-heading" className="font-semibold text-base">
                About this item
              </h2>
              <p className="text-muted-foreground text-sm leading-6">{product.description}</p>
            </section>
          ) : null}
          {product.taxable ? <p className="text-muted-foreground text-xs">Sales tax applies to this item.</p> : null}
        </div>
      </div>
    </div>
  );
}
