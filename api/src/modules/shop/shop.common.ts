import { clock } from "../../clock.ts";
import type { BranchPortalFeature, ProductListingStatus } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";

// What every part of the customer shop shares: its messages, its limits, the check that the branch's
// shop is enabled, and the branch's today.

export const shopMessages = {
  notEnabled: "The online shop is not enabled for this branch.",
  cartEmpty: "Your cart is empty.",
  productNotFound: "cant find product",
  outOfStock: "This item is out of stock.",
  notPurchasable: "This item can't be ordered online.",
  onlyInStock: (n: number) => `Only ${n} in stock.`,
  cartFull: "Your cart can hold at most 50 different items.",
  invalidCartId: "Invalid cart id.",
  cartOtherBranch: "This cart belongs to another shop.",
  addressNotFound: "Service address not found.",
  addressInactive: "This service address is no longer active.",
  creditHold: (phone: string) =>
    `This address is on credit hold, so online orders can't be delivered there. Please call us${phone ? ` at ${phone}` : ""}.`,
  customerInactive: "This account is not active, so it can't place orders.",
  noDeliveryDate: (phone: string) =>
    `There is no delivery date on the calendar for this address yet. Please call us${phone ? ` at ${phone}` : ""} to order.`,
  purchaseOrderRequired: "A purchase order is required for this account.",
  purchaseOrderNotFound: "Purchase order not found.",
  agreementRequired: "Please accept the payment agreement.",
  paymentMethodRequired: "Choose a payment method.",
  totalChanged: (total: string) => `The order total has changed to ${total}. Please review your order and try again.`,
  cartProblem: "Some items in your cart are no longer available. Please review your cart.",
  declined: "The payment was declined.",
  paymentFailed: "The payment could not be processed. Please try again.",
  placedVoided: "We couldn't place your order, so your payment was voided. Please try again.",
  paymentVoided: "The payment for this order was voided, so the order was not placed. Please try again.",
  placedVoidFailed: (phone: string) =>
    `We couldn't place your order and couldn't void the payment automatically. Please call us${phone ? ` at ${phone}` : ""} and we'll refund it right away.`,
  placed: "Thank you! Your order has been placed.",
  orderNotFound: "Order not found.",
} as const;

export const LISTED: ProductListingStatus[] = ["LISTED_AND_PURCHASABLE", "LISTED_BUT_NOT_PURCHASABLE"];

export const MAX_CART_LINES = 50;

export const MAX_QUANTITY = 999;

/**
 * Visitors and customers use the shop only when the branch has the E_COMMERCE feature: the scope every
 * storefront, cart and checkout root field declares (FORBIDDEN with notEnabled otherwise).
 */
export const SHOP_FEATURE = { anyOf: ["E_COMMERCE"] as BranchPortalFeature[], refusal: shopMessages.notEnabled };

/** Today's calendar date in the branch's time zone, as UTC midnight (how `@db.Date` columns read). */
export function branchToday(ctx: Context, now = clock.now()): Date {
  const s = new Intl.DateTimeFormat("en-CA", {
    timeZone: ctx.branch.timeZone || "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  return new Date(`${s}T00:00:00Z`);
}

export class OrderStockError extends Error {}

/** The order's payment no longer stands (it was voided), so no order may be written on it. */
export class PaymentVoidedError extends Error {}
