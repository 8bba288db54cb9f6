import { raiseOnce } from "../../events/once.ts";
import type { Context } from "../../runtime.ts";
import { addDays, dateFromIso, isoDate } from "./delivery-dates.ts";

// RENTAL_ANNIVERSARY: a customer's rented cooler (or other equipment) has been out another whole year.
// An active rental's anniversary (the month and day of its start, a year or more later) is raised on the
// customer when it is today or passed in the last 7 days (a sweep that did not run for a few days still
// catches it), once per rental and year (events/once.ts).

export const ANNIVERSARY_GRACE_DAYS = 7;

/** The anniversary of `start` in `year` (YYYY-MM-DD); a 29 February start has it on the 28th in other years. */
export function anniversaryIn(start: string, year: number): string {
  const [, m, d] = start.split("-").map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return isoDate(new Date(Date.UTC(year, m - 1, Math.min(d, lastOfMonth))));
}

/** Raises the anniversaries due on `today` (or in the 7 days before); how many were raised now. */
export async function raiseRentalAnniversaries(ctx: Context, today: string): Promise<number> {
  const from = addDays(today, -ANNIVERSARY_GRACE_DAYS);
  const rentals = await ctx.db.rental.findMany({
    where: {
      startDate: { lte: dateFromIso(addDays(today, -365)) },
      OR: [{ endDate: null }, { endDate: { gte: dateFromIso(today) } }],
    },
    select: { id: true, customerId: true, startDate: true },
    orderBy: { startDate: "asc" },
  });
  const thisYear = Number(today.slice(0, 4));
  let raised = 0;
  for (const rental of rentals) {
    const start = isoDate(rental.startDate);
    const startYear = Number(start.slice(0, 4));
    // the window may cross New Year: look at this year's anniversary and last year's
    for (const year of [thisYear - 1, thisYear]) {
      const day = anniversaryIn(start, year);
      if (year - startYear < 1 || day < from || day > today) continue;
      const now = await raiseOnce(
        ctx,
        "RENTAL_ANNIVERSARY",
        { tableId: "CUSTOMER", entityId: rental.customerId },
        { entityId: rental.id, key: String(year) },
      );
      if (now) raised++;
    }
  }
  return raised;
}
