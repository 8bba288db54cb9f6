import { z } from "zod";
import { WEEKDAYS, type Weekday } from "./api";

// The availability forms. The form checks what it can itself, with the message on the field, so a
// half-filled row never reaches the server; the server still checks overlaps and says which ones.

const time = z.string().regex(/^\d{2}:\d{2}$/, "Enter a time.");
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A weekly period (and, for appointment slots, how many appointments it takes). */
export const periodSchema = z.object({
  weekday: z.custom<Weekday>((v) => WEEKDAYS.includes(v as Weekday), "Choose a day."),
  start: time,
  end: time,
  capacity: z.number({ message: "Enter a number from 1 to 100." }).int().min(1, "At least 1.").max(100, "At most 100."),
});
export type PeriodValues = z.infer<typeof periodSchema>;
export const newPeriod = (): PeriodValues => ({ weekday: "MONDAY", start: "09:00", end: "17:00", capacity: 1 });

/** Time off: the first day is required; an empty last day means one day off. */
export const timeOffSchema = z
  .object({
    startDate: z.string().min(1, "Enter the first day.").regex(isoDate, "Enter the first day as a date."),
    endDate: z.string().refine((d) => d === "" || isoDate.test(d), "Enter the last day as a date."),
    reason: z.string().trim().max(120, "A reason must be at most 120 characters."),
  })
  .refine((t) => !t.endDate || !isoDate.test(t.startDate) || t.endDate >= t.startDate, {
    message: "The last day must be on or after the first day.",
    path: ["endDate"],
  });

export const personAvailabilitySchema = z.object({
  weekly: z.array(periodSchema),
  timeOff: z.array(timeOffSchema),
});
export type PersonAvailabilityValues = z.infer<typeof personAvailabilitySchema>;

export const slotsSchema = z.object({ slots: z.array(periodSchema) });
export type SlotsValues = z.infer<typeof slotsSchema>;
