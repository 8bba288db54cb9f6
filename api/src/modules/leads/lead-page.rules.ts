import { z } from "zod";
import type { LeadAppointmentKind } from "../../generated/prisma/enums.ts";
import { LEAD_LIMITS } from "./accept-lead.ts";

// What the lead page's operations accept. The lead's own fields are then checked as a whole by
// acceptLead's checkLead (the rules every arriving lead meets: a name, a way to reach it, an email, a
// phone, a state and a postal code that are what they say), on the lead as it would be after the patch.

/** A text field of the patch: left out (or null) keeps the lead's; trimmed; checkLead bounds it. */
const text = (label: string, max: number) =>
  z
    .string()
    .max(max * 2, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((s) => (s == null ? undefined : s.trim()));

export const patchLeadSchema = z.object({
  id: z.string().trim().min(1, "Choose a lead.").max(100, "Lead not found."),
  firstName: text("First name", LEAD_LIMITS.name),
  lastName: text("Last name", LEAD_LIMITS.name),
  email: text("Email", LEAD_LIMITS.email),
  phone: text("Phone", LEAD_LIMITS.phone),
  phone2: text("Phone 2", LEAD_LIMITS.phone),
  address: text("Address", LEAD_LIMITS.address),
  city: text("City", LEAD_LIMITS.city),
  county: text("County", LEAD_LIMITS.county),
  stateCode: text("State", 2),
  postalCode: text("Postal code", LEAD_LIMITS.postalCode),
  comments: text("Comments", LEAD_LIMITS.comments),
  appointment: z
    .date()
    .refine((d) => !Number.isNaN(d.getTime()), "Appointment is not a valid date and time.")
    .refine(
      (d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2099,
      "Appointment must be between the years 2000 and 2099.",
    )
    .nullable()
    .optional(),
  appointmentKind: z
    .enum(["APPOINTMENT", "CLOSED", "OPEN"] satisfies LeadAppointmentKind[])
    .nullable()
    .optional(),
});
export type PatchLeadInput = z.input<typeof patchLeadSchema>;

/** The lead's own fields a patch may change, with the words the history and messages use. */
export const EDITABLE_FIELDS = {
  firstName: "first name",
  lastName: "last name",
  email: "email",
  phone: "phone",
  phone2: "phone 2",
  address: "address",
  city: "city",
  county: "county",
  stateCode: "state",
  postalCode: "postal code",
  comments: "comments",
  appointment: "appointment",
  appointmentKind: "appointment kind",
} as const;
export type EditableField = keyof typeof EDITABLE_FIELDS;

export const noteSchema = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, "Write the note first.").max(4000, "A note must be at most 4000 characters."));

export const searchTextSchema = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().min(2, "Type at least 2 characters to search.").max(100, "Search at most 100 characters."));

/** The most customers a search answers, and leads `leadsByIds` reads. */
export const SEARCH_LIMIT = 20;
export const MAX_LEADS_BY_IDS = 10_000;

/** "first name, phone and city". */
export function fieldList(fields: EditableField[]): string {
  const words = fields.map((f) => EDITABLE_FIELDS[f]);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
