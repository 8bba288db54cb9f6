import type { ScopedTx } from "../../db/scoped.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { deliver, raise } from "../../events/bus.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { attemptStands, lockAttempt } from "../payments/payments.service.ts";
import type { PreparedOrder } from "./shop.checkout.ts";
import { OrderStockError, PaymentVoidedError, shopMessages } from "./shop.common.ts";

// Writing a placed order: the online order, its lines, its work order and the stock it takes, in one
// transaction, only on a payment that stands; then the order's charge on the customer's account.

/** Hooks for tests: failures injected after the charge (before and inside the order transaction). */
export const testHooks: {
  afterCharge?: () => void | Promise<void>;
  beforeCommit?: (orderId: string) => void | Promise<void>;
} = {};

export async function writeOrder(
  ctx: Context,
  p: PreparedOrder & { orderId: string; purchaseOrderId: string | null; attemptId: string | null; cartId: string },
) {
  const branchId = ctx.branch.id;
  for (let attempt = 1; ; attempt++) {
    try {
      const order = await ctx.db.$transaction(
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
          // Automations on "a work order is created" may act on the order's delivery: the event commits
          // with the order (events/bus.ts).
          if (order.workOrderId)
            await raise(tx, ctx, "WORK_ORDER_CREATED", { tableId: "WORK_ORDER", entityId: order.workOrderId });
          await testHooks.beforeCommit?.(order.id);
          return order;
        },
        { timeout: 20_000, maxWait: 15_000 },
      );
      await deliver(ctx);
      return order;
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
