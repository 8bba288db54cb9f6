import { clock } from "../../clock.ts";
import type { WorkOrder } from "../../generated/prisma/client.ts";
import type { BranchPortalFeature } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { earliestOrderDate, isoDate } from "./delivery-dates.ts";

// What every part of portal deliveries shares: the limits, messages, the branch feature scope and
// which dates an order may be placed for or changed on.

export const MAX_QUANTITY = 99;
export const PORTAL_SOURCE = "PORTAL";

export const messages = {
  featureOff: "Scheduling deliveries online isn't available for this branch.",
  addressNotFound: "Service address not found.",
  orderNotFound: "Delivery not found.",
  inactiveAddress: "This service address is no longer active.",
  noItems: "Choose at least one item to deliver.",
  quantity: "Quantities must be whole numbers from 0 to 99.",
  duplicateItem: "Each item can be listed only once.",
  unknownItem: "That item isn't available for this address.",
  onceOnly: (name: string) => `${name} can only be added once per delivery.`,
  dateNotOffered: "Choose one of the available delivery dates.",
  dateTaken: "You already have a delivery on that date. Change that delivery instead.",
  poRequired: "A purchase order number is required for this account.",
  poTooLong: "Purchase order numbers are at most 30 characters.",
  notEditable: "This delivery can no longer be changed online. Please call us to change it.",
} as const;

export function creditHoldMessage(ctx: Context): string {
  const phone = ctx.branch.phone ? ` at ${ctx.branch.phone}` : "";
  return `This address is on credit hold, so deliveries can't be scheduled online. Please call us${phone} to arrange a delivery.`;
}

/**
 * Deliveries are a portal feature of the branch (WEB_PORTAL_DELIVERIES): the scope their root fields and
 * address fields declare; FORBIDDEN with featureOff when it is off.
 */
export const DELIVERIES_FEATURE = {
  anyOf: ["WEB_PORTAL_DELIVERIES"] as BranchPortalFeature[],
  refusal: messages.featureOff,
};
/** The route calendar is also where the shop's checkout picks a delivery date (E_COMMERCE). */
export const CALENDAR_FEATURE = {
  ...DELIVERIES_FEATURE,
  anyOf: ["WEB_PORTAL_DELIVERIES", "E_COMMERCE"] as BranchPortalFeature[],
};

export function deliveriesEnabled(ctx: Context): boolean {
  return ctx.branch.features.includes("WEB_PORTAL_DELIVERIES");
}

/** The first date an order may be placed for or changed on, in the branch's time zone. */
export function earliestDate(ctx: Context, now = clock.now()): string {
  return earliestOrderDate(now, ctx.branch.timeZone);
}

/**
 * Open, not posted, not cancelled and not before the next orderable date. Shop orders are prepaid: changing
 * or cancelling them here would leave the payment behind, so they are changed through the office.
 */
export function canEditOrder(
  order: Pick<WorkOrder, "isOpen" | "status" | "postedAt" | "scheduledDate" | "source">,
  earliest: string,
): boolean {
  return (
    order.source !== "SHOP" &&
    order.isOpen &&
    order.status === "ACTIVE" &&
    !order.postedAt &&
    isoDate(order.scheduledDate) >= earliest
  );
}
