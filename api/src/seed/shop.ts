import { createHash } from "node:crypto";
import { historyShiftMs } from "../db/seed-clock.ts";
import { insertRows } from "../db/seed-tools.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { SHOP_ITEMS } from "./shop-items.ts";

// The demo branch's shop: a catalogue (existing catalog items get their shop titles and descriptions,
// new items are added), product photos (flat SVG illustrations in web/public/shop-assets/<slug>.svg),
// two warehouses with stock, the storefront configuration, and three past online orders of customer
// 100001 with their (posted) work orders.
//
// Runs inside seedDemo's transaction, after the main rows. Deterministic: every id is derived from a
// name, every date is fixed before the main seed's reference date (21 November 2026). The past orders
// are prepaid and add no billing transactions, so 100001's balance and statements stay as seeded.

type Tx = Prisma.TransactionClient;

/** A stable version-5-style UUID from a name. */
export function shopSeedId(name: string): string {
  const h = createHash("sha1").update(`routewater-shop-seed:${name}`).digest("hex");
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const WAREHOUSES = [
  { key: "main", name: "Main Warehouse", externalId: "WH-01" },
  { key: "depot", name: "Round Rock Depot", externalId: "WH-02" },
] as const;

const STOREFRONT = {
  bannerHtml:
    "<h2>Fresh water and supplies, delivered with your next route stop</h2><p>Order today and we'll bring it with your next scheduled delivery. Flat $5.00 shipping per order.</p>",
  footerHtml:
    '<p><strong>Questions about an order?</strong> Call us at (512) 555-0100, Monday&ndash;Friday 8 AM&ndash;5 PM, or email <a href="mailto:shop@demo-water.example">shop@demo-water.example</a>.</p><p>Prices are shown before sales tax. Bottle deposits are billed separately on your next statement.</p>',
  websiteTitle: "Demo Water Co. Shop",
  websiteDescription: "Spring water, dispensers, coffee, filters and softener salt, delivered in Austin.",
  contactEmail: "shop@demo-water.example",
  shippingCents: 500,
  shippingTaxable: false,
};

/** Past orders of 100001: placed a few days before one of its route days, delivered that day. */
const PAST_ORDERS = [
  {
    number: "1001",
    placed: "2026-09-09T15:42:00Z",
    delivered: "2026-09-14",
    lines: [
      ["CUP-SLEEVE", 2],
      ["COFFEE-HOUSE", 1],
    ],
  },
  {
    number: "1002",
    placed: "2026-10-07T19:05:00Z",
    delivered: "2026-10-12",
    lines: [
      ["FLT-CARB-10", 2],
      ["COFFEE-FILTER", 1],
      ["TEA-ASSORT", 1],
    ],
  },
  {
    number: "1003",
    placed: "2026-11-04T13:18:00Z",
    delivered: "2026-11-09",
    lines: [
      ["CASE-16OZ", 2],
      ["DISP-CROCK", 1],
    ],
  },
] as const;

const TAX_BASIS_POINTS = 825;
const tax = (amount: number, taxable: boolean) =>
  taxable ? Math.floor((amount * TAX_BASIS_POINTS) / 10_000 + 0.5) : 0;

export async function seedShop(tx: Tx): Promise<void> {
  const demo = await tx.branch.findUnique({ where: { host: "demo" } });
  if (!demo) return;
  const branchId = demo.id;
  const at = new Date("2024-01-08T15:00:00Z");

  // ── catalogue ──
  const existing = await tx.catalogItem.findMany({ where: { branchId } });
  const byPart = new Map(existing.map((i) => [i.partNumber, i]));
  const newItems: Prisma.CatalogItemCreateManyInput[] = [];
  const itemIds = new Map<string, { id: string; price: number; taxable: boolean; title: string }>();
  for (const spec of SHOP_ITEMS) {
    const current = byPart.get(spec.part);
    const title = spec.title ?? "";
    if (current) {
      await tx.catalogItem.update({
        where: { id: current.id },
        data: {
          ecommerceStatus: spec.status,
          eCommerceTitle: title,
          eCommerceDescription: spec.text ?? current.eCommerceDescription,
          ...(spec.salePrice !== undefined ? { salePriceCents: spec.salePrice } : {}),
        },
      });
      const sale = spec.salePrice ?? current.salePriceCents;
      itemIds.set(spec.part, {
        id: current.id,
        price: sale !== null && sale < current.retailPriceCents ? sale : current.retailPriceCents,
        taxable: current.taxable,
        title: title || current.description,
      });
    } else if (spec.create) {
      const id = shopSeedId(`item:${spec.part}`);
      newItems.push({
        id,
        branchId,
        partNumber: spec.part,
        description: spec.create.description,
        retailPriceCents: spec.create.price,
        salePriceCents: spec.salePrice ?? null,
        taxable: spec.create.taxable,
        canHaveQuantity: true,
        ecommerceStatus: spec.status,
        eCommerceTitle: title,
        eCommerceDescription: spec.text ?? "",
        inactive: false,
        createdAt: at,
      });
      itemIds.set(spec.part, {
        id,
        price: spec.create.price,
        taxable: spec.create.taxable,
        title: title || spec.create.description,
      });
    }
  }
  await insertRows(tx, "CatalogItem", newItems);

  // ── photos ──
  const media: Prisma.ProductMediaCreateManyInput[] = [];
  for (const spec of SHOP_ITEMS) {
    const item = itemIds.get(spec.part);
    if (!item) continue;
    (spec.images ?? []).forEach((slug, i) => {
      media.push({
        id: shopSeedId(`media:${slug}`),
        branchId,
        catalogItemId: item.id,
        baseUrl: `/shop-assets/${slug}`,
        extension: "svg",
        fileName: `${slug}.svg`,
        sortOrder: i,
        createdAt: at,
      });
    });
  }
  await insertRows(tx, "ProductMedia", media);

  // ── warehouses and stock ──
  const warehouseIds = WAREHOUSES.map((w) => shopSeedId(`warehouse:${w.key}`));
  await insertRows(
    tx,
    "Warehouse",
    WAREHOUSES.map((w, i) => ({
      id: warehouseIds[i],
      branchId,
      name: w.name,
      externalId: w.externalId,
      inactive: false,
    })),
  );
  const stock: Prisma.InventoryStockCreateManyInput[] = [];
  for (const spec of SHOP_ITEMS) {
    const item = itemIds.get(spec.part);
    if (!item || !spec.stock) continue;
    spec.stock.forEach((quantity, i) => {
      stock.push({
        id: shopSeedId(`stock:${spec.part}:${i}`),
        branchId,
        warehouseId: warehouseIds[i]!,
        catalogItemId: item.id,
        quantity,
      });
    });
  }
  await insertRows(tx, "InventoryStock", stock);

  // ── storefront ──
  await insertRows(tx, "StorefrontConfig", [
    { id: shopSeedId("storefront"), branchId, ...STOREFRONT, updatedAt: new Date("2026-09-01T14:00:00Z") },
  ]);

  // ── past orders of 100001 ──
  const customer = await tx.customer.findUnique({
    where: { branchId_accountNumber: { branchId, accountNumber: "100001" } },
  });
  if (!customer) return;
  const address = await tx.serviceAddress.findFirst({
    where: { customerId: customer.id },
    orderBy: { createdAt: "asc" },
  });
  const user = await tx.user.findUnique({ where: { branchId_email: { branchId, email: "customer@demo.test" } } });
  const card = await tx.paymentAccount.findFirst({ where: { customerId: customer.id, isDefault: true } });
  if (!address) return;
  const maxWork = await tx.workOrder.aggregate({ where: { branchId }, _max: { number: true } });
  let workNumber = maxWork._max.number ?? 5000;

  const workOrders: Prisma.WorkOrderCreateManyInput[] = [];
  const billingItems: Prisma.BillingItemCreateManyInput[] = [];
  const orders: Prisma.OnlineOrderCreateManyInput[] = [];
  const lines: Prisma.OnlineOrderLineCreateManyInput[] = [];
  const attempts: Prisma.PaymentAttemptCreateManyInput[] = [];
  const shipping = STOREFRONT.shippingCents;
  const shift = historyShiftMs("America/Chicago");
  for (const o of PAST_ORDERS) {
    const orderId = shopSeedId(`order:${o.number}`);
    const workOrderId = shopSeedId(`order-work:${o.number}`);
    const attemptId = shopSeedId(`order-payment:${o.number}`);
    // Written around the history's reference date and moved with it (seed-clock.ts).
    const placed = new Date(Date.parse(o.placed) + shift);
    const delivered = new Date(Date.parse(`${o.delivered}T00:00:00Z`) + shift);
    const posted = new Date(Date.parse(`${o.delivered}T21:35:00Z`) + shift);
    const priced = o.lines.map(([part, quantity]) => {
      const item = itemIds.get(part)!;
      const amount = item.price * quantity;
      return { part, quantity, item, amount, tax: tax(amount, item.taxable) };
    });
    const subtotal = priced.reduce((s, l) => s + l.amount, 0);
    const taxCents = priced.reduce((s, l) => s + l.tax, 0);
    const total = subtotal + taxCents + shipping;
    workNumber += 1;
    workOrders.push({
      id: workOrderId,
      branchId,
      number: workNumber,
      customerId: customer.id,
      serviceAddressId: address.id,
      workType: "WORK_ORDER",
      name: `Online order #${o.number}`,
      scheduledDate: delivered,
      purchaseOrderId: null,
      isOpen: false,
      status: "ACTIVE",
      postedAt: posted,
      syncing: false,
      createdByUserId: user?.id ?? null,
      source: "SHOP",
      createdAt: placed,
      updatedAt: posted,
    });
    priced.forEach((l, i) => {
      billingItems.push({
        id: shopSeedId(`order-billing:${o.number}:${i}`),
        branchId,
        workOrderId,
        catalogItemId: l.item.id,
        parentId: null,
        name: l.item.title,
        quantity: l.quantity,
        prepayQuantity: l.quantity,
        unitPriceCents: l.item.price,
        amountCents: l.amount,
        taxCents: l.tax,
        canEdit: false,
      });
      lines.push({
        id: shopSeedId(`order-line:${o.number}:${i}`),
        branchId,
        orderId,
        itemId: l.item.id,
        title: l.item.title,
        quantity: l.quantity,
        unitPriceCents: l.item.price,
        amountCents: l.amount,
        salesTaxCents: l.tax,
      });
    });
    billingItems.push({
      id: shopSeedId(`order-billing:${o.number}:shipping`),
      branchId,
      workOrderId,
      catalogItemId: null,
      parentId: null,
      name: "Shipping",
      quantity: 1,
      prepayQuantity: 1,
      unitPriceCents: shipping,
      amountCents: shipping,
      taxCents: 0,
      canEdit: false,
    });
    if (card) {
      attempts.push({
        id: attemptId,
        branchId,
        customerId: customer.id,
        idempotencyKey: `shop-order:seed-${o.number}`,
        source: "SHOP",
        amountCents: total,
        result: "SUCCESS",
        responseText: "APPROVED",
        gatewayTransactionId: `sandbox-${o.number}${o.delivered.replaceAll("-", "")}`,
        avsResult: "Y",
        cvvResult: "M",
        paymentAccountId: card.id,
        maskedAccountNumber: card.maskedAccountNumber,
        transactionId: null,
        invoiceIds: [],
        voidedAt: null,
        createdByUserId: user?.id ?? null,
        createdAt: placed,
      });
    }
    orders.push({
      id: orderId,
      branchId,
      number: o.number,
      customerId: customer.id,
      serviceAddressId: address.id,
      workOrderId,
      purchaseOrderId: null,
      clientCartId: shopSeedId(`order-cart:${o.number}`),
      userId: user?.id ?? null,
      status: "COMPLETED",
      scheduledDate: delivered,
      completedDate: delivered,
      subtotalCents: subtotal,
      taxCents,
      shippingCents: shipping,
      shippingTaxCents: 0,
      totalCents: total,
      paymentAttemptId: card ? attemptId : null,
      invoiceId: null,
      surchargeWaived: false,
      createdAt: placed,
    });
  }
  await insertRows(tx, "WorkOrder", workOrders);
  await insertRows(tx, "BillingItem", billingItems);
  await insertRows(tx, "PaymentAttempt", attempts);
  await insertRows(tx, "OnlineOrder", orders);
  await insertRows(tx, "OnlineOrderLine", lines);
}
