import { badInput } from "../../errors.ts";
import type { Context } from "../../runtime.ts";
import { ORDER_STATUSES, orderState, workOrderStates } from "./ecommerce-admin.orders.ts";

// Carts and sales analytics, day by day in the branch's time zone.

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
