import { cacheFor } from "../../db/read-cache.ts";
import type { Context } from "../../runtime.ts";

// The shop's public reads (product lists, one product, the storefront's banner and footer) are the same
// for every visitor of a branch: they are answered from a per-branch cache that any write to the tables
// they come from drops at once, in this container and, through Redis, in the others (db/read-cache.ts,
// docs/decisions/0400-cached-reads-and-invalidation.md). Stock, listings, prices, photos and the
// storefront change through team edits and orders, all of which write these tables.
/** The tables the shop's public reads come from. */
export const SHOP_CATALOGUE_MODELS = ["CatalogItem", "InventoryStock", "Warehouse", "ProductMedia", "StorefrontConfig"];

const shopCatalogue = {
  name: "shop-catalogue",
  models: SHOP_CATALOGUE_MODELS,
  ttlMs: 60_000,
  maxEntries: 200,
} as const;

/** `load`'s result for this branch and key, from the cache while nothing it reads from has changed. */
export function cachedShopRead<T>(ctx: Context, key: string, load: () => Promise<T>): Promise<T> {
  return cacheFor(ctx.runtime, shopCatalogue).get(ctx.branch.id, key, load);
}
