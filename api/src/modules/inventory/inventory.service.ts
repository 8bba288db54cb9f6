import { z } from "zod";
import { AppError, badInput } from "../../errors.ts";
import type { CatalogItem, ProductMedia, Warehouse } from "../../generated/prisma/client.ts";
import type { ProductListingStatus } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { deleteStoredMedia, saveUploadedImage } from "../media/media.service.ts";

// Inventory items (CatalogItem), their stock per warehouse, prices, shop listing and photos. Every
// read and write goes through ctx.db, so another branch's ids read as "not found".

/** An item as the API returns it; the list preloads stock totals and photos for its page. */
export type InventoryItemRow = CatalogItem & { stockOnHand?: number; media?: ProductMedia[] };

export const MAX_PHOTOS_PER_ITEM = 12;
const MAX_PRICE_CENTS = 100_000_000; // $1,000,000.00

async function requireItem(ctx: Context, itemId: string): Promise<CatalogItem> {
  const item = await ctx.db.catalogItem.findUnique({ where: { id: itemId } });
  if (!item) throw new AppError("NOT_FOUND", "Inventory item not found.");
  return item;
}

// ───────────── warehouses and stock ─────────────

export function listWarehouses(ctx: Context, includeInactive = false): Promise<Warehouse[]> {
  return ctx.db.warehouse.findMany({ where: includeInactive ? {} : { inactive: false }, orderBy: { name: "asc" } });
}

const warehouseName = z
  .string()
  .trim()
  .min(1, "Warehouse name is required.")
  .max(80, "Warehouse name must be at most 80 characters.");

export async function createWarehouse(ctx: Context, input: { name: string; externalId?: string | null }) {
  const name = parseInput(warehouseName, input.name);
  const existing = await ctx.db.warehouse.findFirst({ where: { name: { equals: name, mode: "insensitive" } } });
  if (existing) throw new AppError("CONFLICT", `A warehouse named "${existing.name}" already exists.`);
  return ctx.db.warehouse.create({
    data: { branchId: ctx.branch.id, name, externalId: (input.externalId ?? "").trim() },
  });
}

export type StockLevel = { warehouse: Warehouse; itemId: string; quantity: number };

/** One row per active warehouse (quantity 0 where the item has never been stocked there). */
export async function inventoryStock(ctx: Context, itemId: string): Promise<StockLevel[]> {
  await requireItem(ctx, itemId);
  const [warehouses, rows] = await Promise.all([
    ctx.db.warehouse.findMany({ orderBy: { name: "asc" } }),
    ctx.db.inventoryStock.findMany({ where: { catalogItemId: itemId } }),
  ]);
  const byWarehouse = new Map(rows.map((r) => [r.warehouseId, r.quantity]));
  return warehouses
    .filter((w) => !w.inactive || (byWarehouse.get(w.id) ?? 0) !== 0)
    .map((warehouse) => ({ warehouse, itemId, quantity: byWarehouse.get(warehouse.id) ?? 0 }));
}

const adjustInput = z
  .object({
    itemId: z.string().min(1),
    warehouseId: z.string().min(1),
    change: z.number().int("The change must be a whole number.").nullish(),
    newQuantity: z.number().int("The new quantity must be a whole number.").nullish(),
  })
  .refine((v) => (v.change == null) !== (v.newQuantity == null), "Give either a change or a new quantity.")
  .refine((v) => v.change == null || v.change !== 0, "The change can't be zero.")
  .refine((v) => v.newQuantity == null || v.newQuantity >= 0, "The new quantity must be zero or more.")
  .refine(
    (v) => Math.abs(v.change ?? 0) <= 1_000_000 && (v.newQuantity ?? 0) <= 1_000_000,
    "Quantities are limited to 1,000,000.",
  );

/** Adds to / removes from an item's stock in one warehouse, or sets it to a counted quantity. */
export async function adjustInventoryStock(
  ctx: Context,
  input: { itemId: string; warehouseId: string; change?: number | null; newQuantity?: number | null },
): Promise<StockLevel> {
  const v = parseInput(adjustInput, input);
  await requireItem(ctx, v.itemId);
  const warehouse = await ctx.db.warehouse.findUnique({ where: { id: v.warehouseId } });
  if (!warehouse) throw new AppError("NOT_FOUND", "Warehouse not found.");
  return ctx.db.$transaction(async (tx) => {
    const key = { warehouseId_catalogItemId: { warehouseId: v.warehouseId, catalogItemId: v.itemId } };
    const current = await tx.inventoryStock.findUnique({ where: key });
    const quantity = v.newQuantity ?? (current?.quantity ?? 0) + (v.change ?? 0);
    if (quantity < 0)
      throw badInput(`Only ${current?.quantity ?? 0} in stock at ${warehouse.name}: the stock can't go below zero.`);
    const row = current
      ? await tx.inventoryStock.update({ where: key, data: { quantity } })
      : await tx.inventoryStock.create({
          data: { branchId: ctx.branch.id, warehouseId: v.warehouseId, catalogItemId: v.itemId, quantity },
        });
    return { warehouse, itemId: v.itemId, quantity: row.quantity };
  });
}

// ───────────── items ─────────────

export const INVENTORY_SORTS = ["PART_NUMBER", "DESCRIPTION", "TITLE", "RETAIL_PRICE", "STATUS", "CREATED"] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

const sortColumn: Record<InventorySort, keyof CatalogItem> = {
  PART_NUMBER: "partNumber",
  DESCRIPTION: "description",
  TITLE: "eCommerceTitle",
  RETAIL_PRICE: "retailPriceCents",
  STATUS: "ecommerceStatus",
  CREATED: "createdAt",
};

const listInput = z.object({
  skip: z.number().int().min(0, "skip must be zero or more.").default(0),
  take: z.number().int().min(1, "take must be at least 1.").max(100, "take must be at most 100.").default(25),
  search: z.string().trim().max(100, "Search at most 100 characters.").default(""),
  sortBy: z.enum(INVENTORY_SORTS).default("PART_NUMBER"),
  sortDirection: z.enum(["ASC", "DESC"]).default("ASC"),
  ecommerceStatus: z.enum(["LISTED_AND_PURCHASABLE", "LISTED_BUT_NOT_PURCHASABLE", "NOT_LISTED"]).nullish(),
  includeInactive: z.boolean().default(false),
});

export type InventoryListInput = {
  skip?: number | null;
  take?: number | null;
  search?: string | null;
  sortBy?: InventorySort | null;
  sortDirection?: "ASC" | "DESC" | null;
  ecommerceStatus?: ProductListingStatus | null;
  includeInactive?: boolean | null;
};

/** A page of items (server-side paging, sorting and search by part number, description or title). */
export async function inventoryItems(ctx: Context, input: InventoryListInput) {
  const v = parseInput(listInput, withoutNulls(input));
  const where = {
    ...(v.includeInactive ? {} : { inactive: false }),
    ...(v.ecommerceStatus ? { ecommerceStatus: v.ecommerceStatus } : {}),
    ...(v.search
      ? {
          OR: [
            { partNumber: { contains: v.search, mode: "insensitive" as const } },
            { description: { contains: v.search, mode: "insensitive" as const } },
            { eCommerceTitle: { contains: v.search, mode: "insensitive" as const } },
          ],
        }
      : {}),
  };
  const direction = v.sortDirection === "ASC" ? ("asc" as const) : ("desc" as const);
  const [rows, totalCount] = await Promise.all([
    ctx.db.catalogItem.findMany({
      where,
      orderBy: [{ [sortColumn[v.sortBy]]: direction }, { partNumber: "asc" }, { id: "asc" }],
      skip: v.skip,
      take: v.take,
    }),
    ctx.db.catalogItem.count({ where }),
  ]);
  const ids = rows.map((r) => r.id);
  const [stock, media] = ids.length
    ? await Promise.all([
        ctx.db.inventoryStock.groupBy({
          by: ["catalogItemId"],
          where: { catalogItemId: { in: ids } },
          _sum: { quantity: true },
        }),
        ctx.db.productMedia.findMany({
          where: { catalogItemId: { in: ids } },
          orderBy: [{ sortOrder: "asc" }, { createdAt: "asc" }],
        }),
      ])
    : [[], []];
  const stockBy = new Map(stock.map((s) => [s.catalogItemId, s._sum.quantity ?? 0]));
  const items: InventoryItemRow[] = rows.map((r) => ({
    ...r,
    stockOnHand: stockBy.get(r.id) ?? 0,
    media: media.filter((m) => m.catalogItemId === r.id),
  }));
  return { items, totalCount, skip: v.skip, take: v.take };
}

export async function inventoryItem(ctx: Context, itemId: string): Promise<InventoryItemRow> {
  return requireItem(ctx, itemId);
}

export async function stockOnHand(ctx: Context, itemId: string): Promise<number> {
  const r = await ctx.db.inventoryStock.aggregate({ where: { catalogItemId: itemId }, _sum: { quantity: true } });
  return r._sum.quantity ?? 0;
}

export function itemMedia(ctx: Context, itemId: string): Promise<ProductMedia[]> {
  return ctx.db.productMedia.findMany({
    where: { catalogItemId: itemId },
    orderBy: [{ sortOrder: "asc" }, { createdAt: "asc" }],
  });
}

const editInput = z
  .object({
    itemId: z.string().min(1),
    partNumber: z
      .string()
      .trim()
      .min(1, "Part number is required.")
      .max(40, "Part number must be at most 40 characters.")
      .optional(),
    description: z
      .string()
      .trim()
      .min(1, "Description is required.")
      .max(200, "Description must be at most 200 characters.")
      .optional(),
    taxable: z.boolean().optional(),
    inactive: z.boolean().optional(),
    ecommerceStatus: z.enum(["LISTED_AND_PURCHASABLE", "LISTED_BUT_NOT_PURCHASABLE", "NOT_LISTED"]).optional(),
    eCommerceTitle: z.string().trim().max(120, "Shop title must be at most 120 characters.").optional(),
    eCommerceDescription: z.string().trim().max(4000, "Shop description must be at most 4,000 characters.").optional(),
  })
  .strict();

export type EditInventoryItemInput = {
  itemId: string;
  partNumber?: string | null;
  description?: string | null;
  taxable?: boolean | null;
  inactive?: boolean | null;
  ecommerceStatus?: ProductListingStatus | null;
  eCommerceTitle?: string | null;
  eCommerceDescription?: string | null;
};

/** Details and shop listing. Fields left out (or null) stay as they are. Prices: setInventoryItemPrices. */
export async function editInventoryItem(ctx: Context, input: EditInventoryItemInput): Promise<InventoryItemRow> {
  const v = parseInput(editInput, withoutNulls(input));
  const item = await requireItem(ctx, v.itemId);
  const next = { ...item, ...v };
  if (next.ecommerceStatus !== "NOT_LISTED" && !next.eCommerceTitle.trim())
    throw badInput("A shop title is required to list an item in the shop.");
  if (next.ecommerceStatus !== "NOT_LISTED" && next.inactive)
    throw badInput("An inactive item can't be listed in the shop.");
  if (v.partNumber && v.partNumber !== item.partNumber) {
    const clash = await ctx.db.catalogItem.findFirst({ where: { partNumber: v.partNumber, id: { not: item.id } } });
    if (clash) throw new AppError("CONFLICT", `Part number ${v.partNumber} is already used by another item.`);
  }
  const { itemId, ...data } = v;
  return ctx.db.catalogItem.update({ where: { id: itemId }, data });
}

const priceInput = z
  .object({
    itemId: z.string().min(1),
    retailPriceCents: z
      .number({ error: "Retail price is required." })
      .int("Prices are in whole cents.")
      .min(0, "Retail price must be zero or more.")
      .max(MAX_PRICE_CENTS, "Retail price must be at most $1,000,000.00."),
    salePriceCents: z
      .number()
      .int("Prices are in whole cents.")
      .min(0, "Sale price must be zero or more.")
      .max(MAX_PRICE_CENTS, "Sale price must be at most $1,000,000.00.")
      .nullable(),
  })
  .refine(
    (v) => v.salePriceCents === null || v.salePriceCents < v.retailPriceCents,
    "Sale price must be lower than the retail price (leave it empty for no sale).",
  );

/** Retail price and optional sale price, in cents. A null sale price ends the sale. */
export async function setInventoryItemPrices(
  ctx: Context,
  input: { itemId: string; retailPriceCents: number; salePriceCents?: number | null },
): Promise<InventoryItemRow> {
  const v = parseInput(priceInput, { ...input, salePriceCents: input.salePriceCents ?? null });
  await requireItem(ctx, v.itemId);
  return ctx.db.catalogItem.update({
    where: { id: v.itemId },
    data: { retailPriceCents: v.retailPriceCents, salePriceCents: v.salePriceCents },
  });
}

// ───────────── uploads and photos ─────────────

export async function uploadInventoryMedia(
  ctx: Context,
  input: { itemId: string; fileName?: string | null; dataBase64: string },
): Promise<ProductMedia> {
  await requireItem(ctx, input.itemId);
  const count = await ctx.db.productMedia.count({ where: { catalogItemId: input.itemId } });
  if (count >= MAX_PHOTOS_PER_ITEM)
    throw badInput(`An item can have at most ${MAX_PHOTOS_PER_ITEM} photos. Delete one first.`);
  const saved = await saveUploadedImage(ctx, input);
  const last = await ctx.db.productMedia.aggregate({
    where: { catalogItemId: input.itemId },
    _max: { sortOrder: true },
  });
  return ctx.db.productMedia.create({
    data: {
      branchId: ctx.branch.id,
      catalogItemId: input.itemId,
      baseUrl: saved.baseUrl,
      extension: saved.extension,
      fileName: saved.fileName,
      sortOrder: (last._max.sortOrder ?? -1) + 1,
    },
  });
}

/** Puts an item's photos in the given order (every photo of the item, each once). */
export async function reorderInventoryMedia(ctx: Context, input: { itemId: string; mediaIds: string[] }) {
  await requireItem(ctx, input.itemId);
  const media = await itemMedia(ctx, input.itemId);
  const ids = input.mediaIds;
  const known = new Set(media.map((m) => m.id));
  if (ids.some((id) => !known.has(id))) throw new AppError("NOT_FOUND", "Photo not found on this item.");
  if (new Set(ids).size !== ids.length || ids.length !== media.length)
    throw badInput("List every photo of the item exactly once.");
  await ctx.db.$transaction(
    ids.map((id, sortOrder) => ctx.db.productMedia.update({ where: { id }, data: { sortOrder } })),
  );
  return itemMedia(ctx, input.itemId);
}

/** The storage key of a media row: "/media/<hex>" + "png" -> "<hex>.png" (null for outside URLs). */
export function mediaKey(m: Pick<ProductMedia, "baseUrl" | "extension">): string | null {
  const match = /^\/media\/([a-f0-9]{32})$/.exec(m.baseUrl);
  return match ? `${match[1]}.${m.extension}` : null;
}

export async function deleteInventoryMedia(ctx: Context, mediaId: string) {
  const media = await ctx.db.productMedia.findUnique({ where: { id: mediaId } });
  if (!media) throw new AppError("NOT_FOUND", "Photo not found.");
  await ctx.db.productMedia.delete({ where: { id: mediaId } });
  const key = mediaKey(media);
  if (key) await deleteStoredMedia(ctx, key);
  return media;
}
