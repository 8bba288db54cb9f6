import { createHash } from "node:crypto";
import type { Prisma } from "../generated/prisma/client.ts";
import { historyShiftMs } from "./seed-clock.ts";
import { insertRows } from "./seed-tools.ts";

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

type Status = "LISTED_AND_PURCHASABLE" | "LISTED_BUT_NOT_PURCHASABLE" | "NOT_LISTED";

type ShopItem = {
  part: string;
  /** Only for items the main seed does not create. */
  create?: { description: string; price: number; taxable: boolean };
  status: Status;
  title?: string;
  text?: string;
  salePrice?: number | null;
  /** Photos: slugs of web/public/shop-assets/<slug>.svg, first one is the main photo. */
  images?: string[];
  /** Stock in the main warehouse and at the depot. */
  stock?: [number, number];
};

export const SHOP_ITEMS: ShopItem[] = [
  {
    part: "5G-SPRING",
    status: "LISTED_AND_PURCHASABLE",
    title: "5 Gallon Spring Water",
    text: "Naturally filtered Texas Hill Country spring water in a reusable, BPA-free 5 gallon bottle. Crisp, clean taste with naturally occurring minerals. Fits every top-load and bottom-load dispenser. The refundable bottle deposit is billed separately.",
    images: ["5g-spring-water", "5g-spring-water-pair"],
    stock: [240, 96],
  },
  {
    part: "5G-DISTILLED",
    status: "LISTED_AND_PURCHASABLE",
    title: "5 Gallon Distilled Water",
    text: "Steam-distilled water with the minerals removed: the right choice for CPAP machines, humidifiers, irons, aquariums and baby formula.",
    images: ["5g-distilled-water"],
    stock: [80, 30],
  },
  {
    part: "3G-SPRING",
    status: "LISTED_AND_PURCHASABLE",
    title: "3 Gallon Spring Water",
    text: "The same spring water in a lighter 3 gallon bottle that is easier to lift onto a top-load dispenser.",
    images: ["3g-spring-water"],
    stock: [60, 24],
  },
  {
    part: "5G-ALKALINE",
    status: "LISTED_AND_PURCHASABLE",
    title: "5 Gallon Alkaline Water",
    text: "Purified water with added electrolytes for a smooth taste, pH 9.5.",
    images: ["5g-alkaline-water"],
    stock: [45, 12],
  },
  {
    part: "CASE-16OZ",
    status: "LISTED_AND_PURCHASABLE",
    title: "Spring Water 16.9 oz, Case of 24",
    text: "Twenty-four 16.9 oz bottles of our spring water for the car, the gym bag and the office fridge.",
    salePrice: 799,
    images: ["spring-water-case"],
    stock: [150, 60],
  },
  {
    part: "CUP-SLEEVE",
    status: "LISTED_AND_PURCHASABLE",
    title: "Paper Cups, 7 oz (50)",
    text: "A sleeve of fifty 7 oz paper cups that fit the cup holder on our dispensers.",
    images: ["paper-cups"],
    stock: [300, 120],
  },
  {
    part: "CUP-CONE",
    create: { description: "Cone Cups, 4 oz (200)", price: 595, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "Cone Cups, 4 oz (200)",
    text: "Two hundred classic paper cone cups for cone-cup dispensers at the office cooler.",
    images: ["cone-cups"],
    stock: [90, 40],
  },
  {
    part: "DISP-HC-SALE",
    status: "LISTED_AND_PURCHASABLE",
    title: "Hot & Cold Water Dispenser",
    text: "Top-load dispenser with piping hot water for tea and cold water on tap. Child-safety lock on the hot tap, removable drip tray, energy-saving switches. One-year warranty; our drivers set it up on delivery.",
    salePrice: 16900,
    images: ["hot-cold-dispenser", "hot-cold-dispenser-taps"],
    stock: [8, 3],
  },
  {
    part: "DISP-BL-SALE",
    create: { description: "Bottom-Load Water Dispenser", price: 27900, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "Bottom-Load Water Dispenser",
    text: "No more lifting: the bottle sits in the cabinet at the bottom. Hot, cold and room-temperature taps, night light, stainless steel front.",
    images: ["bottom-load-dispenser"],
    stock: [4, 2],
  },
  {
    part: "DISP-CROCK",
    create: { description: "Ceramic Crock Dispenser", price: 3995, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "Ceramic Crock Dispenser",
    text: "A glazed ceramic crock with a wooden stand for room-temperature water. No electricity needed.",
    images: ["crock-dispenser"],
    stock: [12, 0],
  },
  {
    part: "RACK-3",
    create: { description: "3-Bottle Storage Rack", price: 4995, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "3-Bottle Storage Rack",
    text: "Powder-coated steel rack that keeps three full bottles off the floor and out of the way.",
    images: ["bottle-rack"],
    stock: [10, 5],
  },
  {
    part: "BOTTLE-20OZ",
    create: { description: "Insulated Bottle 20 oz", price: 2495, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "Insulated Water Bottle, 20 oz",
    text: "Double-wall stainless steel bottle that keeps water cold for 24 hours. Fill it at your dispenser.",
    images: ["insulated-bottle"],
    stock: [0, 0],
  },
  {
    part: "COFFEE-HOUSE",
    status: "LISTED_AND_PURCHASABLE",
    title: "Coffee, House Blend 2 lb",
    text: "Medium roast whole-bean house blend from a local Austin roaster: chocolate, toasted nut and a clean finish.",
    images: ["coffee-house-blend"],
    stock: [40, 16],
  },
  {
    part: "COFFEE-DECAF",
    create: { description: "Coffee, Decaf Blend 2 lb", price: 2695, taxable: false },
    status: "LISTED_AND_PURCHASABLE",
    title: "Coffee, Decaf Blend 2 lb",
    text: "Swiss Water Process decaf with all the flavor of our house blend.",
    images: ["coffee-decaf"],
    stock: [18, 6],
  },
  {
    part: "COFFEE-FILTER",
    status: "LISTED_AND_PURCHASABLE",
    title: "Coffee Filters (500)",
    text: "Commercial basket coffee filters for 10-12 cup brewers, 500 count.",
    images: ["coffee-filters"],
    stock: [70, 25],
  },
  {
    part: "TEA-ASSORT",
    create: { description: "Tea Assortment (48 bags)", price: 1195, taxable: false },
    status: "LISTED_AND_PURCHASABLE",
    title: "Tea Assortment (48 bags)",
    text: "Black, green, chamomile and peppermint teas, individually wrapped. Perfect with hot water from your dispenser.",
    images: ["tea-assortment"],
    stock: [35, 10],
  },
  {
    part: "SALT-40",
    status: "LISTED_AND_PURCHASABLE",
    title: "Softener Salt Pellets, 40 lb",
    text: "High-purity solar salt pellets for water softeners. Delivered and poured into your brine tank on request.",
    images: ["softener-salt"],
    stock: [200, 80],
  },
  {
    part: "SALT-KCL-40",
    status: "LISTED_AND_PURCHASABLE",
    title: "Potassium Chloride Pellets, 40 lb",
    text: "Sodium-free softener pellets for low-sodium diets.",
    images: ["potassium-salt"],
    stock: [40, 15],
  },
  {
    part: "FLT-SED-10",
    status: "LISTED_AND_PURCHASABLE",
    title: "Sediment Filter, 10 in.",
    text: "5 micron pleated sediment cartridge for standard 10 inch housings. Replace every 3 to 6 months.",
    images: ["sediment-filter"],
    stock: [60, 20],
  },
  {
    part: "FLT-CARB-10",
    status: "LISTED_AND_PURCHASABLE",
    title: "Carbon Block Filter, 10 in.",
    text: "Carbon block cartridge that reduces chlorine taste and odor. Fits standard 10 inch housings.",
    images: ["carbon-filter"],
    stock: [50, 18],
  },
  {
    part: "FLT-FRIDGE",
    create: { description: "Refrigerator Water Filter", price: 3995, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "Refrigerator Water Filter",
    text: "Replacement filter for most side-by-side refrigerators. Tell us your model on the order and we'll bring the right one.",
    images: ["fridge-filter"],
    stock: [14, 4],
  },
  {
    part: "RO-SYSTEM",
    create: { description: "Under-Sink Reverse Osmosis System", price: 49900, taxable: true },
    status: "LISTED_BUT_NOT_PURCHASABLE",
    title: "Under-Sink Reverse Osmosis System",
    text: "Four-stage reverse osmosis with a 3 gallon tank and a brushed nickel faucet. Installed by our water treatment technicians: call us to schedule a free water test and installation.",
    images: ["ro-system"],
    stock: [3, 0],
  },
  // Back-office items that are not sold online.
  { part: "BTL-DEPOSIT", status: "NOT_LISTED" },
  { part: "DISP-HC-RENT", status: "NOT_LISTED" },
  { part: "DISP-BL-RENT", status: "NOT_LISTED" },
  { part: "RO-MEMBRANE", status: "NOT_LISTED" },
  { part: "SANITIZE", status: "NOT_LISTED" },
  { part: "FUEL-SURCHARGE", status: "NOT_LISTED" },
  {
    part: "INSTALL-RO",
    create: { description: "Reverse Osmosis Installation", price: 14900, taxable: true },
    status: "NOT_LISTED",
  },
];

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
