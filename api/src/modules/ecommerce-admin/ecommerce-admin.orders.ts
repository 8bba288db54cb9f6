import { z } from "zod";
import { AppError } from "../../errors.ts";
import type { OnlineOrder, OnlineOrderLine } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";

// Open carts and online orders as the team sees them; an order's status follows its work order.

/** The price a shopper pays: the sale price only when it is lower than the retail price. */
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

export async function workOrderStates(ctx: Context, ids: (string | null)[]) {
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
