import { createHash } from "node:crypto";
import { z } from "zod";
import { linkedCustomerIds } from "../../auth/linked-customers.ts";
import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { AppError, badInput } from "../../errors.ts";
import {
  type CatalogItem,
  type OnlineOrder,
  type OnlineOrderLine,
  Prisma,
  type ProductMedia,
} from "../../generated/prisma/client.ts";
import type { ProductListingStatus } from "../../generated/prisma/enums.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { findCustomer } from "../customers/customers.service.ts";
import { attemptStands, chargeCustomer, lockAttempt, voidPayment } from "../payments/payments.service.ts";
import { computeOrderCost, effectiveSalePrice, type OrderCost, unitPriceOf } from "./shop.pricing.ts";
import { cachedShopRead } from "./shop-cache.ts";

// The customer side of the shop (SPEC sections 2, 3, 7): the storefront's products and stock, the
// shopping cart kept under a random id from the browser, the cost of an order, placing it (one charge,
// then the online order and its work order in one transaction) and the order history.
// Everything goes through ctx.db, so another branch's products, carts and orders read as not found.

export const shopMessages = {
  notEnabled: "The online shop is not enabled for this branch.",
  cartEmpty: "Your cart is empty.",
  productNotFound: "cant find product",
  outOfStock: "This item is out of stock.",
  notPurchasable: "This item can't be ordered online.",
  onlyInStock: (n: number) => `Only ${n} in stock.`,
  cartFull: "Your cart can hold at most 50 different items.",
  invalidCartId: "Invalid cart id.",
  cartOtherBranch: "This cart belongs to another shop.",
  addressNotFound: "Service address not found.",
  addressInactive: "This service address is no longer active.",
  creditHold: (phone: string) =>
    `This address is on credit hold, so online orders can't be delivered there. Please call us${phone ? ` at ${phone}` : ""}.`,
  customerInactive: "This account is not active, so it can't place orders.",
  noDeliveryDate: (phone: string) =>
    `There is no delivery date on the calendar for this address yet. Please call us${phone ? ` at ${phone}` : ""} to order.`,
  purchaseOrderRequired: "A purchase order is required for this account.",
  purchaseOrderNotFound: "Purchase order not found.",
  agreementRequired: "Please accept the payment agreement.",
  paymentMethodRequired: "Choose a payment method.",
  totalChanged: (total: string) => `The order total has changed to ${total}. Please review your order and try again.`,
  cartProblem: "Some items in your cart are no longer available. Please review your cart.",
  declined: "The payment was declined.",
  paymentFailed: "The payment could not be processed. Please try again.",
  placedVoided: "We couldn't place your order, so your payment was voided. Please try again.",
  paymentVoided: "The payment for this order was voided, so the order was not placed. Please try again.",
  placedVoidFailed: (phone: string) =>
    `We couldn't place your order and couldn't void the payment automatically. Please call us${phone ? ` at ${phone}` : ""} and we'll refund it right away.`,
  placed: "Thank you! Your order has been placed.",
  orderNotFound: "Order not found.",
} as const;

const LISTED: ProductListingStatus[] = ["LISTED_AND_PURCHASABLE", "LISTED_BUT_NOT_PURCHASABLE"];
const MAX_CART_LINES = 50;
const MAX_QUANTITY = 999;

/** Visitors and customers use the shop only when the branch has the E_COMMERCE feature. */
export function requireShop(ctx: Context) {
  if (!ctx.branch.features.includes("E_COMMERCE")) throw new AppError("FORBIDDEN", shopMessages.notEnabled);
}

// ───────────── dates ─────────────

/** Today's calendar date in the branch's time zone, as UTC midnight (how `@db.Date` columns read). */
export function branchToday(ctx: Context, now = clock.now()): Date {
  const s = new Intl.DateTimeFormat("en-CA", {
    timeZone: ctx.branch.timeZone || "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  return new Date(`${s}T00:00:00Z`);
}

// ───────────── storefront ─────────────

export async function bannerAndFooter(ctx: Context) {
  requireShop(ctx);
  return cachedShopRead(ctx, "storefront", async () => {
    const config = await ctx.db.storefrontConfig.findFirst({});
    return { bannerHtml: config?.bannerHtml ?? "", footerHtml: config?.footerHtml ?? "" };
  });
}

// ───────────── products and stock ─────────────

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
  requireShop(ctx);
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

async function toProducts(ctx: Context, items: CatalogItem[]): Promise<ShopProduct[]> {
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
  requireShop(ctx);
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
  requireShop(ctx);
  return cachedShopRead(ctx, `product:${id}`, async () => {
    const item = await ctx.db.catalogItem.findFirst({
      where: { id, inactive: false, ecommerceStatus: { in: LISTED } },
    });
    if (!item) throw new AppError("NOT_FOUND", "Product not found.");
    return (await toProducts(ctx, [item]))[0]!;
  });
}

// ───────────── shopping cart ─────────────

export type CartLine = {
  clientCartId: string;
  itemId: string;
  quantity: number;
  lastModified: Date;
  /** Null when the product no longer exists or is no longer listed ('cant find product'). */
  product: ShopProduct | null;
  unitPrice: number;
  amount: number;
  /** Why this line can't be ordered as it is, or null. */
  problem: string | null;
};

export type ShoppingCart = {
  cartId: string;
  items: CartLine[];
  /** Units of the lines that can be ordered. */
  itemCount: number;
  /** Amount of the lines that can be ordered, before tax and shipping. */
  subtotal: number;
  hasProblems: boolean;
};

const cartIdInput = z.string().trim().uuid(shopMessages.invalidCartId);

/**
 * A cart id is usable on the branch where it was first used only: the browser keeps one id per
 * branch, and an id known to another branch (carts or orders) is refused. Only existence is read
 * across branches, never a row.
 */
async function requireCartOfBranch(ctx: Context, cartId: string) {
  const rows = await ctx.db.$branchQuery<{ n: number }>(
    (branch) => Prisma.sql`
    SELECT (
      (SELECT count(*) FROM "ShoppingCartItem" WHERE "clientCartId" = ${cartId} AND "branchId" <> ${branch})
      + (SELECT count(*) FROM "OnlineOrder" WHERE "clientCartId" = ${cartId} AND "branchId" <> ${branch})
    )::int AS n`,
  );
  // CONFLICT, not NOT_FOUND: the browser then starts a new cart instead of showing the 404 page.
  if ((rows[0]?.n ?? 0) > 0) throw new AppError("CONFLICT", shopMessages.cartOtherBranch);
}

function lineProblem(quantity: number, p: ShopProduct | null): string | null {
  if (!p) return shopMessages.productNotFound;
  if (!p.purchasable || p.stock <= 0) return shopMessages.outOfStock;
  if (quantity > p.stock) return shopMessages.onlyInStock(p.stock);
  return null;
}

async function readCart(ctx: Context, cartId: string): Promise<ShoppingCart> {
  const rows = await ctx.db.shoppingCartItem.findMany({
    where: { clientCartId: cartId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const itemIds = rows.map((r) => r.itemId);
  const items = itemIds.length
    ? await ctx.db.catalogItem.findMany({
        where: { id: { in: itemIds }, inactive: false, ecommerceStatus: { in: LISTED } },
      })
    : [];
  const byId = new Map((await toProducts(ctx, items)).map((p) => [p.id, p]));
  const lines: CartLine[] = rows.map((r) => {
    const p = byId.get(r.itemId) ?? null;
    const unitPrice = p?.price ?? 0;
    return {
      clientCartId: r.clientCartId,
      itemId: r.itemId,
      quantity: r.quantity,
      lastModified: r.lastModified,
      product: p,
      unitPrice,
      amount: unitPrice * r.quantity,
      problem: lineProblem(r.quantity, p),
    };
  });
  const ok = lines.filter((l) => !l.problem);
  return {
    cartId,
    items: lines,
    itemCount: ok.reduce((s, l) => s + l.quantity, 0),
    subtotal: ok.reduce((s, l) => s + l.amount, 0),
    hasProblems: lines.some((l) => l.problem),
  };
}

export async function shoppingCart(ctx: Context, cartId: string): Promise<ShoppingCart> {
  requireShop(ctx);
  const id = parseInput(cartIdInput, cartId);
  await requireCartOfBranch(ctx, id);
  return readCart(ctx, id);
}

const quantityInput = z
  .number()
  .int("The quantity must be a whole number.")
  .min(0, "The quantity can't be negative.")
  .max(MAX_QUANTITY, `The quantity can be at most ${MAX_QUANTITY}.`);

/** Sets an item's quantity in the cart (0 removes it); never more than the stock. */
export async function setShoppingCart(
  ctx: Context,
  input: { cartId: string; itemId: string; quantity: number },
): Promise<ShoppingCart> {
  requireShop(ctx);
  const cartId = parseInput(cartIdInput, input.cartId);
  const quantity = parseInput(quantityInput, input.quantity);
  const itemId = String(input.itemId ?? "").trim();
  if (!itemId) throw badInput(shopMessages.productNotFound);
  await requireCartOfBranch(ctx, cartId);

  if (quantity === 0) {
    await ctx.db.shoppingCartItem.deleteMany({ where: { clientCartId: cartId, itemId } });
    return readCart(ctx, cartId);
  }
  const item = await ctx.db.catalogItem.findFirst({
    where: { id: itemId, inactive: false, ecommerceStatus: { in: LISTED } },
  });
  if (!item) throw new AppError("NOT_FOUND", shopMessages.productNotFound);
  if (item.ecommerceStatus !== "LISTED_AND_PURCHASABLE") throw badInput(shopMessages.notPurchasable);
  const stock = (await stockFor(ctx, [itemId])).get(itemId)?.quantity ?? 0;
  if (stock <= 0) throw badInput(shopMessages.outOfStock);
  if (quantity > stock) throw badInput(shopMessages.onlyInStock(stock));

  const existing = await ctx.db.shoppingCartItem.findFirst({ where: { clientCartId: cartId, itemId } });
  if (existing) {
    await ctx.db.shoppingCartItem.update({
      where: { id: existing.id },
      data: { quantity, userId: ctx.viewer?.userId ?? existing.userId },
    });
  } else {
    const lines = await ctx.db.shoppingCartItem.count({ where: { clientCartId: cartId } });
    if (lines >= MAX_CART_LINES) throw badInput(shopMessages.cartFull);
    await ctx.db.shoppingCartItem.upsert({
      where: { branchId_clientCartId_itemId: { branchId: ctx.branch.id, clientCartId: cartId, itemId } },
      create: { branchId: ctx.branch.id, clientCartId: cartId, itemId, quantity, userId: ctx.viewer?.userId ?? null },
      update: { quantity },
    });
  }
  return readCart(ctx, cartId);
}

const deltaInput = z
  .number()
  .int("The quantity must be a whole number.")
  .min(-MAX_QUANTITY, "The change is too large.")
  .max(MAX_QUANTITY, "The change is too large.");

/** Adds `quantity` (negative: removes) to what the cart holds of an item; at 0 or less the line goes. */
export async function updateShoppingCart(
  ctx: Context,
  input: { cartId: string; itemId: string; quantity: number },
): Promise<ShoppingCart> {
  requireShop(ctx);
  const cartId = parseInput(cartIdInput, input.cartId);
  const delta = parseInput(deltaInput, input.quantity);
  const itemId = String(input.itemId ?? "").trim();
  await requireCartOfBranch(ctx, cartId);
  const existing = itemId ? await ctx.db.shoppingCartItem.findFirst({ where: { clientCartId: cartId, itemId } }) : null;
  const next = (existing?.quantity ?? 0) + delta;
  return setShoppingCart(ctx, { cartId, itemId, quantity: Math.min(MAX_QUANTITY, Math.max(0, next)) });
}

// ───────────── checkout ─────────────

export type CheckoutAddress = {
  serviceAddressId: string;
  customerId: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  name: string;
  isOnCreditHold: boolean;
  nextDeliveryDate: Date | null;
};

const addressLine1 = (a: { streetNumber: string; streetName: string }) => `${a.streetNumber} ${a.streetName}`.trim();

/** The next date the address's routes run after today (RouteCalendarDate of its active services). */
async function nextRouteDates(ctx: Context, addressIds: string[]): Promise<Map<string, Date | null>> {
  const out = new Map<string, Date | null>(addressIds.map((id) => [id, null]));
  if (!addressIds.length) return out;
  const services = await ctx.db.service.findMany({
    where: { serviceAddressId: { in: addressIds }, inactive: false },
    select: { serviceAddressId: true, routeId: true },
  });
  const routeIds = [...new Set(services.map((s) => s.routeId))];
  if (!routeIds.length) return out;
  const today = branchToday(ctx);
  const dates = await ctx.db.routeCalendarDate.findMany({
    where: { routeId: { in: routeIds }, date: { gt: today } },
    orderBy: { date: "asc" },
    distinct: ["routeId"],
    select: { routeId: true, date: true },
  });
  const nextByRoute = new Map(dates.map((d) => [d.routeId, d.date]));
  for (const s of services) {
    const d = nextByRoute.get(s.routeId);
    const current = out.get(s.serviceAddressId);
    if (d && (!current || d < current)) out.set(s.serviceAddressId, d);
  }
  return out;
}

export async function checkoutOptions(ctx: Context, customerId: string) {
  requireShop(ctx);
  const customer = await findCustomer(ctx, customerId);
  const [addresses, purchaseOrders] = await Promise.all([
    ctx.db.serviceAddress.findMany({
      where: { customerId: customer.id, inactive: false },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    ctx.db.purchaseOrder.findMany({ where: { customerId: customer.id }, orderBy: { number: "asc" } }),
  ]);
  const next = await nextRouteDates(
    ctx,
    addresses.map((a) => a.id),
  );
  return {
    customerId: customer.id,
    accountNumber: customer.accountNumber,
    name: customer.name,
    purchaseOrderRequired: customer.purchaseOrderRequired,
    purchaseOrders: purchaseOrders.map((p) => ({ id: p.id, number: p.number, description: p.description })),
    paymentAgreementHtml: ctx.branch.ecommercePaymentAgreementHtml,
    addresses: addresses.map(
      (a): CheckoutAddress => ({
        serviceAddressId: a.id,
        customerId: a.customerId,
        line1: addressLine1(a),
        line2: a.address2,
        city: a.city,
        state: a.state,
        postalCode: a.postalCode,
        name: a.company || `${a.firstName} ${a.lastName}`.trim(),
        isOnCreditHold: a.isOnCreditHold,
        nextDeliveryDate: next.get(a.id) ?? null,
      }),
    ),
  };
}

type PreparedOrder = {
  customer: Awaited<ReturnType<typeof findCustomer>>;
  address: { id: string; label: string };
  deliveryDate: Date;
  cart: ShoppingCart;
  cost: Omit<OrderCost, "items"> & { items: (OrderCost["items"][number] & { catalogItemId: string })[] };
};

/** Everything an order needs, checked: customer, address, its next delivery date, cart and cost. */
async function prepareOrder(
  ctx: Context,
  input: { customerId: string; addressId: string; cartId: string },
): Promise<PreparedOrder> {
  requireShop(ctx);
  const cartId = parseInput(cartIdInput, input.cartId);
  const customer = await findCustomer(ctx, input.customerId);
  const address = await ctx.db.serviceAddress.findFirst({
    where: { id: String(input.addressId ?? ""), customerId: customer.id },
  });
  if (!address) throw new AppError("NOT_FOUND", shopMessages.addressNotFound);
  if (customer.status === "INACTIVE" || customer.status === "DELETED") throw badInput(shopMessages.customerInactive);
  if (address.inactive) throw badInput(shopMessages.addressInactive);
  if (address.isOnCreditHold) throw badInput(shopMessages.creditHold(ctx.branch.phone));
  await requireCartOfBranch(ctx, cartId);
  const cart = await readCart(ctx, cartId);
  if (!cart.items.length) throw badInput(shopMessages.cartEmpty);
  const problem = cart.items.find((l) => l.problem);
  if (problem) {
    const title = problem.product?.title;
    throw badInput(title ? `${title}: ${problem.problem}` : `${shopMessages.cartProblem}`);
  }
  const deliveryDate = (await nextRouteDates(ctx, [address.id])).get(address.id);
  if (!deliveryDate) throw badInput(shopMessages.noDeliveryDate(ctx.branch.phone));
  const config = await ctx.db.storefrontConfig.findFirst({});
  const cost = computeOrderCost(
    cart.items.map((l) => ({
      itemId: l.itemId,
      title: l.product!.title,
      quantity: l.quantity,
      price: l.unitPrice,
      taxable: l.product!.taxable,
    })),
    {
      taxBasisPoints: ctx.branch.salesTaxRateBasisPoints,
      shippingCents: config?.shippingCents ?? 0,
      shippingTaxable: config?.shippingTaxable ?? false,
    },
  );
  const label = [addressLine1(address), address.address2, `${address.city}, ${address.state} ${address.postalCode}`]
    .filter(Boolean)
    .join(", ");
  return {
    customer,
    address: { id: address.id, label },
    deliveryDate,
    cart,
    cost: { ...cost, items: cost.items.map((i) => ({ ...i, catalogItemId: i.itemId })) },
  };
}

export async function orderCost(ctx: Context, input: { customerId: string; addressId: string; cartId: string }) {
  const p = await prepareOrder(ctx, input);
  return { ...p.cost, deliveryDate: p.deliveryDate };
}

// ───────────── placing an order ─────────────

const placeOrderInput = z.object({
  customerId: z.string().trim().min(1, "Choose an account."),
  addressId: z.string().trim().min(1, "Choose a service address."),
  cartId: cartIdInput,
  purchaseOrderId: z.string().trim().nullish(),
  paymentMethod: z
    .object({
      paymentAccountId: z.string().trim().min(1).nullish(),
      token: z.string().trim().min(1).max(1000).nullish(),
      saveForLater: z.boolean().nullish(),
    })
    .nullish()
    .refine((m) => !!m && !!m.paymentAccountId !== !!m.token, shopMessages.paymentMethodRequired),
  acceptAgreement: z.boolean().nullish(),
  idempotencyKey: z
    .string()
    .trim()
    .min(8, "Invalid idempotency key.")
    .max(100, "Invalid idempotency key.")
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid idempotency key."),
  expectedTotal: z.number().int().nullish(),
});

export type PlaceOrderInput = z.input<typeof placeOrderInput>;

export type PlaceOrderResult = {
  isSuccess: boolean;
  message: string;
  orderId: string | null;
  orderNumber: string | null;
  paymentResult: "SUCCESS" | "DECLINED" | "FAILURE" | null;
};

/** The order's id follows from the idempotency key, so one key can only ever make one order. */
export function orderIdFor(branchId: string, idempotencyKey: string): string {
  const h = createHash("sha1").update(`shop-order:${branchId}:${idempotencyKey}`).digest("hex");
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Requests with the same key in this process run one after another (a double click). */
const inFlight = new Map<string, Promise<unknown>>();
async function serialized<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = inFlight.get(key);
  const mine = (async () => {
    if (before) await before.catch(() => {});
    return run();
  })();
  inFlight.set(key, mine);
  try {
    return await mine;
  } finally {
    if (inFlight.get(key) === mine) inFlight.delete(key);
  }
}

class OrderStockError extends Error {}
/** The order's payment no longer stands (it was voided), so no order may be written on it. */
class PaymentVoidedError extends Error {}

const isUniqueViolation = (e: unknown) =>
  typeof e === "object" && e !== null && "code" in e && (e as { code?: string }).code === "P2002";

const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

function placedResult(order: Pick<OnlineOrder, "id" | "number">, message: string = shopMessages.placed) {
  return {
    isSuccess: true,
    message,
    orderId: order.id,
    orderNumber: order.number,
    paymentResult: "SUCCESS" as const,
  };
}

/**
 * Places the order: checks everything, charges the payment method once (the idempotency key makes a
 * double submit charge once), then writes the online order, its lines and its work order (on the
 * address's next route date) and empties the cart, in one transaction. A declined or failed charge
 * leaves no order; a failure after the charge voids the payment.
 */
export async function placeOrder(ctx: Context, rawInput: PlaceOrderInput): Promise<PlaceOrderResult> {
  requireShop(ctx);
  const input = parseInput(placeOrderInput, rawInput);
  return serialized(`${ctx.branch.id}:${input.idempotencyKey}`, () => placeOrderOnce(ctx, input));
}

async function placeOrderOnce(ctx: Context, input: z.output<typeof placeOrderInput>): Promise<PlaceOrderResult> {
  const fail = (message: string, paymentResult: PlaceOrderResult["paymentResult"] = null): PlaceOrderResult => ({
    isSuccess: false,
    message,
    orderId: null,
    orderNumber: null,
    paymentResult,
  });
  const orderId = orderIdFor(ctx.branch.id, input.idempotencyKey);
  // A repeated submit of an order that went through returns it.
  const already = await ctx.db.onlineOrder.findUnique({ where: { id: orderId } });
  if (already) {
    if (already.customerId !== input.customerId)
      throw new AppError("CONFLICT", "This order was already placed for another account.");
    return placedResult(already);
  }

  const p = await prepareOrder(ctx, input);
  let purchaseOrderId: string | null = null;
  if (input.purchaseOrderId) {
    const po = await ctx.db.purchaseOrder.findFirst({
      where: { id: input.purchaseOrderId, customerId: p.customer.id },
    });
    if (!po) throw new AppError("NOT_FOUND", shopMessages.purchaseOrderNotFound);
    purchaseOrderId = po.id;
  } else if (p.customer.purchaseOrderRequired) {
    return fail(shopMessages.purchaseOrderRequired);
  }
  if (ctx.branch.ecommercePaymentAgreementHtml.trim() && !input.acceptAgreement)
    return fail(shopMessages.agreementRequired);
  if (input.expectedTotal != null && input.expectedTotal !== p.cost.total)
    return fail(shopMessages.totalChanged(money(p.cost.total)));

  const method = input.paymentMethod!;
  if (method.paymentAccountId) {
    const account = await ctx.db.paymentAccount.findFirst({
      where: { id: method.paymentAccountId, customerId: p.customer.id, inactive: false },
      select: { id: true },
    });
    if (!account) throw new AppError("NOT_FOUND", "Payment method not found.");
  }

  // ── the charge ──
  let attemptId: string | null = null;
  if (p.cost.total > 0) {
    const units = p.cost.items.reduce((s, l) => s + l.quantity, 0);
    const charge = await chargeCustomer(ctx, {
      customerId: p.customer.id,
      amountCents: p.cost.total,
      method: method.paymentAccountId
        ? { paymentAccountId: method.paymentAccountId }
        : { token: method.token!, saveForLater: method.saveForLater ?? false },
      idempotencyKey: `shop-order:${input.idempotencyKey}`,
      source: "SHOP",
      description: `Online order (${units} ${units === 1 ? "item" : "items"})`,
    });
    // The key's earlier payment was voided (its order failed): it pays for nothing, and the same key
    // is not charged a second time; the checkout makes a new key for the next try.
    if (charge.voided) return fail(shopMessages.paymentVoided, "FAILURE");
    if (charge.result !== "SUCCESS") {
      return fail(
        charge.message || (charge.result === "DECLINED" ? shopMessages.declined : shopMessages.paymentFailed),
        charge.result,
      );
    }
    attemptId = charge.attemptId;
    // The same key charged before (another process) and that order exists: return it.
    const sameCharge = await ctx.db.onlineOrder.findFirst({ where: { paymentAttemptId: attemptId } });
    if (sameCharge) return placedResult(sameCharge);
  }

  // ── the order, in one transaction ──
  try {
    await testHooks.afterCharge?.();
    const order = await writeOrder(ctx, { ...p, orderId, purchaseOrderId, attemptId, cartId: p.cart.cartId });
    log.info("shop order placed", { orderId: order.id, number: order.number, totalCents: p.cost.total });
    await sendConfirmation(ctx, order, p).catch((error: unknown) =>
      log.error("order confirmation mail failed", { error, orderId: order.id }),
    );
    return placedResult(order);
  } catch (error) {
    // Another request with this key won the race: its order stands on this same charge.
    const existing =
      (await ctx.db.onlineOrder.findUnique({ where: { id: orderId } })) ??
      (attemptId ? await ctx.db.onlineOrder.findFirst({ where: { paymentAttemptId: attemptId } }) : null);
    if (existing) return placedResult(existing);
    // The payment was voided meanwhile (another request with this key failed): nothing to undo.
    if (error instanceof PaymentVoidedError) return fail(shopMessages.paymentVoided, "FAILURE");
    if (!(error instanceof OrderStockError))
      log.error("shop order failed after the charge", { error, attemptId, customerId: p.customer.id });
    if (!attemptId) return fail(error instanceof OrderStockError ? error.message : shopMessages.paymentFailed);
    const paidId = attemptId;
    const voided = await voidPayment(ctx, paidId, {
      // Under the attempt's lock: an order that another request with this key wrote on this payment
      // keeps it (that request's writeOrder took the same lock).
      keepIf: async (tx) => (await tx.onlineOrder.count({ where: { paymentAttemptId: paidId } })) > 0,
    }).catch((e: unknown) => {
      log.error("voiding a shop payment failed", { error: e, attemptId });
      return { isSuccess: false, message: String(e), kept: false };
    });
    if (voided.kept) {
      const kept = await ctx.db.onlineOrder.findFirst({ where: { paymentAttemptId: paidId } });
      if (kept) return placedResult(kept);
    }
    if (!voided.isSuccess) {
      log.error("a shop payment could not be voided", { attemptId, message: voided.message });
      return fail(shopMessages.placedVoidFailed(ctx.branch.phone), "SUCCESS");
    }
    const reason = error instanceof OrderStockError ? `${error.message} ` : "";
    return fail(`${reason}${shopMessages.placedVoided}`.trim(), "SUCCESS");
  }
}

const escapeHtml = (t: string) =>
  t.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The receipt mail to the signed-in customer who placed the order. */
async function sendConfirmation(ctx: Context, order: OnlineOrder, p: PreparedOrder) {
  const to = ctx.viewer?.email;
  if (!to) return;
  const date = new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(p.deliveryDate);
  const url = new URL(`/shop/orders/${order.id}`, ctx.runtime.config.PUBLIC_URL);
  url.searchParams.set("host", ctx.branch.host);
  const rows = p.cost.items.map((l) => `${l.quantity} x ${l.title}  ${money(l.amount)}`);
  const totals = [
    `Products: ${money(p.cost.products)}`,
    `Sales tax: ${money(p.cost.tax)}`,
    `Shipping: ${money(p.cost.shipping + p.cost.shippingTax)}`,
    `Total charged: ${money(p.cost.total)}`,
  ];
  const text = [
    `Thank you for your order #${order.number}.`,
    "",
    `We'll deliver it on ${date} to ${p.address.label}.`,
    "",
    ...rows,
    "",
    ...totals,
    "",
    `See your order: ${url}`,
    "",
    ctx.branch.company + (ctx.branch.phone ? ` · ${ctx.branch.phone}` : ""),
  ].join("\n");
  const html = `<p>Thank you for your order <strong>#${escapeHtml(order.number)}</strong>.</p>
<p>We'll deliver it on <strong>${escapeHtml(date)}</strong> to ${escapeHtml(p.address.label)}.</p>
<table cellpadding="4">${p.cost.items
    .map(
      (l) =>
        `<tr><td>${l.quantity} &times;</td><td>${escapeHtml(l.title)}</td><td align="right">${money(l.amount)}</td></tr>`,
    )
    .join("")}</table>
<p>${totals.map(escapeHtml).join("<br>")}</p>
<p><a href="${escapeHtml(url.toString())}">See your order</a></p>`;
  await ctx.runtime.mailer.send({
    branchId: ctx.branch.id,
    to,
    subject: `Your order #${order.number} from ${ctx.branch.company}`,
    text,
    html,
    fromName: ctx.branch.company,
  });
}

/** Hooks for tests: failures injected after the charge (before and inside the order transaction). */
export const testHooks: {
  afterCharge?: () => void | Promise<void>;
  beforeCommit?: (orderId: string) => void | Promise<void>;
} = {};

async function writeOrder(
  ctx: Context,
  p: PreparedOrder & { orderId: string; purchaseOrderId: string | null; attemptId: string | null; cartId: string },
) {
  const branchId = ctx.branch.id;
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.$transaction(
        async (tx) => {
          // The order is written only on a payment that stands, checked under the attempt's lock
          // (voidPayment claims a void under the same lock): a voided payment never pays for an order.
          if (p.attemptId) {
            const paid = await lockAttempt(tx, p.attemptId);
            if (!paid || !attemptStands(paid)) throw new PaymentVoidedError("the order's payment was voided");
          }
          // Take the stock: from the fullest active warehouse first; the conditional update keeps two
          // orders from selling the same units.
          for (const line of p.cost.items) {
            let need = line.quantity;
            const rows = await tx.inventoryStock.findMany({
              where: { catalogItemId: line.catalogItemId, quantity: { gt: 0 }, warehouse: { inactive: false } },
              orderBy: [{ quantity: "desc" }, { id: "asc" }],
            });
            for (const row of rows) {
              if (need <= 0) break;
              const take = Math.min(need, row.quantity);
              const done = await tx.inventoryStock.updateMany({
                where: { id: row.id, quantity: { gte: take } },
                data: { quantity: { decrement: take } },
              });
              if (done.count !== 1) throw new OrderStockError(`${line.title}: ${shopMessages.outOfStock}`);
              need -= take;
            }
            if (need > 0) throw new OrderStockError(`${line.title}: ${shopMessages.outOfStock}`);
          }

          const maxWork = await tx.workOrder.aggregate({ _max: { number: true } });
          const workNumber = (maxWork._max.number ?? 5000) + 1;
          const [maxOrder] = await tx.$branchQuery<{ n: number | null }>(
            (branch) => Prisma.sql`
            SELECT MAX(CAST("number" AS INTEGER))::int AS n FROM "OnlineOrder"
            WHERE "branchId" = ${branch} AND "number" ~ '^[0-9]{1,9}$'`,
          );
          const number = String((maxOrder?.n ?? 1000) + 1);

          const workOrder = await tx.workOrder.create({
            data: {
              branchId,
              number: workNumber,
              customerId: p.customer.id,
              serviceAddressId: p.address.id,
              workType: "WORK_ORDER",
              name: `Online order #${number}`,
              scheduledDate: p.deliveryDate,
              purchaseOrderId: p.purchaseOrderId,
              isOpen: true,
              createdByUserId: ctx.viewer?.userId ?? null,
              source: "SHOP",
            },
          });
          const billing: Prisma.BillingItemCreateManyInput[] = p.cost.items.map((l) => ({
            branchId,
            workOrderId: workOrder.id,
            catalogItemId: l.catalogItemId,
            name: l.title,
            quantity: l.quantity,
            prepayQuantity: l.quantity,
            unitPriceCents: l.price,
            amountCents: l.amount,
            taxCents: l.tax,
            canEdit: false,
          }));
          if (p.cost.shipping > 0)
            billing.push({
              branchId,
              workOrderId: workOrder.id,
              catalogItemId: null,
              name: "Shipping",
              quantity: 1,
              prepayQuantity: 1,
              unitPriceCents: p.cost.shipping,
              amountCents: p.cost.shipping,
              taxCents: p.cost.shippingTax,
              canEdit: false,
            });
          await tx.billingItem.createMany({ data: billing });

          const order = await tx.onlineOrder.create({
            data: {
              id: p.orderId,
              branchId,
              number,
              customerId: p.customer.id,
              serviceAddressId: p.address.id,
              workOrderId: workOrder.id,
              purchaseOrderId: p.purchaseOrderId,
              clientCartId: p.cartId,
              userId: ctx.viewer?.userId ?? null,
              status: "SCHEDULED",
              scheduledDate: p.deliveryDate,
              subtotalCents: p.cost.products,
              taxCents: p.cost.tax,
              shippingCents: p.cost.shipping,
              shippingTaxCents: p.cost.shippingTax,
              totalCents: p.cost.total,
              paymentAttemptId: p.attemptId,
            },
          });
          await tx.onlineOrderLine.createMany({
            data: p.cost.items.map((l) => ({
              branchId,
              orderId: order.id,
              itemId: l.catalogItemId,
              title: l.title,
              quantity: l.quantity,
              unitPriceCents: l.price,
              amountCents: l.amount,
              salesTaxCents: l.tax,
            })),
          });
          if (p.attemptId) await postOrderCharge(tx, { branchId, customerId: p.customer.id, number, ...p });
          await tx.shoppingCartItem.deleteMany({ where: { clientCartId: p.cartId } });
          await testHooks.beforeCommit?.(order.id);
          return order;
        },
        { timeout: 20_000, maxWait: 15_000 },
      );
    } catch (error) {
      // Two orders took the same order or work order number at once: try again with the next one.
      if (isUniqueViolation(error) && attempt < 4) {
        const exists = await ctx.db.onlineOrder.findUnique({ where: { id: p.orderId } });
        if (!exists) continue;
      }
      throw error;
    }
  }
}

/**
 * The account's billing tells the order as it happened: the order's charge ("Online order #1004"),
 * then its card payment under the same number. Without the charge the payment alone would read as a
 * credit until the delivery is posted. The charge is dated just before the payment (both are "now");
 * its lines are prepaid (prepayQuantity), so posting the delivery later charges nothing again.
 */
async function postOrderCharge(
  tx: ScopedTx,
  p: { branchId: string; customerId: string; number: string; attemptId: string | null; cost: { total: number } },
) {
  const payments = await tx.transaction.findMany({
    where: { customerId: p.customerId, kind: "PAYMENT", idempotencyKey: { startsWith: `pay:${p.attemptId}:` } },
    select: { id: true, datePosted: true, description: true },
  });
  if (!payments.length) return;
  const paidAt = Math.min(...payments.map((t) => t.datePosted.getTime()));
  for (const t of payments)
    await tx.transaction.update({
      where: { id: t.id },
      data: { description: t.description.replace(/^Online order \([^)]*\)/, `Online order #${p.number}`) },
    });
  await tx.transaction.create({
    data: {
      branchId: p.branchId,
      customerId: p.customerId,
      kind: "CHARGE",
      datePosted: new Date(paidAt - 1),
      billingCodeId: "SHOP",
      description: `Online order #${p.number}`,
      quantity: 1,
      amountCents: p.cost.total,
      idempotencyKey: `shop-charge:${p.attemptId}`,
    },
  });
}

// ───────────── orders ─────────────

export type OrderStatus = "PENDING" | "SCHEDULED" | "COMPLETED" | "CANCELLED";

export type ShopOrderView = {
  id: string;
  number: string;
  customerId: string;
  accountNumber: string;
  customerName: string;
  serviceAddressId: string;
  addressLabel: string;
  purchaseOrderId: string | null;
  purchaseOrderNumber: string | null;
  workOrderId: string | null;
  status: OrderStatus;
  pending: boolean;
  placedAt: Date;
  scheduledDate: Date | null;
  completedDate: Date | null;
  subtotal: number;
  tax: number;
  shipping: number;
  shippingTax: number;
  total: number;
  invoiceId: string | null;
  invoiceDisplayId: string | null;
  surchargeWaived: boolean;
  paymentLabel: string;
  oneLineBillingDescription: string;
  lines: (OnlineOrderLine & { image: ShopMedia | null; productAvailable: boolean })[];
};

const cardNames: Record<string, string> = {
  VISA: "Visa",
  MASTERCARD: "Mastercard",
  AMEX: "Amex",
  DISCOVER: "Discover",
};

async function toOrderViews(
  ctx: Context,
  orders: (OnlineOrder & { lines: OnlineOrderLine[] })[],
): Promise<ShopOrderView[]> {
  if (!orders.length) return [];
  const uniq = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))];
  const itemIds = uniq(orders.flatMap((o) => o.lines.map((l) => l.itemId)));
  const [workOrders, addresses, customers, pos, invoices, attempts, media, listed] = await Promise.all([
    ctx.db.workOrder.findMany({ where: { id: { in: uniq(orders.map((o) => o.workOrderId)) } } }),
    ctx.db.serviceAddress.findMany({ where: { id: { in: uniq(orders.map((o) => o.serviceAddressId)) } } }),
    ctx.db.customer.findMany({ where: { id: { in: uniq(orders.map((o) => o.customerId)) } } }),
    ctx.db.purchaseOrder.findMany({ where: { id: { in: uniq(orders.map((o) => o.purchaseOrderId)) } } }),
    ctx.db.invoice.findMany({ where: { id: { in: uniq(orders.map((o) => o.invoiceId)) } } }),
    ctx.db.paymentAttempt.findMany({ where: { id: { in: uniq(orders.map((o) => o.paymentAttemptId)) } } }),
    ctx.db.productMedia.findMany({
      where: { catalogItemId: { in: itemIds } },
      orderBy: [{ sortOrder: "asc" }, { createdAt: "asc" }],
    }),
    ctx.db.catalogItem.findMany({
      where: { id: { in: itemIds }, inactive: false, ecommerceStatus: { in: LISTED } },
      select: { id: true },
    }),
  ]);
  const accounts = await ctx.db.paymentAccount.findMany({
    where: { id: { in: uniq(attempts.map((a) => a.paymentAccountId)) } },
    select: { id: true, kind: true, cardType: true },
  });
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const wo = byId(workOrders);
  const addr = byId(addresses);
  const cust = byId(customers);
  const po = byId(pos);
  const inv = byId(invoices);
  const att = byId(attempts);
  const acct = byId(accounts);
  const listedIds = new Set(listed.map((l) => l.id));
  const firstImage = new Map<string, ShopMedia>();
  for (const m of media)
    if (!firstImage.has(m.catalogItemId))
      firstImage.set(m.catalogItemId, { id: m.id, baseUrl: m.baseUrl, extension: m.extension });

  return orders.map((o) => {
    const w = o.workOrderId ? wo.get(o.workOrderId) : undefined;
    let status = (o.status as OrderStatus) || "PENDING";
    let scheduledDate = o.scheduledDate;
    let completedDate = o.completedDate;
    if (w) {
      // The work order is the truth: the office may reschedule, post or cancel it.
      scheduledDate = w.scheduledDate;
      if (w.status === "CANCELLED" || w.status === "DELETED") status = "CANCELLED";
      else if (!w.isOpen && w.postedAt) {
        status = "COMPLETED";
        completedDate = completedDate ?? new Date(`${w.postedAt.toISOString().slice(0, 10)}T00:00:00Z`);
      } else if (w.isOpen) status = "SCHEDULED";
    }
    const a = addr.get(o.serviceAddressId);
    const c = cust.get(o.customerId);
    const attempt = o.paymentAttemptId ? att.get(o.paymentAttemptId) : undefined;
    const account = attempt?.paymentAccountId ? acct.get(attempt.paymentAccountId) : undefined;
    const last4 = attempt?.maskedAccountNumber.replace(/[^0-9]/g, "").slice(-4) ?? "";
    const brand = account
      ? account.kind === "ACH"
        ? "Bank account"
        : (cardNames[account.cardType] ?? "Card")
      : "Card";
    return {
      id: o.id,
      number: o.number,
      customerId: o.customerId,
      accountNumber: c?.accountNumber ?? "",
      customerName: c?.name ?? "",
      serviceAddressId: o.serviceAddressId,
      addressLabel: a
        ? [addressLine1(a), a.address2, `${a.city}, ${a.state} ${a.postalCode}`].filter(Boolean).join(", ")
        : "",
      purchaseOrderId: o.purchaseOrderId,
      purchaseOrderNumber: o.purchaseOrderId ? (po.get(o.purchaseOrderId)?.number ?? null) : null,
      workOrderId: o.workOrderId,
      status,
      pending: status === "PENDING" || status === "SCHEDULED",
      placedAt: o.createdAt,
      scheduledDate,
      completedDate: status === "COMPLETED" ? completedDate : null,
      subtotal: o.subtotalCents,
      tax: o.taxCents,
      shipping: o.shippingCents,
      shippingTax: o.shippingTaxCents,
      total: o.totalCents,
      invoiceId: o.invoiceId,
      invoiceDisplayId: o.invoiceId ? (inv.get(o.invoiceId)?.displayId ?? null) : null,
      surchargeWaived: o.surchargeWaived,
      paymentLabel: attempt ? (last4 ? `${brand} ending in ${last4}` : brand) : "",
      oneLineBillingDescription: o.lines.map((l) => `${l.title} x${l.quantity}`).join(", "),
      lines: o.lines.map((l) => ({
        ...l,
        image: firstImage.get(l.itemId) ?? null,
        productAvailable: listedIds.has(l.itemId),
      })),
    };
  });
}

export async function onlineOrder(ctx: Context, orderId: string): Promise<ShopOrderView> {
  const order = await ctx.db.onlineOrder.findUnique({
    where: { id: String(orderId ?? "") },
    include: { lines: { orderBy: { id: "asc" } } },
  });
  if (!order) throw new AppError("NOT_FOUND", shopMessages.orderNotFound);
  return (await toOrderViews(ctx, [order]))[0]!;
}

/** Past and upcoming online orders, newest first: of one linked customer, or of all of them. */
export async function orderHistory(ctx: Context, customerId?: string | null): Promise<ShopOrderView[]> {
  let ids: string[];
  if (customerId) {
    ids = [(await findCustomer(ctx, customerId)).id];
  } else {
    ids = await linkedCustomerIds(ctx);
  }
  if (!ids.length) return [];
  const orders = await ctx.db.onlineOrder.findMany({
    where: { customerId: { in: ids } },
    include: { lines: { orderBy: { id: "asc" } } },
    orderBy: [{ createdAt: "desc" }, { number: "desc" }],
    take: 200,
  });
  return toOrderViews(ctx, orders);
}
