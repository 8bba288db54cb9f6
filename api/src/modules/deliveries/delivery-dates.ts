// Calendar arithmetic for portal delivery orders. Dates are "YYYY-MM-DD" strings (the `@db.Date`
// columns come back as UTC midnight); "today" is the branch's local date. See
// docs/decisions/0200-delivery-dates-and-cutoff.md.

import { wallDateAndHour } from "../../shared/wall-time.ts";

/** Orders placed before this local hour may be delivered on the next day's route run. */
export const ORDER_CUTOFF_HOUR = 15;
/** However short a service's cycle, the portal offers at least this many days of route runs. */
export const MIN_HORIZON_DAYS = 28;

const DAY_MS = 86_400_000;

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function dateFromIso(s: string): Date {
  return new Date(`${s}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return isoDate(new Date(dateFromIso(date).getTime() + days * DAY_MS));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((dateFromIso(to).getTime() - dateFromIso(from).getTime()) / DAY_MS);
}

/** The local calendar date and hour of an instant in a time zone. */
export const localNow = wallDateAndHour;

/**
 * The first date a portal order (new or changed) may be delivered: tomorrow, or the day after when it
 * is already past the cutoff hour in the branch's time zone. Never today: the trucks are loaded.
 */
export function earliestOrderDate(now: Date, timeZone: string): string {
  const { date, hour } = localNow(now, timeZone);
  return addDays(date, hour >= ORDER_CUTOFF_HOUR ? 2 : 1);
}

export type ServiceSchedule = {
  serviceId: string;
  routeId: string;
  routeNumber: string;
  routeName: string;
  /** Weeks between regular deliveries. */
  interval: number;
  nextDeliveryDate: string | null;
};

export type OfferedDate = {
  serviceId: string;
  date: string;
  routeNumber: string;
  routeName: string;
  /** On the service's regular cycle (every `interval` weeks from its next delivery date). */
  isRegular: boolean;
  /** An open work order already on this date at this address. */
  workOrderId: string | null;
};

/**
 * The dates a customer may choose for a delivery at one address: run dates of the routes of its active
 * services, from the next open slot (the first run on or after `earliest`) up to one full cycle past
 * the service's next regular delivery (at least MIN_HORIZON_DAYS). One entry per date; when two
 * services share a date, the one whose regular cycle it is wins.
 */
export function offeredDates(input: {
  services: ServiceSchedule[];
  calendar: { routeId: string; date: string }[];
  earliest: string;
  openOrders: { id: string; date: string }[];
}): OfferedDate[] {
  const byDate = new Map<string, OfferedDate>();
  const orderOn = new Map<string, string>();
  for (const o of input.openOrders) if (!orderOn.has(o.date)) orderOn.set(o.date, o.id);

  for (const s of input.services) {
    const interval = Math.max(1, Math.trunc(s.interval) || 1);
    const period = interval * 7;
    const anchor = s.nextDeliveryDate;
    const cycleEnd = addDays(anchor && anchor > input.earliest ? anchor : input.earliest, period);
    const horizon = [cycleEnd, addDays(input.earliest, MIN_HORIZON_DAYS - 1)].sort().at(-1)!;
    for (const c of input.calendar) {
      if (c.routeId !== s.routeId || c.date < input.earliest || c.date > horizon) continue;
      const isRegular = anchor !== null && ((daysBetween(anchor, c.date) % period) + period) % period === 0;
      const existing = byDate.get(c.date);
      if (existing && (existing.isRegular || !isRegular)) continue;
      byDate.set(c.date, {
        serviceId: s.serviceId,
        date: c.date,
        routeNumber: s.routeNumber,
        routeName: s.routeName,
        isRegular,
        workOrderId: orderOn.get(c.date) ?? null,
      });
    }
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const longDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "Monday, November 30" */
export function formatLongDate(date: string): string {
  return longDate.format(dateFromIso(date));
}
