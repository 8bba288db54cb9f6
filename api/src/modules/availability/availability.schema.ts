import type { AppointmentTimeSlot, Person, PersonAvailability, PersonTimeOff } from "../../generated/prisma/client.ts";
import { builder, orKey, ResultRef } from "../../pothos/builder.ts";
import { WeekdayEnum } from "../../pothos/enums.ts";
import { refusalAsResult } from "../../validation.ts";
import { PersonRef } from "../personnel/personnel.schema.ts";
import {
  appointmentTimeSlots,
  availabilityByZone,
  changePersonAvailability,
  type DayAvailability,
  personAvailabilities,
  setAppointmentTimeSlots,
} from "./availability.service.ts";

// Team availability: a person's availabilities and changing them; appointment time slots, availability
// by zone, and setting slots. Changing needs SCHEDULING; reading slots and availability also
// suits those who book appointments for leads (LEAD_ADMIN, LEAD_DATA_ENTRY).

const SCHEDULING = { permission: "SCHEDULING" } as const;
/** Reading a zone's free slots, to book: scheduling and lead staff, and integrations (API keys) that book. */
const BOOKING = orKey({
  anyPermission: ["SCHEDULING", "LEAD_ADMIN", "LEAD_DATA_ENTRY"] as ("SCHEDULING" | "LEAD_ADMIN" | "LEAD_DATA_ENTRY")[],
});

const WeeklyPeriodRef = builder.objectRef<PersonAvailability>("WeeklyPeriod").implement({
  description: "Working hours on one weekday, minutes after midnight in the branch's time zone.",
  fields: (t) => ({
    weekday: t.expose("weekday", { type: WeekdayEnum }),
    startMinute: t.exposeInt("startMinute"),
    endMinute: t.exposeInt("endMinute"),
  }),
});

const TimeOffRef = builder.objectRef<PersonTimeOff>("TimeOff").implement({
  description: "Days off, first and last day included.",
  fields: (t) => ({
    id: t.exposeID("id"),
    startDate: t.expose("startDate", { type: "Date" }),
    endDate: t.expose("endDate", { type: "Date" }),
    reason: t.exposeString("reason"),
  }),
});

const PersonAvailabilityRef = builder
  .objectRef<{ person: Person; weekly: PersonAvailability[]; timeOff: PersonTimeOff[] }>("PersonAvailability")
  .implement({
    fields: (t) => ({
      person: t.field({ type: PersonRef, resolve: (a) => a.person }),
      weekly: t.field({ type: [WeeklyPeriodRef], resolve: (a) => a.weekly }),
      timeOff: t.field({ type: [TimeOffRef], resolve: (a) => a.timeOff }),
    }),
  });

const AppointmentTimeSlotRef = builder.objectRef<AppointmentTimeSlot>("AppointmentTimeSlot").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    zoneId: t.exposeString("zoneId"),
    weekday: t.expose("weekday", { type: WeekdayEnum }),
    startMinute: t.exposeInt("startMinute"),
    endMinute: t.exposeInt("endMinute"),
    capacity: t.exposeInt("capacity", { description: "How many appointments the slot takes." }),
  }),
});

type DaySlot = DayAvailability["slots"][number];
const DaySlotRef = builder.objectRef<DaySlot>("ZoneDaySlot").implement({
  fields: (t) => ({
    startMinute: t.exposeInt("startMinute"),
    endMinute: t.exposeInt("endMinute"),
    capacity: t.exposeInt("capacity"),
    available: t.exposeInt("available", { description: "Appointments still free in the slot." }),
    availablePersons: t.exposeInt("availablePersons", {
      description: "People whose working hours cover the slot and who are not off that day.",
    }),
  }),
});

const DayAvailabilityRef = builder.objectRef<DayAvailability>("ZoneDayAvailability").implement({
  fields: (t) => ({
    date: t.exposeString("date"),
    weekday: t.expose("weekday", { type: WeekdayEnum }),
    slots: t.field({ type: [DaySlotRef], resolve: (d) => d.slots }),
  }),
});

builder.queryFields((t) => ({
  personAvailabilities: t.field({
    type: [PersonAvailabilityRef],
    description: "Weekly hours and time off of every active person, or of one.",
    authScopes: SCHEDULING,
    args: { personId: t.arg.id({ required: false }) },
    resolve: (_r, a, ctx) => personAvailabilities(ctx, a.personId || null),
  }),
  appointmentTimeSlots: t.field({
    type: [AppointmentTimeSlotRef],
    description: "A zone's weekly appointment slots.",
    authScopes: BOOKING,
    args: { zoneId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => appointmentTimeSlots(ctx, a.zoneId),
  }),
  availabilityByZone: t.field({
    type: [DayAvailabilityRef],
    description: "A zone's slots per day (default: the next 14 days from today in the branch).",
    authScopes: BOOKING,
    args: {
      zoneId: t.arg.string({ required: true }),
      startDate: t.arg({ type: "Date", required: false }),
      days: t.arg.int({ required: false }),
    },
    resolve: (_r, a, ctx) => availabilityByZone(ctx, a),
  }),
}));

const WeeklyPeriodInput = builder.inputType("WeeklyPeriodInput", {
  fields: (t) => ({
    weekday: t.field({ type: WeekdayEnum, required: true }),
    startMinute: t.int({ required: true }),
    endMinute: t.int({ required: true }),
  }),
});

const TimeOffInput = builder.inputType("TimeOffInput", {
  fields: (t) => ({
    startDate: t.field({ type: "Date", required: true }),
    endDate: t.field({ type: "Date", required: true }),
    reason: t.string(),
  }),
});

const ChangePersonAvailabilityInput = builder.inputType("ChangePersonAvailabilityInput", {
  description: "Replaces the person's weekly hours and time off.",
  fields: (t) => ({
    personId: t.id({ required: true }),
    weekly: t.field({ type: [WeeklyPeriodInput], required: true }),
    timeOff: t.field({ type: [TimeOffInput], required: true }),
  }),
});

const AppointmentSlotInput = builder.inputType("AppointmentSlotInput", {
  fields: (t) => ({
    weekday: t.field({ type: WeekdayEnum, required: true }),
    startMinute: t.int({ required: true }),
    endMinute: t.int({ required: true }),
    capacity: t.int({ required: true }),
  }),
});

const SetAppointmentTimeSlotsInput = builder.inputType("SetAppointmentTimeSlotsInput", {
  description: "Replaces the zone's weekly slots.",
  fields: (t) => ({
    zoneId: t.string({ required: true }),
    slots: t.field({ type: [AppointmentSlotInput], required: true }),
  }),
});

const refused = (message: string) => ({ isSuccess: false, message });

builder.mutationFields((t) => ({
  changePersonAvailability: t.field({
    type: ResultRef,
    authScopes: SCHEDULING,
    args: { input: t.arg({ type: ChangePersonAvailabilityInput, required: true }) },
    resolve: (_r, { input }, ctx) => refusalAsResult(() => changePersonAvailability(ctx, input), refused),
  }),
  setAppointmentTimeSlots: t.field({
    type: ResultRef,
    authScopes: SCHEDULING,
    args: { input: t.arg({ type: SetAppointmentTimeSlotsInput, required: true }) },
    resolve: (_r, { input }, ctx) => refusalAsResult(() => setAppointmentTimeSlots(ctx, input), refused),
  }),
}));
