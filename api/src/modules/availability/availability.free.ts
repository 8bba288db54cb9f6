import type { ScopedTx } from "../../db/scoped.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Weekday } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { wallInstant } from "../../shared/wall-time.ts";
import { branchToday, hhmm, WEEKDAYS } from "./availability.service.ts";

// A zone's appointment windows as real instants on real days, and how many places each has left once
// the appointments already booked in it are counted. A window is one weekly slot (weekday, start and end
// minute in the branch's time zone, capacity) on one date; an appointment is booked in it when its time
// is at or after the window's start and before its end. Who books appointments (the leads module) hands
// its booked times in: this module reads only its own tables.

export type SlotWindow = {
  /** The weekly slot's row. */
  slotId: string;
  date: string;
  weekday: Weekday;
  startMinute: number;
  endMinute: number;
  capacity: number;
  start: Date;
  end: Date;
  /** How a visitor names it on a form: the date and the start's wall time, "2026-12-03T09:00". */
  value: string;
};

export type FreeWindow = SlotWindow & { booked: number; free: number };

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);
const weekdayOf = (iso: string): Weekday => WEEKDAYS[(new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7]!;

function windowOf(
  timeZone: string,
  date: string,
  s: { id: string; weekday: Weekday; startMinute: number; endMinute: number; capacity: number },
): SlotWindow {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  return {
    slotId: s.id,
    date,
    weekday: s.weekday,
    startMinute: s.startMinute,
    endMinute: s.endMinute,
    capacity: s.capacity,
    start: wallInstant(timeZone, y, mo, d, 0, s.startMinute),
    end: wallInstant(timeZone, y, mo, d, 0, s.endMinute),
    value: `${date}T${hhmm(s.startMinute)}`,
  };
}

/**
 * The zone's windows from `startDate` (default: today in the branch) for `days` days, in time order,
 * leaving out those starting before `notBefore`.
 */
export async function zoneSlotWindows(
  ctx: Context,
  input: { zoneId: string; startDate?: string | null; days: number; notBefore: Date },
): Promise<SlotWindow[]> {
  const start = input.startDate ?? branchToday(ctx.branch.timeZone);
  const slots = await ctx.db.appointmentTimeSlot.findMany({
    where: { zoneId: input.zoneId },
    select: { id: true, weekday: true, startMinute: true, endMinute: true, capacity: true },
  });
  const out: SlotWindow[] = [];
  for (let i = 0; i < input.days; i++) {
    const date = addDays(start, i);
    const weekday = weekdayOf(date);
    for (const s of slots.filter((x) => x.weekday === weekday).sort((a, b) => a.startMinute - b.startMinute)) {
      const w = windowOf(ctx.branch.timeZone, date, s);
      if (w.start.getTime() >= input.notBefore.getTime()) out.push(w);
    }
  }
  return out;
}

/** Each window with the appointments booked in it and the places left (never below zero). */
export function freeWindows(windows: SlotWindow[], booked: Date[]): FreeWindow[] {
  const times = booked.map((b) => b.getTime());
  return windows.map((w) => {
    const [from, to] = [w.start.getTime(), w.end.getTime()];
    const n = times.filter((t) => t >= from && t < to).length;
    return { ...w, booked: n, free: Math.max(0, w.capacity - n) };
  });
}

/** "2026-12-03T09:00" as its date and start minute, or null when it is not one. */
export function parseWindowValue(value: string): { date: string; startMinute: number } | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [date, h, mi] = [m[1]!, Number(m[2]), Number(m[3])];
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || addDays(date, 0) !== date || h > 23 || mi > 59) return null;
  return { date, startMinute: h * 60 + mi };
}

/**
 * The window a visitor named, locked for the caller's transaction (FOR UPDATE on its weekly slot row),
 * so that two bookings of the same window take turns: the second counts the first's appointment.
 * Null when the zone has no such slot (any more).
 */
export async function lockSlotWindow(
  tx: ScopedTx,
  timeZone: string,
  zoneId: string,
  value: string,
): Promise<SlotWindow | null> {
  const parsed = parseWindowValue(value);
  if (!parsed) return null;
  const weekday = weekdayOf(parsed.date);
  const [row] = await tx.$branchQuery<{
    id: string;
    startMinute: number;
    endMinute: number;
    capacity: number;
  }>(
    (branch) => Prisma.sql`
      SELECT "id", "startMinute", "endMinute", "capacity" FROM "AppointmentTimeSlot"
      WHERE "branchId" = ${branch} AND "zoneId" = ${zoneId} AND "weekday"::text = ${weekday}
        AND "startMinute" = ${parsed.startMinute}
      ORDER BY "id" LIMIT 1 FOR UPDATE`,
  );
  return row ? windowOf(timeZone, parsed.date, { ...row, weekday }) : null;
}
