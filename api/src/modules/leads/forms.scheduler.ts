import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import type { Context } from "../../runtime.ts";
import {
  type FreeWindow,
  freeWindows,
  lockSlotWindow,
  parseWindowValue,
  type SlotWindow,
  zoneSlotWindows,
} from "../availability/availability.free.ts";
import type { LeadReservation } from "./accept-lead.ts";
import { geocodeArrival } from "./arrival.geocode.ts";
import type { FormWithElements } from "./forms.service.ts";
import { leadZoneAt } from "./setup.service.ts";

// The appointment scheduler of a public lead form (hasAppointmentScheduler). The visitor's address is
// placed as an arriving lead's is (the product's geocoder, then the zone of the lead map it falls in),
// and the form offers that zone's appointment windows of the next `days` days that still have a place
// (the first `daysShown` days that have one):
// a window's capacity minus the appointments already booked in it. An appointment is a lead's
// (appointment at the window's start, kind APPOINTMENT, in the zone), counted while the lead is not
// discarded or merged away. Booking happens in the new lead's own transaction, with the window's weekly
// slot row locked: of two visitors taking the last place at once, the second waits, counts the first's
// appointment, and is refused (SlotRefused), nothing stored.

export const SCHEDULER = {
  /** How many days ahead windows are offered, today included. */
  days: 14,
  /** A window starting sooner than this is no longer offered (someone must be able to get there). */
  noticeMinutes: 60,
  /** At most this many days with a free time are shown (a phone's page stays short). */
  daysShown: 6,
  /** Address look-ups per visitor address per 10 minutes (a look-up may ask a paid geocoder). */
  lookupLimit: 60,
} as const;

export type SchedulerAddress = { address: string; city: string; postalCode: string };

/** What the form offers for an address. */
export type SlotOffer =
  | { state: "no-address" }
  | { state: "no-zone" }
  | { state: "none"; zoneId: string }
  | { state: "slots"; zoneId: string; days: { date: string; windows: FreeWindow[] }[] };

export class SlotRefused extends Error {
  constructor(
    message: string,
    readonly why: "taken" | "gone",
  ) {
    super(message);
  }
}

/** The visitor's answers to the form's address questions (native ADDRESS, CITY, POSTAL_CODE). */
export function schedulerAddress(form: FormWithElements, answers: Map<string, string[]>): SchedulerAddress {
  const of = (field: "ADDRESS" | "CITY" | "POSTAL_CODE") => {
    const e = form.elements.find((x) => x.isNativeLeadField && x.leadFieldId === field);
    return (e ? answers.get(e.id)?.[0] : undefined)?.trim().slice(0, 200) ?? "";
  };
  return { address: of("ADDRESS"), city: of("CITY"), postalCode: of("POSTAL_CODE") };
}

/** The zone of the lead map the address falls in, or null (not found, or outside every zone). */
export async function zoneOfAddress(ctx: Context, a: SchedulerAddress): Promise<string | null> {
  if (!a.address && !a.postalCode) return null;
  const point = await geocodeArrival(ctx, a);
  return point ? leadZoneAt(ctx, point.latitude, point.longitude) : null;
}

const notBefore = () => new Date(clock.nowMs() + SCHEDULER.noticeMinutes * 60_000);

/** The appointment times booked in a zone between two instants (leads not discarded nor merged away). */
async function bookedIn(db: Context["db"] | ScopedTx, zoneId: string, from: Date, to: Date): Promise<Date[]> {
  const rows = await db.lead.findMany({
    where: {
      zoneId,
      appointmentKind: "APPOINTMENT",
      appointment: { gte: from, lt: to },
      status: { not: "DISCARDED" },
      mergedIntoId: null,
    },
    select: { appointment: true },
    take: 10_000,
  });
  return rows.flatMap((r) => (r.appointment ? [r.appointment] : []));
}

/** The zone's windows with a place left, by day. */
export async function freeSlotsOfZone(ctx: Context, zoneId: string): Promise<SlotOffer> {
  const windows = await zoneSlotWindows(ctx, { zoneId, days: SCHEDULER.days, notBefore: notBefore() });
  if (!windows.length) return { state: "none", zoneId };
  const booked = await bookedIn(ctx.db, zoneId, windows[0]!.start, windows.at(-1)!.end);
  const free = freeWindows(windows, booked).filter((w) => w.free > 0);
  if (!free.length) return { state: "none", zoneId };
  const days: { date: string; windows: FreeWindow[] }[] = [];
  for (const w of free) {
    const last = days.at(-1);
    if (last?.date === w.date) last.windows.push(w);
    else days.push({ date: w.date, windows: [w] });
  }
  return { state: "slots", zoneId, days: days.slice(0, SCHEDULER.daysShown) };
}

/** What the form offers for the visitor's address. */
export async function offerSlots(ctx: Context, a: SchedulerAddress): Promise<SlotOffer> {
  if (!a.address && !a.postalCode) return { state: "no-address" };
  const zoneId = await zoneOfAddress(ctx, a);
  return zoneId ? freeSlotsOfZone(ctx, zoneId) : { state: "no-zone" };
}

/** "Thursday, December 3" of a calendar date. */
export const dayLabel = (date: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );

const clockText = (minute: number, withSuffix: boolean) => {
  const h = Math.floor(minute / 60) % 24;
  const m = minute % 60;
  const h12 = h % 12 || 12;
  return `${h12}${m ? `:${String(m).padStart(2, "0")}` : ""}${withSuffix ? (h < 12 ? " am" : " pm") : ""}`;
};

/** "9–11 am", "11 am–1 pm": a window's wall times, short. */
export function windowLabel(w: { startMinute: number; endMinute: number }) {
  const part = (m: number) => Math.floor(m / 720) % 2;
  const samePart = part(w.startMinute) === part(w.endMinute);
  return `${clockText(w.startMinute, !samePart)}–${clockText(w.endMinute, true)}`;
}

/** "Thursday, December 3, 9–11 am". */
export const windowText = (w: { date: string; startMinute: number; endMinute: number }) =>
  `${dayLabel(w.date)}, ${windowLabel(w)}`;

/** A chosen window's value is well formed and within the days offered (before any work is done). */
export function checkChosenWindow(value: string): string | null {
  const parsed = parseWindowValue(value);
  if (!parsed) return "That appointment time cannot be read. Please choose a time below.";
  const last = new Date(clock.nowMs() + (SCHEDULER.days + 1) * 86400_000).toISOString().slice(0, 10);
  if (parsed.date > last) return "That appointment time is too far ahead. Please choose a time below.";
  return null;
}

const goneRefusal = () =>
  new SlotRefused("That time is no longer offered for this address. Please choose another time below.", "gone");
const takenRefusal = (w: SlotWindow) =>
  new SlotRefused(
    `${windowText(w)} was just taken by someone else. Please choose another time below: your answers are kept.`,
    "taken",
  );

/**
 * Whether the chosen window is still free for the address, read without a lock before the
 * submission's rate is counted (so a visitor told a time is taken has not used up a send); the booking
 * itself checks again under the lock.
 */
export async function windowRefusal(ctx: Context, a: SchedulerAddress, value: string): Promise<SlotRefused | null> {
  const zoneId = await zoneOfAddress(ctx, a);
  if (!zoneId) return goneRefusal();
  const windows = await zoneSlotWindows(ctx, { zoneId, days: SCHEDULER.days + 1, notBefore: notBefore() });
  const w = windows.find((x) => x.value === value);
  if (!w) return goneRefusal();
  const [free] = freeWindows([w], await bookedIn(ctx.db, zoneId, w.start, w.end));
  return free && free.free > 0 ? null : takenRefusal(w);
}

/**
 * Books the chosen window for the lead being stored (acceptLead's reservation): the window's slot row
 * locked, its booked appointments counted under the lock; refused when the address is in another zone
 * than the window's, the window is gone or starts too soon, or it is full.
 */
export function reserveWindow(ctx: Context, value: string, onBooked: (w: SlotWindow) => void): LeadReservation {
  return async (tx, zoneId) => {
    if (!zoneId) throw goneRefusal();
    const w: SlotWindow | null = await lockSlotWindow(tx, ctx.branch.timeZone, zoneId, value);
    if (!w || w.start.getTime() < notBefore().getTime()) throw goneRefusal();
    const booked = await bookedIn(tx, zoneId, w.start, w.end);
    if (booked.length >= w.capacity) throw takenRefusal(w);
    onBooked(w);
    return { appointment: w.start, appointmentKind: "APPOINTMENT" };
  };
}
