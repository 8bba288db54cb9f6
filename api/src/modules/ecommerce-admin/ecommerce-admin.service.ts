import { z } from "zod";
import { AppError, badInput } from "../../errors.ts";
import type { OnlineOrder, OnlineOrderLine, PricingPlan, StorefrontConfig } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { sanitizeStaffHtml } from "../../security/html.ts";
import { parseInput, withoutNulls } from "../../validation.ts";

// The team's side of the shop: storefront configuration, pricing plans, sale workflow, branch
// branding, open carts and online orders, and the carts-and-sales analytics. The storefront itself
// (modules/shop) reads the same rows: StorefrontConfig, Branch branding fields, CatalogItem.

// ───────────── HTML ─────────────

// Staff HTML is reduced to the allow-list of security/html-policy.ts before it is saved (0008).
const html = (label: string) =>
  z
    .string()
    .max(20_000, `${label} must be at most 20,000 characters.`)
    .transform((v) => sanitizeStaffHtml(v));

const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters.`)
    .refine(
      (v) => v === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v),
      `${label} must start with https:// or http://.`,
    );

// ───────────── storefront configuration ─────────────

export type StorefrontConfiguration = {
  bannerHtml: string;
  footerHtml: string;
  paymentAgreementHtml: string;
  websiteTitle: string;
  websiteDescription: string;
  contactEmail: string;
  shippingCents: number;
  shippingTaxable: boolean;
  saleWorkflowShortcutId: string | null;
  defaultPricingPlanId: string | null;
  updatedAt: Date | null;
};

async function configRow(ctx: Context): Promise<StorefrontConfig | null> {
  return ctx.db.storefrontConfig.findUnique({ where: { branchId: ctx.branch.id } });
}

async function freshBranch(ctx: Context) {
  return ctx.db.branch.findUniqueOrThrow({ where: { id: ctx.branch.id } });
}

export async function storefrontConfiguration(ctx: Context): Promise<StorefrontConfiguration> {
  const [row, branch] = await Promise.all([configRow(ctx), freshBranch(ctx)]);
  return {
    bannerHtml: row?.bannerHtml ?? "",
    footerHtml: row?.footerHtml ?? "",
    paymentAgreementHtml: branch.ecommercePaymentAgreementHtml,
    websiteTitle: row?.websiteTitle ?? "",
    websiteDescription: row?.websiteDescription ?? "",
    contactEmail: row?.contactEmail ?? "",
    shippingCents: row?.shippingCents ?? 0,
    shippingTaxable: row?.shippingTaxable ?? false,
    saleWorkflowShortcutId: row?.saleWorkflowShortcutId ?? branch.ecommerceWorkflowShortcutId ?? null,
    defaultPricingPlanId: row?.defaultPricingPlanId ?? null,
    updatedAt: row?.updatedAt ?? null,
  };
}

const customizationInput = z.object({
  bannerHtml: html("The banner").optional(),
  footerHtml: html("The footer").optional(),
  paymentAgreementHtml: html("The payment agreement").optional(),
  websiteTitle: z.string().trim().max(120, "Website title must be at most 120 characters.").optional(),
  websiteDescription: z.string().trim().max(500, "Website description must be at most 500 characters.").optional(),
  contactEmail: z
    .string()
    .trim()
    .max(200, "Contact email must be at most 200 characters.")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Contact email is not a valid email address.")
    .optional(),
  shippingCents: z
    .number()
    .int("Shipping is in whole cents.")
    .min(0, "Shipping must be zero or more.")
    .max(10_000_000, "Shipping must be at most $100,000.00.")
    .optional(),
  shippingTaxable: z.boolean().optional(),
});

export type UpdateShopCustomizationInput = {
  [K in keyof z.input<typeof customizationInput>]?: z.input<typeof customizationInput>[K] | null;
};

/** Banner, footer, payment agreement, website fields and shipping; fields left out stay as they are. */
export async function updateShopCustomization(ctx: Context, input: UpdateShopCustomizationInput) {
  const v = parseInput(customizationInput, withoutNulls(input));
  const { paymentAgreementHtml, ...storefront } = v;
  await ctx.db.$transaction(async (tx) => {
    await tx.storefrontConfig.upsert({
      where: { branchId: ctx.branch.id },
      create: { branchId: ctx.branch.id, ...storefront },
      update: storefront,
    });
    if (paymentAgreementHtml !== undefined)
      await tx.branch.update({
        where: { id: ctx.branch.id },
        data: { ecommercePaymentAgreementHtml: paymentAgreementHtml },
      });
  });
  if (paymentAgreementHtml !== undefined) ctx.runtime.branches.invalidate();
  return storefrontConfiguration(ctx);
}

// ───────────── pricing plans ─────────────

export type PricingPlanRow = PricingPlan & { isDefault: boolean };

export async function pricingPlans(ctx: Context, includeInactive = false): Promise<PricingPlanRow[]> {
  const [plans, row] = await Promise.all([
    ctx.db.pricingPlan.findMany({ where: includeInactive ? {} : { inactive: false }, orderBy: { name: "asc" } }),
    configRow(ctx),
  ]);
  return plans.map((p) => ({ ...p, isDefault: p.id === row?.defaultPricingPlanId }));
}

const planName = z
  .string()
  .trim()
  .min(1, "Pricing plan name is required.")
  .max(80, "Pricing plan name must be at most 80 characters.");
const planDiscount = z
  .number({ error: "Discount is required." })
  .int("Discount is a whole percent.")
  .min(0, "Discount must be between 0 and 100 percent.")
  .max(100, "Discount must be between 0 and 100 percent.");

async function ensureUniquePlanName(ctx: Context, name: string, exceptId?: string) {
  const clash = await ctx.db.pricingPlan.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw new AppError("CONFLICT", `A pricing plan named "${clash.name}" already exists.`);
}

export async function createPricingPlan(ctx: Context, input: { name: string; discountPercent?: number | null }) {
  const v = parseInput(z.object({ name: planName, discountPercent: planDiscount.default(0) }), withoutNulls(input));
  await ensureUniquePlanName(ctx, v.name);
  const plan = await ctx.db.pricingPlan.create({ data: { branchId: ctx.branch.id, ...v } });
  const row = await configRow(ctx);
  return { ...plan, isDefault: plan.id === row?.defaultPricingPlanId };
}

async function requirePlan(ctx: Context, id: string) {
  const plan = await ctx.db.pricingPlan.findUnique({ where: { id } });
  if (!plan) throw new AppError("NOT_FOUND", "Pricing plan not found.");
  return plan;
}

export async function updatePricingPlan(
  ctx: Context,
  input: { pricingPlanId: string; name?: string | null; discountPercent?: number | null; inactive?: boolean | null },
) {
  const v = parseInput(
    z.object({
      pricingPlanId: z.string().min(1),
      name: planName.optional(),
      discountPercent: planDiscount.optional(),
      inactive: z.boolean().optional(),
    }),
    withoutNulls(input),
  );
  await requirePlan(ctx, v.pricingPlanId);
  const row = await configRow(ctx);
  if (v.name) await ensureUniquePlanName(ctx, v.name, v.pricingPlanId);
  if (v.inactive && row?.defaultPricingPlanId === v.pricingPlanId)
    throw badInput("The default pricing plan can't be made inactive. Choose another default first.");
  const { pricingPlanId, ...data } = v;
  const plan = await ctx.db.pricingPlan.update({ where: { id: pricingPlanId }, data });
  return { ...plan, isDefault: plan.id === row?.defaultPricingPlanId };
}

/** Sets the shop's default pricing plan (null: list prices for everyone). */
export async function setPricingPlan(ctx: Context, pricingPlanId: string | null) {
  let name = "";
  if (pricingPlanId) {
    const plan = await requirePlan(ctx, pricingPlanId);
    if (plan.inactive) throw badInput("An inactive pricing plan can't be the default.");
    name = plan.name;
  }
  await ctx.db.storefrontConfig.upsert({
    where: { branchId: ctx.branch.id },
    create: { branchId: ctx.branch.id, defaultPricingPlanId: pricingPlanId },
    update: { defaultPricingPlanId: pricingPlanId },
  });
  return {
    isSuccess: true,
    message: pricingPlanId ? `${name} is now the default pricing plan.` : "The shop now uses list prices.",
  };
}

// ───────────── sale workflow ─────────────

/** Workflow shortcuts the sale workflow can point at. None exist yet (the shortcuts module is not built). */
export async function saleShortcuts(_ctx: Context): Promise<{ id: string; name: string }[]> {
  return [];
}

/** The workflow shortcut run when an online sale is placed (free text until shortcuts exist). */
export async function setSaleWorkflow(ctx: Context, shortcutId: string | null) {
  const id = parseInput(
    z.string().trim().max(100, "The shortcut id must be at most 100 characters.").nullable(),
    shortcutId,
  );
  const value = id ? id : null;
  await ctx.db.$transaction(async (tx) => {
    await tx.storefrontConfig.upsert({
      where: { branchId: ctx.branch.id },
      create: { branchId: ctx.branch.id, saleWorkflowShortcutId: value },
      update: { saleWorkflowShortcutId: value },
    });
    await tx.branch.update({ where: { id: ctx.branch.id }, data: { ecommerceWorkflowShortcutId: value } });
  });
  ctx.runtime.branches.invalidate();
  return { isSuccess: true, message: value ? "Sale workflow saved." : "Sale workflow cleared." };
}

// ───────────── branch branding ─────────────

const brandingInput = z.object({
  name: z.string().trim().min(1, "Company name is required.").max(100, "Company name must be at most 100 characters."),
  phone: z.string().trim().max(40, "Phone must be at most 40 characters.").default(""),
  logoUrl: z
    .string()
    .trim()
    .max(500, "Logo URL must be at most 500 characters.")
    .refine(
      (v) => v === "" || /^https?:\/\/\S+$/i.test(v) || /^\/media\/[a-f0-9]{32}\.(png|jpg|webp|gif)$/.test(v),
      "Logo URL must start with https://, http:// or be an uploaded image.",
    )
    .default(""),
  websiteHeaderHtml: html("The header").default(""),
  websiteFooterHtml: html("The footer").default(""),
  brandWebsiteUrl: httpUrl("Brand website").default(""),
});

export type BranchBrandingInput = {
  name: string;
  phone?: string | null;
  logoUrl?: string | null;
  websiteHeaderHtml?: string | null;
  websiteFooterHtml?: string | null;
  brandWebsiteUrl?: string | null;
};

export async function setBranchBranding(ctx: Context, input: BranchBrandingInput) {
  const v = parseInput(brandingInput, withoutNulls(input));
  await ctx.db.branch.update({
    where: { id: ctx.branch.id },
    data: {
      company: v.name,
      phone: v.phone,
      logoUrl: v.logoUrl,
      websiteHeaderHtml: v.websiteHeaderHtml,
      websiteFooterHtml: v.websiteFooterHtml,
      brandWebsiteUrl: v.brandWebsiteUrl,
    },
  });
  ctx.runtime.branches.invalidate();
  return { isSuccess: true, message: "Branding saved." };
}

// ───────────── carts and orders ─────────────

/** The price a shopper pays: the sale price only when it is lower (SPEC section 9). */
export const effectivePrice = (i: { retailPriceCents: number; salePriceCents: number | null }) =>
  i.salePriceCents !== null && i.salePriceCents < i.retailPriceCents ? i.salePriceCents : i.retailPriceCents;

export type OpenCartLine = {
  itemId: string;
  partNumber: string;
  title: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
};
export type OpenCart = {
  cartId: string;
  lines: OpenCartLine[];
  quantity: number;
  subtotalCents: number;
  createdAt: Date;
  lastModified: Date;
  userEmail: string | null;
  userName: string | null;
};

const pageInput = z.object({
  skip: z.number().int().min(0, "skip must be zero or more.").default(0),
  take: z.number().int().min(1, "take must be at least 1.").max(100, "take must be at most 100.").default(25),
});

/** Carts with items, most recently changed first. */
export async function openCarts(ctx: Context, input: { skip?: number | null; take?: number | null }) {
  const v = parseInput(pageInput, withoutNulls(input));
  const groups = await ctx.db.shoppingCartItem.groupBy({
    by: ["clientCartId"],
    _max: { lastModified: true },
    orderBy: [{ _max: { lastModified: "desc" } }, { clientCartId: "asc" }],
  });
  const page = groups.slice(v.skip, v.skip + v.take);
  const ids = page.map((g) => g.clientCartId);
  const rows = ids.length ? await ctx.db.shoppingCartItem.findMany({ where: { clientCartId: { in: ids } } }) : [];
  const itemIds = [...new Set(rows.map((r) => r.itemId))];
  const userIds = [...new Set(rows.map((r) => r.userId).filter((u): u is string => !!u))];
  const [items, users] = await Promise.all([
    itemIds.length ? ctx.db.catalogItem.findMany({ where: { id: { in: itemIds } } }) : [],
    userIds.length ? ctx.db.user.findMany({ where: { id: { in: userIds } } }) : [],
  ]);
  const itemBy = new Map(items.map((i) => [i.id, i]));
  const userBy = new Map(users.map((u) => [u.id, u]));
  const carts: OpenCart[] = ids.map((cartId) => {
    const mine = rows.filter((r) => r.clientCartId === cartId).sort((a, b) => +a.createdAt - +b.createdAt);
    const lines = mine.map((r) => {
      const item = itemBy.get(r.itemId);
      const unit = item ? effectivePrice(item) : 0;
      return {
        itemId: r.itemId,
        partNumber: item?.partNumber ?? "",
        title: item ? item.eCommerceTitle || item.description : "Removed item",
        quantity: r.quantity,
        unitPriceCents: unit,
        amountCents: unit * r.quantity,
      };
    });
    const user = mine.map((r) => (r.userId ? userBy.get(r.userId) : undefined)).find(Boolean);
    return {
      cartId,
      lines,
      quantity: lines.reduce((s, l) => s + l.quantity, 0),
      subtotalCents: lines.reduce((s, l) => s + l.amountCents, 0),
      createdAt: new Date(Math.min(...mine.map((r) => +r.createdAt))),
      lastModified: new Date(Math.max(...mine.map((r) => +r.lastModified))),
      userEmail: user?.email ?? null,
      userName: user ? `${user.firstName} ${user.lastName}`.trim() : null,
    };
  });
  return { carts, totalCount: groups.length, skip: v.skip, take: v.take };
}

/** Empties a shopper's cart (e.g. one left with an item that is no longer sold). */
export async function clearCart(ctx: Context, cartId: string) {
  const id = parseInput(z.string().trim().min(1, "Cart id is required.").max(100), cartId);
  const { count } = await ctx.db.shoppingCartItem.deleteMany({ where: { clientCartId: id } });
  if (count === 0) throw new AppError("NOT_FOUND", "Cart not found (it may already be empty).");
  return { isSuccess: true, message: `Cart cleared (${count} ${count === 1 ? "item" : "items"} removed).` };
}

export const ORDER_STATUSES = ["PENDING", "SCHEDULED", "COMPLETED", "CANCELLED"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

type WorkOrderState = { id: string; status: string; isOpen: boolean; postedAt: Date | null; scheduledDate: Date };

/**
 * An order's state, by the shop's rule: the work order it created is the truth (the office may
 * reschedule, post or cancel it); without one, the order's own status.
 */
export function orderState(
  order: Pick<OnlineOrder, "status" | "scheduledDate" | "completedDate">,
  workOrder: WorkOrderState | undefined,
): { status: OrderStatus; scheduledDate: Date | null; completedDate: Date | null } {
  let status = (ORDER_STATUSES as readonly string[]).includes(order.status) ? (order.status as OrderStatus) : "PENDING";
  let scheduledDate = order.scheduledDate;
  let completedDate = order.completedDate;
  if (workOrder) {
    scheduledDate = workOrder.scheduledDate;
    if (workOrder.status === "CANCELLED" || workOrder.status === "DELETED") status = "CANCELLED";
    else if (!workOrder.isOpen && workOrder.postedAt) {
      status = "COMPLETED";
      completedDate = completedDate ?? new Date(`${workOrder.postedAt.toISOString().slice(0, 10)}T00:00:00Z`);
    } else if (workOrder.isOpen) status = "SCHEDULED";
  }
  return { status, scheduledDate, completedDate: status === "COMPLETED" ? completedDate : null };
}

async function workOrderStates(ctx: Context, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  const rows = wanted.length
    ? await ctx.db.workOrder.findMany({
        where: { id: { in: wanted } },
        select: { id: true, status: true, isOpen: true, postedAt: true, scheduledDate: true },
      })
    : [];
  return new Map(rows.map((w) => [w.id, w]));
}

export type OrderRow = Omit<OnlineOrder, "status"> & {
  status: OrderStatus;
  lines: OnlineOrderLine[];
  customerAccountNumber: string;
  customerName: string;
};

/** Online orders, newest first, with their state; search by order number, account number or name. */
export async function onlineOrders(
  ctx: Context,
  input: { status?: string | null; search?: string | null; skip?: number | null; take?: number | null },
) {
  const v = parseInput(
    pageInput.extend({
      status: z.enum(ORDER_STATUSES).optional(),
      search: z.string().trim().max(100, "Search at most 100 characters.").default(""),
    }),
    withoutNulls(input),
  );
  let where = {};
  if (v.search) {
    const customers = await ctx.db.customer.findMany({
      where: {
        OR: [{ accountNumber: { startsWith: v.search } }, { name: { contains: v.search, mode: "insensitive" } }],
      },
      select: { id: true },
      take: 1000,
    });
    where = {
      OR: [{ number: { equals: v.search.replace(/^#/, "") } }, { customerId: { in: customers.map((c) => c.id) } }],
    };
  }
  // The state comes from each order's work order, so filtering and counting by state happen here
  // (a few columns per order; a branch has thousands of online orders, not millions).
  const all = await ctx.db.onlineOrder.findMany({
    where,
    select: { id: true, status: true, scheduledDate: true, completedDate: true, workOrderId: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  const states = await workOrderStates(
    ctx,
    all.map((o) => o.workOrderId),
  );
  const withState = all.map((o) => ({
    id: o.id,
    ...orderState(o, o.workOrderId ? states.get(o.workOrderId) : undefined),
  }));
  const statusCounts = ORDER_STATUSES.map((status) => ({
    status,
    count: withState.filter((o) => o.status === status).length,
  }));
  const matching = v.status ? withState.filter((o) => o.status === v.status) : withState;
  const page = matching.slice(v.skip, v.skip + v.take);
  const stateBy = new Map(page.map((o) => [o.id, o]));
  const orders = page.length
    ? await ctx.db.onlineOrder.findMany({
        where: { id: { in: page.map((o) => o.id) } },
        include: { lines: { orderBy: { id: "asc" } } },
      })
    : [];
  orders.sort((a, b) => page.findIndex((p) => p.id === a.id) - page.findIndex((p) => p.id === b.id));
  const customerIds = [...new Set(orders.map((o) => o.customerId))];
  const customers = customerIds.length
    ? await ctx.db.customer.findMany({
        where: { id: { in: customerIds } },
        select: { id: true, accountNumber: true, name: true },
      })
    : [];
  const customerBy = new Map(customers.map((c) => [c.id, c]));
  const rows: OrderRow[] = orders.map((o) => {
    const state = stateBy.get(o.id) as ReturnType<typeof orderState>;
    return {
      ...o,
      ...state,
      customerAccountNumber: customerBy.get(o.customerId)?.accountNumber ?? "",
      customerName: customerBy.get(o.customerId)?.name ?? "",
    };
  });
  return { orders: rows, totalCount: matching.length, statusCounts, skip: v.skip, take: v.take };
}

// ───────────── analytics ─────────────

/** "YYYY-MM-DD" of an instant in a time zone. */
export function localDate(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export type AnalyticsDay = {
  date: string;
  salesCents: number;
  orderCount: number;
  cartCount: number;
  convertedCartCount: number;
};

/**
 * Carts and sales over [startDate, endDate] (dates in the branch's time zone, both included).
 * - Orders and sales: orders placed in the period, cancelled ones left out; sales are order totals.
 * - Carts: shopping carts started in the period (a cart's first item, or its order when the shop
 *   emptied it at checkout). A cart is converted when an order was placed from it.
 */
export async function cartsAndSalesAnalytics(ctx: Context, input: { startDate: string; endDate: string }) {
  const { startDate, endDate } = input;
  if (startDate > endDate) throw badInput("The start date must be on or before the end date.");
  const dayCount =
    Math.round((+new Date(`${endDate}T00:00:00Z`) - +new Date(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;
  if (dayCount > 366) throw badInput("Choose a period of at most 366 days.");
  const tz = ctx.branch.timeZone;
  // Wide UTC bounds, then exact filtering by local date.
  const from = new Date(`${addDays(startDate, -1)}T00:00:00Z`);
  const to = new Date(`${addDays(endDate, 2)}T00:00:00Z`);
  const inPeriod = (d: Date) => {
    const day = localDate(d, tz);
    return day >= startDate && day <= endDate ? day : null;
  };

  const [orders, cartItems] = await Promise.all([
    ctx.db.onlineOrder.findMany({
      where: { createdAt: { gte: from, lt: to } },
      select: {
        id: true,
        clientCartId: true,
        status: true,
        scheduledDate: true,
        completedDate: true,
        workOrderId: true,
        totalCents: true,
        createdAt: true,
      },
    }),
    ctx.db.shoppingCartItem.findMany({
      where: { createdAt: { gte: from, lt: to } },
      select: { clientCartId: true, createdAt: true },
    }),
  ]);

  const days = new Map<string, AnalyticsDay>();
  for (let i = 0; i < dayCount; i++) {
    const date = addDays(startDate, i);
    days.set(date, { date, salesCents: 0, orderCount: 0, cartCount: 0, convertedCartCount: 0 });
  }

  const states = await workOrderStates(
    ctx,
    orders.map((o) => o.workOrderId),
  );
  const periodOrders = orders
    .filter((o) => inPeriod(o.createdAt))
    .map((o) => ({ ...o, status: orderState(o, o.workOrderId ? states.get(o.workOrderId) : undefined).status }));
  const counted = periodOrders.filter((o) => o.status !== "CANCELLED");
  for (const o of counted) {
    const day = days.get(localDate(o.createdAt, tz));
    if (!day) continue;
    day.salesCents += o.totalCents;
    day.orderCount += 1;
  }

  // Cart start = its earliest activity; converted = any non-cancelled order from it (placed at any time).
  const cartStart = new Map<string, Date>();
  const note = (cartId: string, at: Date) => {
    const seen = cartStart.get(cartId);
    if (!seen || at < seen) cartStart.set(cartId, at);
  };
  for (const c of cartItems) note(c.clientCartId, c.createdAt);
  for (const o of orders) note(o.clientCartId, o.createdAt);
  const startedIds = [...cartStart].filter(([, at]) => inPeriod(at)).map(([id]) => id);
  // Carts with an earlier start outside the wide window: an order placed long after the cart began.
  const earlier = startedIds.length
    ? await ctx.db.shoppingCartItem.findMany({
        where: { clientCartId: { in: startedIds }, createdAt: { lt: from } },
        select: { clientCartId: true },
      })
    : [];
  const startedBefore = new Set(earlier.map((e) => e.clientCartId));
  const cartIds = startedIds.filter((id) => !startedBefore.has(id));
  const cartOrders = cartIds.length
    ? await ctx.db.onlineOrder.findMany({
        where: { clientCartId: { in: cartIds } },
        select: { clientCartId: true, status: true, scheduledDate: true, completedDate: true, workOrderId: true },
      })
    : [];
  const cartOrderStates = await workOrderStates(
    ctx,
    cartOrders.map((o) => o.workOrderId),
  );
  const converted = new Set(
    cartOrders
      .filter(
        (o) => orderState(o, o.workOrderId ? cartOrderStates.get(o.workOrderId) : undefined).status !== "CANCELLED",
      )
      .map((o) => o.clientCartId),
  );
  for (const id of cartIds) {
    const day = days.get(localDate(cartStart.get(id) as Date, tz));
    if (!day) continue;
    day.cartCount += 1;
    if (converted.has(id)) day.convertedCartCount += 1;
  }

  // Best sellers among the period's orders.
  const lines = counted.length
    ? await ctx.db.onlineOrderLine.findMany({
        where: { orderId: { in: counted.map((o) => o.id) } },
        select: { itemId: true, title: true, quantity: true, amountCents: true },
      })
    : [];
  const byItem = new Map<string, { itemId: string; title: string; quantity: number; salesCents: number }>();
  for (const l of lines) {
    const e = byItem.get(l.itemId) ?? { itemId: l.itemId, title: l.title, quantity: 0, salesCents: 0 };
    e.quantity += l.quantity;
    e.salesCents += l.amountCents;
    byItem.set(l.itemId, e);
  }
  const topItems = [...byItem.values()]
    .sort((a, b) => b.salesCents - a.salesCents || b.quantity - a.quantity || a.title.localeCompare(b.title))
    .slice(0, 10);

  const salesCents = counted.reduce((s, o) => s + o.totalCents, 0);
  const orderCount = counted.length;
  const cartCount = cartIds.length;
  const convertedCartCount = cartIds.filter((id) => converted.has(id)).length;
  const ordersByStatus = ORDER_STATUSES.map((status) => ({
    status,
    count: periodOrders.filter((o) => o.status === status).length,
  }));
  return {
    startDate,
    endDate,
    timeZone: tz,
    salesCents,
    orderCount,
    averageOrderCents: orderCount ? Math.round(salesCents / orderCount) : 0,
    cartCount,
    convertedCartCount,
    conversionRate: cartCount ? convertedCartCount / cartCount : 0,
    days: [...days.values()],
    topItems,
    ordersByStatus,
  };
}
