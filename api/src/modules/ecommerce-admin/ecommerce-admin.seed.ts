import { clock } from "../../clock.ts";
import { insertRows, seededRandom } from "../../db/seed-tools.ts";
import type { Prisma } from "../../generated/prisma/client.ts";

// Demo data for the team's e-commerce screens on the demo branch: pricing plans, two months of online
// orders from other customers (not 100001, whose history the shop seed sets) and the carts shoppers
// left behind, so operations and analytics have something to show.
//
// Runs inside seedDemo's transaction after the shop seed. Dates are relative to today (the analytics
// default to the last 30 days); values come from a fixed-seed generator, so every run is alike.
// Order numbers 901-960 stay below the shop's numbering (it continues after the highest, 1003).

type Tx = Prisma.TransactionClient;

const DAY = 86_400_000;
const ORDERS = 60;
const ABANDONED_CARTS = 48;

export async function seedEcommerceDemo(tx: Tx, now = clock.now()): Promise<void> {
  const demo = await tx.branch.findUnique({ where: { host: "demo" } });
  if (!demo) return;
  const branchId = demo.id;
  const r = seededRandom(20261121);

  if ((await tx.pricingPlan.count({ where: { branchId } })) === 0) {
    await insertRows(tx, "PricingPlan", [
      { id: r.uuid(), branchId, name: "Residential", discountPercent: 0, inactive: false },
      { id: r.uuid(), branchId, name: "Commercial", discountPercent: 10, inactive: false },
      { id: r.uuid(), branchId, name: "Employee", discountPercent: 20, inactive: false },
      { id: r.uuid(), branchId, name: "Summer promotion 2025", discountPercent: 15, inactive: true },
    ]);
  }

  const items = (
    await tx.catalogItem.findMany({
      where: { branchId, inactive: false, ecommerceStatus: "LISTED_AND_PURCHASABLE" },
      orderBy: { partNumber: "asc" },
    })
  ).map((i) => ({
    ...i,
    title: i.eCommerceTitle || i.description,
    price: i.salePriceCents !== null && i.salePriceCents < i.retailPriceCents ? i.salePriceCents : i.retailPriceCents,
  }));
  if (!items.length) return;
  // Water sells most; dispensers now and then.
  const weighted = items.flatMap((i) =>
    Array.from({ length: /^(5G|3G|CASE)/.test(i.partNumber) ? 5 : /^DISP|^RO/.test(i.partNumber) ? 1 : 2 }, () => i),
  );

  const customers = await tx.customer.findMany({
    where: { branchId, accountNumber: { gt: "100001" }, status: "ACTIVE" },
    orderBy: { accountNumber: "asc" },
    take: 80,
    select: { id: true, serviceAddresses: { select: { id: true }, take: 1, orderBy: { createdAt: "asc" } } },
  });
  const buyers = customers.filter((c) => c.serviceAddresses.length);
  if (!buyers.length) return;
  const jane = await tx.user.findFirst({ where: { branchId, email: "customer@demo.test" } });

  const taxRate = demo.salesTaxRateBasisPoints;
  const tax = (amount: number, taxable: boolean) => (taxable ? Math.floor((amount * taxRate) / 10_000 + 0.5) : 0);
  const config = await tx.storefrontConfig.findUnique({ where: { branchId } });
  const shipping = config?.shippingCents ?? 0;
  const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

  const orders: Prisma.OnlineOrderCreateManyInput[] = [];
  const lines: Prisma.OnlineOrderLineCreateManyInput[] = [];
  for (let n = 0; n < ORDERS; n++) {
    // More orders lately: the shop is growing.
    const daysAgo = Math.floor(59 * r.next() ** 1.3);
    const placed = new Date(now.getTime() - daysAgo * DAY);
    placed.setUTCHours(r.int(13, 23), r.int(0, 59), r.int(0, 59), 0);
    // Drawn whether used or not, so that the draws (and the data) do not depend on the hour.
    const minutesAgo = r.int(5, 180);
    if (placed > now) placed.setTime(now.getTime() - minutesAgo * 60_000);
    const buyer = r.pick(buyers);
    const chosen = new Map<string, (typeof items)[number]>();
    const count = r.int(1, 3);
    while (chosen.size < count) {
      const item = r.pick(weighted);
      chosen.set(item.id, item);
    }
    const orderId = r.uuid();
    let subtotal = 0;
    let taxCents = 0;
    for (const item of chosen.values()) {
      const quantity = /^(5G|3G|CASE|SALT)/.test(item.partNumber) ? r.int(1, 4) : 1;
      const amount = item.price * quantity;
      const lineTax = tax(amount, item.taxable);
      subtotal += amount;
      taxCents += lineTax;
      lines.push({
        id: r.uuid(),
        branchId,
        orderId,
        itemId: item.id,
        title: item.title,
        quantity,
        unitPriceCents: item.price,
        amountCents: amount,
        salesTaxCents: lineTax,
      });
    }
    const delivery = new Date(placed.getTime() + r.int(2, 6) * DAY);
    // About one order in fifteen is cancelled, and always a few (the operations page filters on them).
    const cancelled = r.next() < 0.07 || n % 20 === 7;
    const delivered = !cancelled && delivery.getTime() < now.getTime() - DAY;
    orders.push({
      id: orderId,
      branchId,
      number: "",
      customerId: buyer.id,
      serviceAddressId: buyer.serviceAddresses[0]!.id,
      workOrderId: null,
      purchaseOrderId: null,
      clientCartId: r.uuid(),
      userId: null,
      status: cancelled ? "CANCELLED" : delivered ? "COMPLETED" : "SCHEDULED",
      scheduledDate: dateOnly(delivery) as unknown as Date,
      completedDate: delivered ? (dateOnly(delivery) as unknown as Date) : null,
      subtotalCents: subtotal,
      taxCents,
      shippingCents: shipping,
      shippingTaxCents: 0,
      totalCents: subtotal + taxCents + shipping,
      paymentAttemptId: null,
      invoiceId: null,
      surchargeWaived: false,
      createdAt: placed,
    });
  }

  // Carts that never reached checkout (visitors mostly; two of Jane's).
  const cartRows: Prisma.ShoppingCartItemCreateManyInput[] = [];
  for (let n = 0; n < ABANDONED_CARTS; n++) {
    const cartId = r.uuid();
    const daysAgo = n < 3 ? 0 : Math.floor(59 * r.next() ** 1.2);
    const started = new Date(now.getTime() - daysAgo * DAY);
    started.setUTCHours(r.int(13, 23), r.int(0, 59), r.int(0, 59), 0);
    const minutesAgo = r.int(10, 240);
    if (started > now) started.setTime(now.getTime() - minutesAgo * 60_000);
    const userId = jane && (n === 1 || n === 9) ? jane.id : null;
    const chosen = new Set<string>();
    const count = r.int(1, 3);
    while (chosen.size < count) chosen.add(r.pick(weighted).id);
    let minute = 0;
    for (const itemId of chosen) {
      const at = new Date(Math.min(now.getTime(), started.getTime() + minute * 60_000));
      minute += r.int(1, 8);
      cartRows.push({
        id: r.uuid(),
        branchId,
        clientCartId: cartId,
        itemId,
        quantity: r.int(1, 3),
        userId,
        lastModified: at,
        createdAt: at,
      });
    }
  }

  // Numbered in the order they were placed.
  orders.sort((a, b) => +new Date(a.createdAt as Date) - +new Date(b.createdAt as Date));
  orders.forEach((o, i) => {
    o.number = String(901 + i);
  });
  await insertRows(tx, "OnlineOrder", orders);
  await insertRows(tx, "OnlineOrderLine", lines);
  await insertRows(tx, "ShoppingCartItem", cartRows);
}
