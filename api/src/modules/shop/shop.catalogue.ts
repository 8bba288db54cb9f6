import { z } from "zod";
import { AppError } from "../../errors.ts";
import type { CatalogItem, ProductMedia } from "../../generated/prisma/client.ts";
import type { ProductListingStatus } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { LISTED } from "./shop.common.ts";
import { effectiveSalePrice, unitPriceOf } from "./shop.pricing.ts";
import { cachedShopRead } from "./shop-cache.ts";

// The storefront: its banner and footer, the listed products (searched by words) with their photos,
// prices and stock per warehouse.

export async function bannerAndFooter(ctx: Context) {
  return cachedShopRead(ctx, "storefront", async () => {
    const config = await ctx.db.storefrontConfig.findFirst({});
    return { bannerHtml: config?.bannerHtml ?? "", footerHtml: config?.footerHtml ?? "" };
  });
}

export type ShopMedia = { id: string; baseUrl: string; extension: string };

export type ShopProduct = {
  id: string;
  status: ProductListingStatus;
  title: string;
  description: string;
  partNumber: string;
  unitPrice: number;
  salePrice: number | null;
  price: number;
  taxable: boolean;
  purchasable: boolean;
  stock: number;
  media: ShopMedia[];
};

export type WarehouseStock = { warehouseId: string; warehouseName: string; quantity: number };

export type StockQuantity = { itemId: string; quantity: number; warehouses: WarehouseStock[] };

const titleOf = (item: Pick<CatalogItem, "eCommerceTitle" | "description">) =>
  item.eCommerceTitle.trim() || item.description;

/** Stock per item from inventory: the sum over active warehouses, each counted from zero up. */
export async function stockFor(ctx: Context, itemIds: string[]): Promise<Map<string, StockQuantity>> {
  const out = new Map<string, StockQuantity>(
    itemIds.map((itemId) => [itemId, { itemId, quantity: 0, warehouses: [] }]),
  );
  if (!itemIds.length) return out;
  const rows = await ctx.db.inventoryStock.findMany({
    where: { catalogItemId: { in: itemIds }, warehouse: { inactive: false } },
    select: { catalogItemId: true, quantity: true, warehouse: { select: { id: true, name: true } } },
  });
  rows.sort((a, b) => a.warehouse.name.localeCompare(b.warehouse.name));
  for (const r of rows) {
    const s = out.get(r.catalogItemId);
    if (!s) continue;
    const q = Math.max(0, r.quantity);
    s.quantity += q;
    s.warehouses.push({ warehouseId: r.warehouse.id, warehouseName: r.warehouse.name, quantity: q });
  }
  return out;
}

export async function stockQuantities(ctx: Context, itemIds: string[]): Promise<StockQuantity[]> {
  const ids = [...new Set(itemIds)].slice(0, 200);
  const listed = await ctx.db.catalogItem.findMany({
    where: { id: { in: ids }, inactive: false, ecommerceStatus: { in: LISTED } },
    select: { id: true },
  });
  const stock = await stockFor(
    ctx,
    listed.map((i) => i.id),
  );
  return ids.filter((id) => stock.has(id)).map((id) => stock.get(id)!);
}

export async function toProducts(ctx: Context, items: CatalogItem[]): Promise<ShopProduct[]> {
  const ids = items.map((i) => i.id);
  const [stock, media] = await Promise.all([
    stockFor(ctx, ids),
    ids.length
      ? ctx.db.productMedia.findMany({
          where: { catalogItemId: { in: ids } },
          orderBy: [{ sortOrder: "asc" }, { createdAt: "asc" }],
        })
      : Promise.resolve([] as ProductMedia[]),
  ]);
  return items.map((item) => ({
    id: item.id,
    status: item.ecommerceStatus,
    title: titleOf(item),
    description: item.eCommerceDescription,
    partNumber: item.partNumber,
    unitPrice: item.retailPriceCents,
    salePrice: effectiveSalePrice(item),
    price: unitPriceOf(item),
    taxable: item.taxable,
    purchasable: item.ecommerceStatus === "LISTED_AND_PURCHASABLE",
    stock: stock.get(item.id)?.quantity ?? 0,
    media: media
      .filter((m) => m.catalogItemId === item.id)
      .map((m) => ({ id: m.id, baseUrl: m.baseUrl, extension: m.extension })),
  }));
}

const searchInput = z.string().trim().max(100, "Search at most 100 characters.");

/** The branch's listed products (purchasable or not), by title; `search` matches every word. */
export async function products(ctx: Context, search?: string | null): Promise<ShopProduct[]> {
  const words = parseInput(searchInput, search ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  return cachedShopRead(ctx, `products:${words.join(" ")}`, () => listProducts(ctx, words));
}

async function listProducts(ctx: Context, words: string[]): Promise<ShopProduct[]> {
  const items = await ctx.db.catalogItem.findMany({
    where: {
      inactive: false,
      ecommerceStatus: { in: LISTED },
      AND: words.map((w) => ({
        OR: [
          { eCommerceTitle: { contains: w, mode: "insensitive" as const } },
          { description: { contains: w, mode: "insensitive" as const } },
          { eCommerceDescription: { contains: w, mode: "insensitive" as const } },
          { partNumber: { contains: w, mode: "insensitive" as const } },
        ],
      })),
    },
  });
  const list = await toProducts(ctx, items);
  return list.sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
}

/** One listed product; anything else (unlisted, inactive, another branch's) is not found. */
export async function product(ctx: Context, id: string): Promise<ShopProduct> {
  return cachedShopRead(ctx, `product:${id}`, async () => {
    const item = await ctx.db.catalogItem.findFirst({
      where: { id, inactive: false, ecommerceStatus: { in: LISTED } },
    });
    if (!item) throw new AppError("NOT_FOUND", "Product not found.");
    return (await toProducts(ctx, [item]))[0]!;
  });
}
