import { z } from "zod";

// The rules of duplicate review and merging that need no database: the sizes every input is capped at
// (checked before any work), the lead fields a merge chooses one by one and the columns each carries
// with it, and the 30 days an unmerge is possible.

export const DUPLICATE_LIMITS = {
  /** Groups per page of the review list. */
  take: 100,
  /** Leads shown per group (the group's count says how many there are). */
  leadsPerGroup: 50,
  /** Leads (survivor included) one merge may join. */
  mergeLeads: 100,
  /** Matches answered by a single-key lookup (phone, email, address). */
  lookup: 50,
  /** Merges per page of the history. */
  historyTake: 100,
} as const;

/** Two geocoded leads this close (metres) are at the same address whatever was typed. */
export const NEAR_METRES = 15;
/** A merge can be undone for this many days. */
export const UNMERGE_DAYS = 30;

export const DUPLICATE_KEYS = ["PHONE", "EMAIL", "ADDRESS", "ALL"] as const;
export type DuplicateKey = (typeof DUPLICATE_KEYS)[number];

/**
 * The fields a merge takes from one lead or another, each with the columns that go with it: a phone
 * brings its E.164 key, the address brings the whole place (city to zone and geocode) so a survivor
 * never holds one lead's street in another lead's town; the assignment is the person with the status
 * and discard reason that go with them.
 */
export const MERGE_FIELDS = {
  firstName: ["firstName"],
  lastName: ["lastName"],
  email: ["email", "emailKey"],
  phone: ["phone", "phoneE164"],
  phone2: ["phone2", "phone2E164"],
  address: [
    "address",
    "city",
    "county",
    "stateCode",
    "postalCode",
    "addressKey",
    "latitude",
    "longitude",
    "geocodeConfidence",
    "zoneId",
  ],
  comments: ["comments"],
  appointment: ["appointment", "appointmentKind"],
  leadSourceId: ["leadSourceId"],
  assignment: ["personId", "status", "discardReasonId"],
  customerId: ["customerId"],
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;
export const MERGE_FIELD_NAMES = Object.keys(MERGE_FIELDS) as MergeField[];
/** Every lead column a merge may write on the survivor (its before-image keeps these). */
export const MERGED_COLUMNS = [...new Set(Object.values(MERGE_FIELDS).flat())];

const id = z.string().min(1, "A lead id is required.").max(100, "A lead id is at most 100 characters.");

export const mergeInput = z
  .object({
    survivorId: id,
    leadIds: z
      .array(id)
      .min(1, "Choose at least one lead to merge into the survivor.")
      .max(DUPLICATE_LIMITS.mergeLeads - 1, `A merge joins at most ${DUPLICATE_LIMITS.mergeLeads} leads.`),
    fields: z
      .array(
        z.object({
          field: z.enum(MERGE_FIELD_NAMES as [MergeField, ...MergeField[]], {
            message: `Field: one of ${MERGE_FIELD_NAMES.join(", ")}.`,
          }),
          fromLeadId: id,
        }),
      )
      .max(MERGE_FIELD_NAMES.length, "Each field is chosen once."),
    matchedKey: z.enum(["PHONE", "EMAIL", "ADDRESS", ""]).default(""),
  })
  .superRefine((v, ctx) => {
    const all = [v.survivorId, ...v.leadIds];
    if (new Set(all).size !== all.length)
      ctx.addIssue({ code: "custom", message: "Each lead is named once, and the survivor is not among the merged." });
    const fields = v.fields.map((f) => f.field);
    if (new Set(fields).size !== fields.length) ctx.addIssue({ code: "custom", message: "Each field is chosen once." });
    if (v.fields.some((f) => !all.includes(f.fromLeadId)))
      ctx.addIssue({ code: "custom", message: "A field can be taken only from a lead of the merge." });
  });
export type MergeInput = z.infer<typeof mergeInput>;

export const pageInput = (max: number) =>
  z.object({
    skip: z.number().int().min(0, "Skip is 0 or more.").max(1_000_000, "Skip is at most 1,000,000.").default(0),
    take: z.number().int().min(1, "Take is 1 or more.").max(max, `Take is at most ${max}.`).default(25),
  });

export const lookupText = (label: string, max: number) =>
  z.string().max(max, `${label} must be at most ${max} characters.`);

/** Metres between two points on the earth (haversine). */
export function metresBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}
