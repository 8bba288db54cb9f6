import { z } from "zod";
import { fromDateTimeInput, toDateTimeInput } from "@/lib/format";
import type { LeadDetail, PatchLeadInput } from "./api";

// The lead's fields form. The server checks the whole lead (a name, a way to reach it, an email, a
// phone, a state and a postal code that are what they say) and its refusal lands in the form's alert;
// here only what can be told without it, with the same words.

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters.`);

export const leadFieldsSchema = z
  .object({
    firstName: text("First name", 100),
    lastName: text("Last name", 100),
    email: text("Email", 254),
    phone: text("Phone", 40),
    phone2: text("Phone 2", 40),
    address: text("Address", 200),
    city: text("City", 100),
    county: text("County", 100),
    stateCode: text("State", 2),
    postalCode: text("Postal code", 20),
    comments: text("Comments", 4000),
    appointment: z.string(),
    appointmentKind: z.string(),
  })
  .refine((v) => v.firstName || v.lastName, {
    path: ["firstName"],
    message: "A name is required: a first or a last name.",
  });
export type LeadFieldsValues = z.infer<typeof leadFieldsSchema>;

export const APPOINTMENT_KINDS: Record<string, string> = {
  APPOINTMENT: "Appointment",
  OPEN: "Open",
  CLOSED: "Closed",
};

export const valuesOfLead = (l: LeadDetail): LeadFieldsValues => ({
  firstName: l.firstName,
  lastName: l.lastName,
  email: l.email,
  phone: l.phone,
  phone2: l.phone2,
  address: l.address,
  city: l.city,
  county: l.county,
  stateCode: l.stateCode,
  postalCode: l.postalCode,
  comments: l.comments,
  appointment: toDateTimeInput(l.appointment),
  appointmentKind: l.appointmentKind ?? "",
});

/** The patch: every field as typed (the server keeps what did not change). */
export const patchOf = (id: string, v: LeadFieldsValues): PatchLeadInput => ({
  id,
  ...v,
  appointment: fromDateTimeInput(v.appointment),
  appointmentKind: (v.appointmentKind || null) as PatchLeadInput["appointmentKind"],
});

export const noteSchema = z.object({
  text: z.string().trim().min(1, "Write the note first.").max(4000, "A note must be at most 4000 characters."),
});

export const STATUS_WORDS: Record<string, string> = {
  UNASSIGNED: "Unassigned",
  ASSIGNED: "Assigned",
  DISCARDED: "Discarded",
};
