import { z } from "zod";
import { clock } from "../../clock.ts";
import { AppError, badInput } from "../../errors.ts";
import type { Weekday } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";

// Person availabilities (weekly hours and time off) and appointment time slots per territory zone,
// which lead forms will offer. Times are minutes after midnight in the branch's time zone; dates are
// calendar dates (YYYY-MM-DD) in that zone. Zones belong to the territories module: a slot keeps the
// zone's id as plain text and never reaches into that module's tables.

export const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
export const MAX_DAYS = 62;

const minute = (label: string) =>
  z
    .number()
    .int(`${label} must be whole minutes.`)
    .min(0, `${label} must be between 00:00 and 24:00.`)
    .max(1440, `${label} must be between 00:00 and 24:00.`);

const period = z
  .object({ weekday: z.enum(WEEKDAYS), startMinute: minute("Start"), endMinute: minute("End") })
  .refine((p) => p.startMinute < p.endMinute, "Each period must end after it starts.");

export const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** Periods of one weekday may not overlap (a message naming the day and the times). */
function refuseOverlaps(periods: { weekday: Weekday; startMinute: number; endMinute: number }[], what: string) {
  for (const day of WEEKDAYS) {
    const list = periods.filter((p) => p.weekday === day).sort((a, b) => a.startMinute - b.startMinute);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const cur = list[i]!;
      if (cur.startMinute < prev.endMinute)
        throw badInput(
          `${what} on ${day.charAt(0)}${day.slice(1).toLowerCase()} overlap: ${hhmm(prev.startMinute)}–${hhmm(prev.endMinute)} and ${hhmm(cur.startMinute)}–${hhmm(cur.endMinute)}.`,
        );
    }
  }
}

const weekdayOrder = (w: Weekday) => WEEKDAYS.indexOf(w);
const byDayAndTime = <T extends { weekday: Weekday; startMinute: number }>(a: T, b: T) =>
  weekdayOrder(a.weekday) - weekdayOrder(b.weekday) || a.startMinute - b.startMinute;

// ───────────── person availabilities ─────────────

async function requireActivePerson(ctx: Context, personId: string) {
  const person = await ctx.db.person.findUnique({ where: { id: personId } });
  if (!person) throw new AppError("NOT_FOUND", "Person not found.");
  return person;
}

/** Every active person's weekly hours and time off (or one person's), ordered by name. */
export async function personAvailabilities(ctx: Context, personId?: string | null) {
  if (personId) await requireActivePerson(ctx, personId);
  const people = await ctx.db.person.findMany({
    where: personId ? { id: personId } : { inactive: false },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
  });
  const ids = people.map((p) => p.id);
  const [weekly, timeOff] = await Promise.all([
    ctx.db.personAvailability.findMany({ where: { personId: { in: ids } } }),
    ctx.db.personTimeOff.findMany({ where: { personId: { in: ids } }, orderBy: { startDate: "asc" } }),
  ]);
  return people.map((person) => ({
    person,
    weekly: weekly.filter((w) => w.personId === person.id).sort(byDayAndTime),
    timeOff: timeOff.filter((t) => t.personId === person.id),
  }));
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD.")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Dates are YYYY-MM-DD.");

const changeInput = z.object({
  personId: z.string().min(1),
  weekly: z.array(period).max(50, "At most 50 working periods a week."),
  timeOff: z
    .array(
      z
        .object({
          startDate: isoDate,
          endDate: isoDate,
          reason: z.string().trim().max(120, "A reason must be at most 120 characters.").default(""),
        })
        .refine((t) => t.startDate <= t.endDate, "Time off must end on or after the day it starts."),
    )
    .max(100, "At most 100 periods of time off."),
});

export type ChangeAvailabilityInput = {
  personId: string;
  weekly: { weekday: Weekday; startMinute: number; endMinute: number }[];
  timeOff: { startDate: string; endDate: string; reason?: string | null }[];
};

/** Replaces a person's weekly hours and time off. */
export async function changePersonAvailability(ctx: Context, input: ChangeAvailabilityInput) {
  const v = parseInput(changeInput, {
    ...input,
    timeOff: input.timeOff.map((t) => ({ ...t, reason: t.reason ?? undefined })),
  });
  const person = await requireActivePerson(ctx, v.personId);
  refuseOverlaps(v.weekly, "Working hours");
  await ctx.db.$transaction(async (tx) => {
    await tx.personAvailability.deleteMany({ where: { personId: person.id } });
    await tx.personTimeOff.deleteMany({ where: { personId: person.id } });
    if (v.weekly.length)
      await tx.personAvailability.createMany({
        data: v.weekly.map((w) => ({ branchId: ctx.branch.id, personId: person.id, ...w })),
      });
    if (v.timeOff.length)
      await tx.personTimeOff.createMany({
        data: v.timeOff.map((t) => ({
          branchId: ctx.branch.id,
          personId: person.id,
          startDate: new Date(`${t.startDate}T00:00:00Z`),
          endDate: new Date(`${t.endDate}T00:00:00Z`),
          reason: t.reason,
        })),
      });
  });
  return { isSuccess: true, message: `Availability of ${person.firstName} ${person.lastName} saved.` };
}

// ───────────── appointment time slots per zone ─────────────

const zoneId = z.string().trim().min(1, "Choose a zone.").max(64, "A zone id is at most 64 characters.");

export async function appointmentTimeSlots(ctx: Context, rawZoneId: string) {
  const id = parseInput(zoneId, rawZoneId);
  const slots = await ctx.db.appointmentTimeSlot.findMany({ where: { zoneId: id } });
  return slots.sort(byDayAndTime);
}

const slotsInput = z.object({
  zoneId,
  slots: z
    .array(
      z
        .object({
          weekday: z.enum(WEEKDAYS),
          startMinute: minute("Start"),
          endMinute: minute("End"),
          capacity: z
            .number()
            .int("Capacity must be a whole number.")
            .min(1, "Capacity must be at least 1.")
            .max(100, "Capacity must be at most 100."),
        })
        .refine((p) => p.startMinute < p.endMinute, "Each slot must end after it starts."),
    )
    .max(100, "At most 100 slots a week per zone."),
});

/** Replaces a zone's weekly appointment slots. */
export async function setAppointmentTimeSlots(
  ctx: Context,
  input: { zoneId: string; slots: { weekday: Weekday; startMinute: number; endMinute: number; capacity: number }[] },
) {
  const v = parseInput(slotsInput, input);
  refuseOverlaps(v.slots, "Slots");
  await ctx.db.$transaction(async (tx) => {
    await tx.appointmentTimeSlot.deleteMany({ where: { zoneId: v.zoneId } });
    if (v.slots.length)
      await tx.appointmentTimeSlot.createMany({
        data: v.slots.map((s) => ({ branchId: ctx.branch.id, zoneId: v.zoneId, ...s })),
      });
  });
  return { isSuccess: true, message: `${v.slots.length} slot${v.slots.length === 1 ? "" : "s"} a week saved.` };
}

/** Today's date in the branch's time zone (YYYY-MM-DD). */
export function branchToday(timeZone: string, now = clock.now()) {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);
const weekdayOf = (iso: string): Weekday => WEEKDAYS[(new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7]!;

export type DayAvailability = {
  date: string;
  weekday: Weekday;
  slots: { startMinute: number; endMinute: number; capacity: number; available: number; availablePersons: number }[];
};

/**
 * A zone's slots on each day from `startDate` (default: today in the branch) for `days` days, with
 * how many people are working then (weekly hours cover the slot and they are not off that day).
 * `available` is the slot's capacity: booked appointments arrive with the leads module.
 */
export async function availabilityByZone(
  ctx: Context,
  input: { zoneId: string; startDate?: string | null; days?: number | null },
): Promise<DayAvailability[]> {
  const id = parseInput(zoneId, input.zoneId);
  const days = input.days ?? 14;
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) throw badInput(`Ask for 1 to ${MAX_DAYS} days.`);
  const start = input.startDate ?? branchToday(ctx.branch.timeZone);
  const end = addDays(start, days - 1);
  const [slots, weekly, timeOff] = await Promise.all([
    ctx.db.appointmentTimeSlot.findMany({ where: { zoneId: id } }),
    ctx.db.personAvailability.findMany({ where: { person: { inactive: false } } }),
    ctx.db.personTimeOff.findMany({
      where: {
        startDate: { lte: new Date(`${end}T00:00:00Z`) },
        endDate: { gte: new Date(`${start}T00:00:00Z`) },
      },
    }),
  ]);
  const out: DayAvailability[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(start, i);
    const weekday = weekdayOf(date);
    const off = new Set(
      timeOff
        .filter((t) => t.startDate.toISOString().slice(0, 10) <= date && t.endDate.toISOString().slice(0, 10) >= date)
        .map((t) => t.personId),
    );
    const working = weekly.filter((w) => w.weekday === weekday && !off.has(w.personId));
    out.push({
      date,
      weekday,
      slots: slots
        .filter((s) => s.weekday === weekday)
        .sort(byDayAndTime)
        .map((s) => ({
          startMinute: s.startMinute,
          endMinute: s.endMinute,
          capacity: s.capacity,
          available: s.capacity,
          availablePersons: new Set(
            working.filter((w) => w.startMinute <= s.startMinute && w.endMinute >= s.endMinute).map((w) => w.personId),
          ).size,
        })),
    });
  }
  return out;
}
