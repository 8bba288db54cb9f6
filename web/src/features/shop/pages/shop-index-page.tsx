import { SearchIcon } from "lucide-react";
import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { pluralize } from "@/lib/format";
import { type Product, useProducts, useShopBannerAndFooter } from "../api/catalogue";
import { canBuy, ProductCard } from "../components/product-card";
import { ShopBanner, ShopFooter } from "../components/shop-html";
import { ShopSearch } from "../components/shop-search";

const SORTS = {
  featured: "Featured",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  name: "Name",
} as const;
type Sort = keyof typeof SORTS;

function sortProducts(list: Product[], sort: Sort): Product[] {
  const copy = [...list];
  if (sort === "price-asc") return copy.sort((a, b) => a.price - b.price || a.title.localeCompare(b.title));
  if (sort === "price-desc") return copy.sort((a, b) => b.price - a.price || a.title.localeCompare(b.title));
  if (sort === "name") return copy.sort((a, b) => a.title.localeCompare(b.title));
  // Featured: what can be bought first, on sale first, then by title.
  const rank = (p: Product) => (canBuy(p) ? (p.salePrice !== null ? 0 : 1) : 2);
  return copy.sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title));
}

/** /shop: banner, search, the listed products, footer. */
export default function ShopIndexPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const q = params.get("q") ?? "";
  const sort = ((params.get("sort") as Sort) in SORTS ? params.get("sort") : "featured") as Sort;
  const productsQuery = useProducts(q);
  const storefront = useShopBannerAndFooter();

  const setParam = useCallback(
    (key: string, value: string) => {
      const next = new URLSearchParams(window.location.search);
      if (value) next.set(key, value);
      else next.delete(key);
      const qs = next.toString();
      navigate(`/shop${qs ? `?${qs}` : ""}`, { replace: true });
    },
    [navigate],
  );
  const onSearch = useCallback((value: string) => setParam("q", value), [setParam]);
  // "Show all products" empties the search box too (it follows the address).
  const clearSearch = () => setParam("q", "");

  const products = useMemo(() => sortProducts(productsQuery.data?.products ?? [], sort), [productsQuery.data, sort]);

  return (
    <div className="grid gap-6">
      <DocumentTitle title="Shop" />
      {storefront.data ? <ShopBanner html={storefront.data.shopBannerAndFooter.bannerHtml} /> : null}
      {storefront.isPending ? <Skeleton className="h-32 rounded-xl" /> : null}

      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="grid gap-0.5">
          <h1 className="font-semibold text-2xl tracking-tight">Shop</h1>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {productsQuery.isPending
              ? "Loading products…"
              : q
                ? `${pluralize(products.length, "product")} matching “${q}”`
                : `${pluralize(products.length, "product")} delivered with your next route stop`}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <ShopSearch query={q} onSearch={onSearch} />
          <div className="flex items-center gap-2">
            <label htmlFor="shop-sort" className="whitespace-nowrap text-muted-foreground text-sm">
              Sort by
            </label>
            <Select value={sort} onValueChange={(v) => setParam("sort", v === "featured" ? "" : v)}>
              <SelectTrigger id="shop-sort" className="h-9 w-44">
                <SelectValue>{SORTS[sort]}</SelectValue>
              </SelectTrigger>
              <SelectContent>
                {Object.entries(SORTS).map(([value, label]) => (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      </div>

      {productsQuery.isPending ? (
        <div
          className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4"
          role="status"
          aria-label="Loading products"
        >
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="grid gap-2 rounded-lg border bg-card p-0 pb-3">
              <Skeleton className="aspect-square rounded-b-none" />
              <Skeleton className="mx-3 h-4" />
              <Skeleton className="mx-3 h-4 w-1/2" />
              <Skeleton className="mx-3 h-8" />
            </div>
          ))}
        </div>
      ) : productsQuery.isError && !productsQuery.data ? (
        <QueryError
          error={productsQuery.error}
          title="We couldn't load the shop"
          onRetry={() => productsQuery.refetch()}
        />
      ) : products.length === 0 ? (
        <EmptyState
          icon={<SearchIcon aria-hidden="true" />}
          title={q ? `No products match “${q}”` : "No products yet"}
          description={q ? "Try another word, or browse everything we deliver." : "Check back soon."}
          action={
            q ? (
              <Button variant="outline" onClick={clearSearch}>
                Show all products
              </Button>
            ) : null
          }
          className="bg-card"
        />
      ) : (
        <section aria-label="Products" className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
          {products.map((p, i) => (
            // The first row (two columns on a phone, four on a desktop) is what the visitor sees first.
            <ProductCard key={p.id} product={p} priority={i < 4} />
          ))}
        </section>
      )}

      {storefront.data ? <ShopFooter html={storefront.data.shopBannerAndFooter.footerHtml} /> : null}
    </div>
  );
}
