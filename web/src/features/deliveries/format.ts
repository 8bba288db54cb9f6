import { formatCalendarDate } from "@/lib/format";
import type { DeliveryAddress } from "./api";

// Dates from the API are calendar dates ("2026-11-30"); they are shown as such, never shifted by a time
// zone (lib/format.ts).

/** "Monday, November 30" (with the year when it is not this year). */
export function formatLongDate(iso: string): string {
  const sameYear = Number(iso.slice(0, 4)) === new Date().getFullYear();
  return formatCalendarDate(iso, sameYear ? "dayLong" : "full");
}

/** { weekday: "Mon", day: "Nov 30" } for a date card. */
export function formatDateParts(iso: string) {
  return { weekday: formatCalendarDate(iso, "weekdayOnly"), day: formatCalendarDate(iso, "short") };
}

/** "Nov 30, 2026" */
export function formatShortDate(iso: string): string {
  return formatCalendarDate(iso, "medium");
}

export function frequencyLabel(weeks: number): string {
  return weeks <= 1 ? "Every week" : `Every ${weeks} weeks`;
}

/** "1100 Congress Ave, Suite 200" */
export function streetLine(a: Pick<DeliveryAddress, "streetNumber" | "streetName" | "address2">): string {
  const street = `${a.streetNumber} ${a.streetName}`.trim();
  return a.address2 ? `${street}, ${a.address2}` : street;
}

/** "Austin, TX 78701" */
export function cityLine(a: Pick<DeliveryAddress, "city" | "state" | "postalCode">): string {
  return `${a.city}, ${a.state} ${a.postalCode}`.trim();
}

/** Who receives the deliveries there: the company, else the person. */
export function recipientName(a: Pick<DeliveryAddress, "company" | "firstName" | "lastName">): string {
  return a.company || `${a.firstName} ${a.lastName}`.trim();
}

export function deliveriesPath(customerId?: string, addressId?: string, rest?: string): string {
  return ["/Deliveries", customerId, addressId, rest].filter(Boolean).join("/");
}

/**
 * The number a customer knows a delivery by: a shop order keeps its order number ("Order #1004", as in
 * order history and the confirmation e-mail); other deliveries show their own ("Delivery #8022").
 */
export function deliveryName(o: { number: number; shopOrder?: { number: string } | null }): {
  kind: "Order" | "Delivery";
  number: string;
} {
  return o.shopOrder?.number
    ? { kind: "Order", number: `#${o.shopOrder.number}` }
    : { kind: "Delivery", number: `#${o.number}` };
}
