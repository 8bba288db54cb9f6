import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../src/generated/prisma/client.ts";

export type OrderLine = { itemId: string; title: string; quantity: number; amountCents: number };

export type OrderOptions = {
  customerId: string;
  serviceAddressId: string;
  lines: OrderLine[];
  number?: string;
  clientCartId?: string;
  /** PENDING (default), SCHEDULED, COMPLETED or CANCELLED. */
  status?: string;
  workOrderId?: string;
  createdAt?: Date;
};

let orderCounter = 0;

/** An online (shop) order with its lines; no tax or shipping, the total is the lines' sum. */
export async function makeOrder(prisma: PrismaClient, branchId: string, opts: OrderOptions) {
  const totalCents = opts.lines.reduce((sum, l) => sum + l.amountCents, 0);
  orderCounter += 1;
  return prisma.onlineOrder.create({
    data: {
      branchId,
      number: opts.number ?? String(90_000 + orderCounter),
      customerId: opts.customerId,
      serviceAddressId: opts.serviceAddressId,
      clientCartId: opts.clientCartId ?? `cart-${randomBytes(4).toString("hex")}`,
      status: opts.status,
      workOrderId: opts.workOrderId,
      subtotalCents: totalCents,
      taxCents: 0,
      shippingCents: 0,
      shippingTaxCents: 0,
      totalCents,
      createdAt: opts.createdAt,
      lines: {
        create: opts.lines.map((l) => ({
          branchId,
          itemId: l.itemId,
          title: l.title,
          quantity: l.quantity,
          unitPriceCents: Math.round(l.amountCents / l.quantity),
          amountCents: l.amountCents,
          salesTaxCents: 0,
        })),
      },
    },
    include: { lines: true },
  });
}
