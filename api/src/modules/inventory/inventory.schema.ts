import type { ProductMedia, Warehouse } from "../../generated/prisma/client.ts";
import { builder, orKey, ResultRef } from "../../pothos/builder.ts";
import { ProductListingStatusEnum, SortDirectionEnum } from "../../pothos/enums.ts";
import {
  adjustInventoryStock,
  createWarehouse,
  deleteInventoryMedia,
  editInventoryItem,
  INVENTORY_SORTS,
  type InventoryItemRow,
  inventoryItem,
  inventoryItems,
  inventoryStock,
  itemMedia,
  listWarehouses,
  reorderInventoryMedia,
  type StockLevel,
  setInventoryItemPrices,
  stockOnHand,
  uploadInventoryMedia,
} from "./inventory.service.ts";

// Team inventory: warehouses, inventory stock, inventory items (paged), one item, media upload, editing
// an item, uploading, reordering and deleting its media. Reading needs any INVENTORY_* permission;
// details and photos INVENTORY_MANAGEMENT, prices INVENTORY_PRICING, stock INVENTORY_ADJUSTMENTS.

const VIEW = ["INVENTORY_VIEW", "INVENTORY_MANAGEMENT", "INVENTORY_PRICING", "INVENTORY_ADJUSTMENTS"] as const;

export const WarehouseRef = builder.objectRef<Warehouse>("Warehouse").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    externalId: t.exposeString("externalId"),
    inactive: t.exposeBoolean("inactive"),
  }),
});

export const ProductAttachmentRef = builder.objectRef<ProductMedia>("ProductAttachment").implement({
  description: "A photo of an inventory item, shown in the shop in sortOrder.",
  fields: (t) => ({
    id: t.exposeID("id"),
    baseUrl: t.exposeString("baseUrl", { description: "Where the file is served, without the extension." }),
    extension: t.exposeString("extension"),
    url: t.string({ resolve: (m) => `${m.baseUrl}.${m.extension}` }),
    fileName: t.exposeString("fileName"),
    sortOrder: t.exposeInt("sortOrder"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

export const InventoryStockLevelRef = builder.objectRef<StockLevel>("InventoryStockLevel").implement({
  fields: (t) => ({
    itemId: t.exposeID("itemId"),
    warehouse: t.field({ type: WarehouseRef, resolve: (s) => s.warehouse }),
    quantity: t.exposeInt("quantity"),
  }),
});

export const InventoryItemRef = builder.objectRef<InventoryItemRow>("InventoryItem").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    partNumber: t.exposeString("partNumber"),
    description: t.exposeString("description"),
    retailPriceCents: t.exposeInt("retailPriceCents"),
    salePriceCents: t.exposeInt("salePriceCents", {
      nullable: true,
      description: "Empty when the item is not on sale.",
    }),
    taxable: t.exposeBoolean("taxable"),
    inactive: t.exposeBoolean("inactive"),
    ecommerceStatus: t.expose("ecommerceStatus", { type: ProductListingStatusEnum }),
    eCommerceTitle: t.exposeString("eCommerceTitle"),
    eCommerceDescription: t.exposeString("eCommerceDescription"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    tracksStock: t.boolean({
      description: "Whether stock is kept: items sold by quantity do; services, rentals and fees (no quantity) do not.",
      resolve: (item) => item.canHaveQuantity,
    }),
    stockOnHand: t.int({
      description: "Total quantity over all warehouses.",
      resolve: (item, _a, ctx) => item.stockOnHand ?? stockOnHand(ctx, item.id),
    }),
    productAttachments: t.field({
      type: [ProductAttachmentRef],
      resolve: (item, _a, ctx) => item.media ?? itemMedia(ctx, item.id),
    }),
  }),
});

const InventoryItemsPageRef = builder
  .objectRef<{ items: InventoryItemRow[]; totalCount: number; skip: number; take: number }>("InventoryItemsPage")
  .implement({
    fields: (t) => ({
      items: t.field({ type: [InventoryItemRef], resolve: (p) => p.items }),
      totalCount: t.exposeInt("totalCount"),
      skip: t.exposeInt("skip"),
      take: t.exposeInt("take"),
    }),
  });

const InventorySortEnum = builder.enumType("InventoryItemSort", { values: INVENTORY_SORTS });

builder.queryFields((t) => ({
  warehouses: t.field({
    type: [WarehouseRef],
    authScopes: orKey({ anyPermission: [...VIEW] }),
    args: { includeInactive: t.arg.boolean({ required: false }) },
    resolve: (_r, a, ctx) => listWarehouses(ctx, a.includeInactive ?? false),
  }),
  inventoryStock: t.field({
    type: [InventoryStockLevelRef],
    description: "An item's stock in each warehouse.",
    authScopes: orKey({ anyPermission: [...VIEW] }),
    args: { itemId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => inventoryStock(ctx, a.itemId),
  }),
  inventoryItems: t.field({
    type: InventoryItemsPageRef,
    description:
      "Inventory items, paged (skip/take, take at most 100) and searchable by part number, description or title.",
    authScopes: orKey({ anyPermission: [...VIEW] }),
    args: {
      skip: t.arg.int({ required: false }),
      take: t.arg.int({ required: false }),
      search: t.arg.string({ required: false }),
      sortBy: t.arg({ type: InventorySortEnum, required: false }),
      sortDirection: t.arg({ type: SortDirectionEnum, required: false }),
      ecommerceStatus: t.arg({ type: ProductListingStatusEnum, required: false }),
      includeInactive: t.arg.boolean({ required: false }),
    },
    resolve: (_r, a, ctx) => inventoryItems(ctx, a),
  }),
  inventoryItem: t.field({
    type: InventoryItemRef,
    authScopes: orKey({ anyPermission: [...VIEW] }),
    args: { itemId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => inventoryItem(ctx, a.itemId),
  }),
}));

const EditInventoryItemInput = builder.inputType("EditInventoryItemInput", {
  description: "Fields left out stay as they are.",
  fields: (t) => ({
    itemId: t.id({ required: true }),
    partNumber: t.string(),
    description: t.string(),
    taxable: t.boolean(),
    inactive: t.boolean(),
    ecommerceStatus: t.field({ type: ProductListingStatusEnum }),
    eCommerceTitle: t.string(),
    eCommerceDescription: t.string(),
  }),
});

const SetInventoryItemPricesInput = builder.inputType("SetInventoryItemPricesInput", {
  fields: (t) => ({
    itemId: t.id({ required: true }),
    retailPriceCents: t.int({ required: true }),
    salePriceCents: t.int({ description: "Empty: not on sale. Must be lower than the retail price." }),
  }),
});

const AdjustInventoryStockInput = builder.inputType("AdjustInventoryStockInput", {
  description: "Either `change` (added, or removed when negative) or `newQuantity` (a count).",
  fields: (t) => ({
    itemId: t.id({ required: true }),
    warehouseId: t.id({ required: true }),
    change: t.int(),
    newQuantity: t.int(),
  }),
});

const UploadInventoryMediaInput = builder.inputType("UploadInventoryMediaInput", {
  fields: (t) => ({
    itemId: t.id({ required: true }),
    fileName: t.string(),
    dataBase64: t.string({
      required: true,
      description: "The file's bytes in base64 (a data: URL is accepted). PNG, JPEG, WebP or GIF, at most 5 MB.",
    }),
  }),
});

builder.mutationFields((t) => ({
  createWarehouse: t.field({
    type: WarehouseRef,
    authScopes: { permission: "INVENTORY_MANAGEMENT" },
    args: { name: t.arg.string({ required: true }), externalId: t.arg.string({ required: false }) },
    resolve: (_r, a, ctx) => createWarehouse(ctx, a),
  }),
  editInventoryItem: t.field({
    type: InventoryItemRef,
    description: "Details and shop listing of an item (prices: setInventoryItemPrices).",
    authScopes: { permission: "INVENTORY_MANAGEMENT" },
    args: { input: t.arg({ type: EditInventoryItemInput, required: true }) },
    resolve: (_r, { input }, ctx) => editInventoryItem(ctx, input),
  }),
  setInventoryItemPrices: t.field({
    type: InventoryItemRef,
    authScopes: { permission: "INVENTORY_PRICING" },
    args: { input: t.arg({ type: SetInventoryItemPricesInput, required: true }) },
    resolve: (_r, { input }, ctx) => setInventoryItemPrices(ctx, input),
  }),
  adjustInventoryStock: t.field({
    type: InventoryStockLevelRef,
    authScopes: { permission: "INVENTORY_ADJUSTMENTS" },
    args: { input: t.arg({ type: AdjustInventoryStockInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      adjustInventoryStock(ctx, {
        ...input,
        itemId: input.itemId,
        warehouseId: input.warehouseId,
      }),
  }),
  uploadInventoryMedia: t.field({
    type: ProductAttachmentRef,
    description: "Adds a photo to the end of an item's photos.",
    authScopes: { permission: "INVENTORY_MANAGEMENT" },
    args: { input: t.arg({ type: UploadInventoryMediaInput, required: true }) },
    resolve: (_r, { input }, ctx) => uploadInventoryMedia(ctx, input),
  }),
  reorderInventoryMedia: t.field({
    type: [ProductAttachmentRef],
    description: "Puts an item's photos in this order; the first is the shop's main photo.",
    authScopes: { permission: "INVENTORY_MANAGEMENT" },
    args: { itemId: t.arg.id({ required: true }), mediaIds: t.arg.idList({ required: true }) },
    resolve: (_r, a, ctx) => reorderInventoryMedia(ctx, { itemId: a.itemId, mediaIds: a.mediaIds }),
  }),
  deleteInventoryMedia: t.field({
    type: ResultRef,
    authScopes: { permission: "INVENTORY_MANAGEMENT" },
    args: { mediaId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await deleteInventoryMedia(ctx, a.mediaId);
      return { isSuccess: true, message: "Photo deleted." };
    },
  }),
}));
