import { AppError, badInput } from "../../errors.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { findCustomer } from "../customers/customers.service.ts";
import { cartIdInput, readCart, requireCartOfBranch, type ShoppingCart } from "./shop.cart.ts";
import { branchToday, shopMessages } from "./shop.common.ts";
import { computeOrderCost, type OrderCost } from "./shop.pricing.ts";

// Checkout: where a customer's order can go (service addresses with their next route date) and what
// it costs, prepared the same way for the cost shown and for the order placed.

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

export const addressLine1 = (a: { streetNumber: string; streetName: string }) =>
  `${a.streetNumber} ${a.streetName}`.trim();

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

export type PreparedOrder = {
  customer: Awaited<ReturnType<typeof findCustomer>>;
  address: { id: string; label: string };
  deliveryDate: Date;
  cart: ShoppingCart;
  cost: Omit<OrderCost, "items"> & { items: (OrderCost["items"][number] & { catalogItemId: string })[] };
};

/** Everything an order needs, checked: customer, address, its next delivery date, cart and cost. */
export async function prepareOrder(
  ctx: Context,
  input: { customerId: string; addressId: string; cartId: string },
): Promise<PreparedOrder> {
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
