import { z } from "zod";
import { LeadStatus } from "../../generated/prisma/enums.ts";
import { LEAD_SORT_FIELDS } from "../../shared/lead-sort-fields.ts";

// What a filtered list of leads and a saved lead view are made of, and the limits checked before any
// work: a page is at most 100 leads (the GraphQL layer's page cap for every `take`, graphql/limits.ts), a filter names at most 500 ids per list, a view keeps at most 30
// columns. One filter shape serves filteredLeads, leadGroupCounts and a view's saved filter.

export const LIMITS = {
  take: 100,
  /** Ids (or statuses) one filter list may name. */
  ids: 500,
  search: 100,
  customFields: 10,
  customValue: 200,
  name: 100,
  description: 1000,
  columns: 30,
  order: 3,
  /** A total above this is answered as "this many or more" (decision 0840). */
  totalCap: 10_000,
  /** Groups answered by leadGroupCounts (the largest first). */
  groups: 500,
} as const;

/** What counts may be grouped by: a lead's field, or the day, week or month it arrived (branch time). */
export const LEAD_GROUP_BY = ["STATUS", "SOURCE", "PERSON", "FORM", "ZONE", "DAY", "WEEK", "MONTH"] as const;
export type LeadGroupBy = (typeof LEAD_GROUP_BY)[number];

/** The columns a view may show (the web's table offers these). */
export const LEAD_COLUMNS = [
  "number",
  "name",
  "email",
  "phone",
  "address",
  "city",
  "postalCode",
  "status",
  "source",
  "person",
  "form",
  "zone",
  "enteredTime",
  "lastEdited",
  "appointment",
  "discardReason",
  "comments",
] as const;

const idList = (what: string) =>
  z
    .array(z.string().trim().min(1).max(100, `${what}: an id is at most 100 characters.`))
    .max(LIMITS.ids, `${what}: name at most ${LIMITS.ids}.`)
    .transform((ids) => [...new Set(ids)]);

export const leadFilterSchema = z
  .object({
    formIds: idList("Forms"),
    personIds: idList("Persons"),
    sourceIds: idList("Sources"),
    zoneIds: idList("Zones"),
    statuses: z
      .array(z.enum(Object.values(LeadStatus) as [LeadStatus, ...LeadStatus[]], { message: "Unknown lead status." }))
      .max(10, "Statuses: name at most 10.")
      .transform((s) => [...new Set(s)]),
    from: z.coerce.date({ message: "From must be a date and time." }),
    to: z.coerce.date({ message: "To must be a date and time." }),
    /** The last N days (a saved view's moving time range); from/to win when given. */
    lastDays: z
      .number()
      .int("Last days must be a whole number.")
      .min(1, "Last days must be between 1 and 3660.")
      .max(3660, "Last days must be between 1 and 3660."),
    search: z.string().trim().max(LIMITS.search, `Search must be at most ${LIMITS.search} characters.`),
    customFields: z
      .array(
        z.object({
          fieldId: z.string().trim().min(1, "Custom field: choose the field.").max(100),
          value: z
            .string()
            .trim()
            .max(LIMITS.customValue, `Custom field value must be at most ${LIMITS.customValue} characters.`),
        }),
      )
      .max(LIMITS.customFields, `Custom fields: filter on at most ${LIMITS.customFields}.`),
  })
  .partial()
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "From must be before To." });
export type LeadFilter = z.infer<typeof leadFilterSchema>;

export const orderSchema = z
  .array(
    z.object({
      field: z.enum(LEAD_SORT_FIELDS, { message: `Sort by one of: ${LEAD_SORT_FIELDS.join(", ")}.` }),
      ascending: z.boolean().default(false),
    }),
  )
  .max(LIMITS.order, `Sort by at most ${LIMITS.order} fields.`);
export type LeadOrder = z.infer<typeof orderSchema>;

export const pageSchema = z.object({
  skip: z
    .number()
    .int("Skip must be a whole number.")
    .min(0, "Skip must be 0 or more.")
    .max(1_000_000, "Skip must be at most 1,000,000.")
    .default(0),
  take: z
    .number()
    .int("Take must be a whole number.")
    .min(1, `Take must be between 1 and ${LIMITS.take}.`)
    .max(LIMITS.take, `Take must be between 1 and ${LIMITS.take}.`),
});

const name = z
  .string()
  .trim()
  .min(1, "Name is required.")
  .max(LIMITS.name, `Name must be at most ${LIMITS.name} characters.`);

export const viewSchema = z.object({
  name,
  description: z
    .string()
    .trim()
    .max(LIMITS.description, `Description must be at most ${LIMITS.description} characters.`)
    .default(""),
  isPublic: z.boolean().default(false),
  filter: leadFilterSchema.default({}),
  groupBy: z
    .union([z.literal(""), z.enum(LEAD_GROUP_BY)], { message: `Group by one of: ${LEAD_GROUP_BY.join(", ")}.` })
    .default(""),
  columns: z
    .array(z.enum(LEAD_COLUMNS, { message: `Columns: choose among ${LEAD_COLUMNS.join(", ")}.` }))
    .max(LIMITS.columns, `Columns: at most ${LIMITS.columns}.`)
    .transform((c) => [...new Set(c)])
    .default([]),
  sortBy: z
    .enum(LEAD_SORT_FIELDS, { message: `Sort by one of: ${LEAD_SORT_FIELDS.join(", ")}.` })
    .default("enteredTime"),
  sortAscending: z.boolean().default(false),
});
export type ViewValues = z.infer<typeof viewSchema>;
export const nameSchema = name;
