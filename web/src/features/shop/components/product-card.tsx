import { PhoneIcon, ShoppingCartIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Link, useLocation } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCartActions } from "../api/cart";
import type { Product } from "../api/catalogue";
import { Price } from "./price";
import { ProductImage } from "./product-image";

export function canBuy(p: Pick<Product, "purchasable" | "stock">) {
  return p.purchasable && p.stock > 0;
}

/** A product in the shop's grid: photo, title, price, and a quick Add to cart. `priority`: in the first row. */
export function ProductCard({ product, priority }: { product: Product; priority?: boolean }) {
  const { add } = useCartActions();
  const [, navigate] = useLocation();
  const [adding, setAdding] = useState(false);
  const href = `/shop/products/${product.id}`;
  const onSale = product.salePrice !== null;
  return (
    <article
      className="group flex flex-col overflow-hidden rounded-lg border bg-card shadow-xs transition-shadow hover:shadow-md"
      aria-labelledby={`product-${product.id}`}
    >
      <Link href={href} className="relative block" tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={product.media[0]?.url}
          alt={product.title}
          priority={priority}
          className="rounded-none transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <span className="absolute top-2 left-2 flex flex-col items-start gap-1">
          {onSale && canBuy(product) ? <Badge variant="accent">Sale</Badge> : null}
          {!product.purchasable ? (
            <Badge variant="secondary">Call to order</Badge>
          ) : product.stock <= 0 ? (
            <Badge variant="secondary">Out of stock</Badge>
          ) : null}
        </span>
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h2 id={`product-${product.id}`} className="line-clamp-2 min-h-10 font-medium text-sm leading-5">
          <Link href={href} className="outline-none hover:underline focus-visible:underline">
            {product.title}
          </Link>
        </h2>
        <Price unitPrice={product.unitPrice} salePrice={product.salePrice} size="md" />
        <div className="mt-auto pt-1">
          {canBuy(product) ? (
            <Button
              variant="outline"
              className="w-full"
              aria-label={`Add to cart: ${product.title}`}
              disabled={adding}
              onClick={async () => {
                setAdding(true);
                const cart = await add(product.id, 1);
                setAdding(false);
                if (cart)
                  toast.success(`${product.title} added to your cart.`, {
                    action: { label: "View cart", onClick: () => navigate("/shop/cart") },
                  });
              }}
            >
              {adding ? <Spinner size="sm" className="text-current" /> : <ShoppingCartIcon aria-hidden="true" />}
              Add to cart
            </Button>
          ) : (
            <Button asChild variant="ghost" className="w-full text-muted-foreground">
              <Link href={href}>
                {product.purchasable ? null : <PhoneIcon aria-hidden="true" />}
                View details
              </Link>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
