import { linkedCustomerIds } from "../../auth/linked-customers.ts";
import { AppError } from "../../errors.ts";
import type { OnlineOrder, OnlineOrderLine } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { findCustomer } from "../customers/customers.service.ts";
import type { ShopMedia } from "./shop.catalogue.ts";
import { addressLine1 } from "./shop.checkout.ts";
import { LISTED, shopMessages } from "./shop.common.ts";

// A customer's online orders as the portal shows them: status, lines, delivery and payment.

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
