import { createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "../../errors.ts";
import type { OnlineOrder } from "../../generated/prisma/client.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { formatMoney } from "../../shared/money.ts";
import { parseInput } from "../../validation.ts";
import { chargeCustomer, voidPayment } from "../payments/payments.service.ts";
import { cartIdInput } from "./shop.cart.ts";
import { type PreparedOrder, prepareOrder } from "./shop.checkout.ts";
import { OrderStockError, PaymentVoidedError, shopMessages } from "./shop.common.ts";
import { onlineOrder } from "./shop.orders.ts";
import { testHooks, writeOrder } from "./shop.write-order.ts";

// Placing an order: one charge, then the online order and its work order in one transaction
// (shop.write-order.ts); a replayed idempotency key answers with the order it placed, and orders with
// the same key are serialized in this process.

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

/**
 * The order placed with `idempotencyKey` for this customer, or null when there is none: the server
 * never received that request, or it placed no order (declined, refused). A checkout whose answer was
 * lost asks this before offering to place the order again. A request with the key still running here
 * is waited for, so the answer is its outcome, not a guess made halfway through.
 */
export async function orderByKey(ctx: Context, customerId: string, idempotencyKey: string) {
  const key = parseInput(placeOrderInput.shape.idempotencyKey, idempotencyKey);
  await inFlight.get(`${ctx.branch.id}:${key}`)?.catch(() => {});
  const order = await ctx.db.onlineOrder.findFirst({
    where: { id: orderIdFor(ctx.branch.id, key), customerId },
    select: { id: true },
  });
  return order ? onlineOrder(ctx, order.id) : null;
}

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
    return fail(shopMessages.totalChanged(formatMoney(p.cost.total)));

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
  const rows = p.cost.items.map((l) => `${l.quantity} x ${l.title}  ${formatMoney(l.amount)}`);
  const totals = [
    `Products: ${formatMoney(p.cost.products)}`,
    `Sales tax: ${formatMoney(p.cost.tax)}`,
    `Shipping: ${formatMoney(p.cost.shipping + p.cost.shippingTax)}`,
    `Total charged: ${formatMoney(p.cost.total)}`,
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
        `<tr><td>${l.quantity} &times;</td><td>${escapeHtml(l.title)}</td><td align="right">${formatMoney(l.amount)}</td></tr>`,
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
