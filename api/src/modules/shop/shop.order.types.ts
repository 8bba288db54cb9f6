import { builder, resultType } from "../../pothos/builder.ts";
import type * as shop from "./shop.service.ts";
import { cents, ShopProductMediaRef } from "./shop.types.ts";

// The GraphQL types of an online order (shop.schema.ts): its lines and transactions, placing it (the
// result and the input). Money is integer cents.

export type OrderLine = shop.ShopOrderView["lines"][number];
export const ShopOrderLineRef = builder.objectRef<OrderLine>("ShopOrderLine").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    itemId: t.exposeID("itemId"),
    title: t.exposeString("title"),
    quantity: t.exposeInt("quantity"),
    unitPrice: t.int({ ...cents("One unit."), resolve: (l) => l.unitPriceCents }),
    amount: t.int({ ...cents("Quantity times unit price."), resolve: (l) => l.amountCents }),
    salesTax: t.int({ ...cents("Sales tax on the line."), resolve: (l) => l.salesTaxCents }),
    image: t.field({ type: ShopProductMediaRef, nullable: true, resolve: (l) => l.image }),
    productAvailable: t.exposeBoolean("productAvailable", {
      description: "Whether the product is still listed in the shop.",
    }),
  }),
});

export type OrderTransaction = {
  id: string;
  type: "ITEM" | "SHIPPING" | "PAYMENT";
  quantity: number;
  unitPrice: number;
  amount: number;
  salesTax: number;
  payment: number;
  itemId: string | null;
};
export const ShopOrderTransactionRef = builder.objectRef<OrderTransaction>("ShopOrderTransaction").implement({
  description: "The order as billing lines: its items, shipping and the payment.",
  fields: (t) => ({
    id: t.exposeID("id"),
    type: t.exposeString("type", { description: "ITEM, SHIPPING or PAYMENT." }),
    quantity: t.exposeInt("quantity"),
    unitPrice: t.exposeInt("unitPrice", cents("One unit.")),
    amount: t.exposeInt("amount", cents("Before tax.")),
    salesTax: t.exposeInt("salesTax", cents("Sales tax.")),
    payment: t.exposeInt("payment", cents("Amount paid (PAYMENT lines).")),
    itemId: t.exposeID("itemId", { nullable: true }),
  }),
});

export const ShopOrderRef = builder.objectRef<shop.ShopOrderView>("ShopOrder").implement({
  description: "An online order placed in the shop.",
  fields: (t) => ({
    id: t.exposeID("id"),
    number: t.exposeString("number", { description: 'Shown as "#<number>"; blank when it contains "*".' }),
    customerId: t.exposeID("customerId"),
    accountNumber: t.exposeString("accountNumber"),
    customerName: t.exposeString("customerName"),
    serviceAddressId: t.exposeID("serviceAddressId"),
    addressLabel: t.exposeString("addressLabel"),
    purchaseOrderId: t.exposeID("purchaseOrderId", { nullable: true }),
    purchaseOrderNumber: t.exposeString("purchaseOrderNumber", { nullable: true }),
    workOrderId: t.exposeID("workOrderId", { nullable: true }),
    status: t.exposeString("status", { description: "PENDING, SCHEDULED, COMPLETED or CANCELLED." }),
    pending: t.exposeBoolean("pending", { description: "Not delivered or cancelled yet." }),
    placedAt: t.field({ type: "DateTime", resolve: (o) => o.placedAt }),
    scheduledDate: t.field({ type: "Date", nullable: true, resolve: (o) => o.scheduledDate }),
    completedDate: t.field({ type: "Date", nullable: true, resolve: (o) => o.completedDate }),
    subtotal: t.exposeInt("subtotal", cents("Products before tax.")),
    tax: t.exposeInt("tax", cents("Sales tax on the products.")),
    shipping: t.exposeInt("shipping", cents("Shipping.")),
    shippingTax: t.exposeInt("shippingTax", cents("Sales tax on shipping.")),
    total: t.exposeInt("total", cents("What was charged.")),
    invoiceId: t.exposeID("invoiceId", { nullable: true }),
    invoiceDisplayId: t.exposeString("invoiceDisplayId", { nullable: true }),
    surchargeWaived: t.exposeBoolean("surchargeWaived"),
    paymentLabel: t.exposeString("paymentLabel", { description: 'How it was paid, e.g. "Visa ending in 1111".' }),
    oneLineBillingDescription: t.exposeString("oneLineBillingDescription"),
    lines: t.field({ type: [ShopOrderLineRef], resolve: (o) => o.lines }),
    transactions: t.field({
      type: [ShopOrderTransactionRef],
      resolve: (o) => {
        const rows: OrderTransaction[] = o.lines.map((l) => ({
          id: l.id,
          type: "ITEM",
          quantity: l.quantity,
          unitPrice: l.unitPriceCents,
          amount: l.amountCents,
          salesTax: l.salesTaxCents,
          payment: 0,
          itemId: l.itemId,
        }));
        if (o.shipping > 0)
          rows.push({
            id: `${o.id}:shipping`,
            type: "SHIPPING",
            quantity: 1,
            unitPrice: o.shipping,
            amount: o.shipping,
            salesTax: o.shippingTax,
            payment: 0,
            itemId: null,
          });
        if (o.paymentLabel)
          rows.push({
            id: `${o.id}:payment`,
            type: "PAYMENT",
            quantity: 1,
            unitPrice: 0,
            amount: 0,
            salesTax: 0,
            payment: o.total,
            itemId: null,
          });
        return rows;
      },
    }),
  }),
});

export const PlaceOrderResultRef = resultType<shop.PlaceOrderResult>("PlaceOrderResult", (t) => ({
  orderId: t.exposeID("orderId", { nullable: true }),
  orderNumber: t.exposeString("orderNumber", { nullable: true }),
  paymentResult: t.exposeString("paymentResult", {
    nullable: true,
    description: "SUCCESS, DECLINED or FAILURE when a charge was attempted.",
  }),
}));

export const ShopPaymentMethodInput = builder.inputType("ShopPaymentMethodInput", {
  description: "Either a saved payment account, or a new card/bank token from the payment form.",
  fields: (t) => ({
    paymentAccountId: t.id(),
    token: t.string(),
    saveForLater: t.boolean(),
  }),
});

export const PlaceOrderInput = builder.inputType("PlaceOrderInput", {
  fields: (t) => ({
    customerId: t.id({ required: true }),
    addressId: t.id({ required: true }),
    cartId: t.id({ required: true }),
    purchaseOrderId: t.id(),
    paymentMethod: t.field({ type: ShopPaymentMethodInput, required: true }),
    acceptAgreement: t.boolean({ description: "The branch's payment agreement was accepted." }),
    idempotencyKey: t.string({
      required: true,
      description: "One key per checkout attempt: a repeated submit with it charges once and returns the same order.",
    }),
    expectedTotal: t.int({
      description: "The total the customer saw, in cents; the order is refused when the total differs.",
    }),
  }),
});
