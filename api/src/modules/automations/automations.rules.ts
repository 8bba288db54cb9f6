import { z } from "zod";
import type { AutomationEvent, TableIdentifier } from "../../generated/prisma/enums.ts";

// What an automation is made of, and the limits checked before any work: an event, conditions that
// must all hold (a field of the record, or one of its custom fields, compared with a value), and
// actions done in order.

export const LIMITS = {
  name: 100,
  conditions: 20,
  actions: 10,
  value: 1000,
  inValues: 50,
  subject: 200,
  details: 4000,
  mailSubject: 200,
  mailBody: 10_000,
  /** A year: the latest an action may schedule an activity. */
  dueInMinutes: 525_600,
  /** Runs in a chain (an automation's action triggering another automation): the next one is stopped. */
  depth: 5,
} as const;

/** The record each event is about, and its label. */
export const EVENTS: Record<AutomationEvent, { tableId: TableIdentifier; label: string }> = {
  ACTIVITY_CREATED_AS_OPEN: { tableId: "ACTIVITY", label: "An activity is created open" },
  ACTIVITY_RESOLVED: { tableId: "ACTIVITY", label: "An activity is resolved" },
  TESTING: { tableId: "ACTIVITY", label: "Run by hand on an activity (testing)" },
  WORK_ORDER_CREATED: { tableId: "WORK_ORDER", label: "A work order is created" },
  WORK_ORDER_POSTED: { tableId: "WORK_ORDER", label: "A work order is posted" },
  STOP_SKIPPED: { tableId: "WORK_ORDER", label: "A driver skips a stop" },
  NEXT_DELIVERY_MOVED: { tableId: "CUSTOMER", label: "A customer's next delivery moves" },
  AUTOPAY_CARD_EXPIRING: { tableId: "CUSTOMER", label: "A card paying autopay expires within 30 days" },
  RENTAL_ANNIVERSARY: { tableId: "CUSTOMER", label: "A rental's anniversary comes round" },
};

/** The record fields a condition may name, per table (their values compare as text). */
export const NATIVE_FIELDS: Partial<Record<TableIdentifier, readonly string[]>> = {
  ACTIVITY: [
    "subject",
    "status",
    "stepId",
    "projectId",
    "threadId",
    "customerId",
    "leadId",
    "assignedPersonId",
    "priorityId",
  ],
  WORK_ORDER: [
    "number",
    "name",
    "workType",
    "status",
    "customerId",
    "serviceAddressId",
    "isOpen",
    "source",
    "routeNumber",
    "scheduledDate",
    "posted",
    "skipReason",
  ],
  CUSTOMER: ["accountNumber", "name", "status", "billingType", "isInvoiceAccount", "routeNumber"],
};

export const COMPARATORS = ["EQUALS", "NOT_EQUALS", "HAS_VALUE", "IN"] as const;
export type Comparator = (typeof COMPARATORS)[number];
export const ACTION_TYPES = ["CREATE_ACTIVITY", "RESOLVE_ACTIVITY", "SET_CUSTOM_FIELD", "SEND_MAIL"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const MAIL_TARGETS = ["ASSIGNEE", "CUSTOMER", "ADDRESS"] as const;

const id = z.string().trim().min(1).max(100, "That id is not valid.");
const text = (label: string, max: number) => z.string().max(max, `${label} must be at most ${max} characters.`);

export const conditionSchema = z
  .object({
    nativeFieldName: z.string().trim().max(100, "That field name is not valid.").optional(),
    customFieldId: id.optional(),
    comparator: z.enum(COMPARATORS),
    value: text("A condition's value", LIMITS.value).default(""),
    values: z
      .array(text("A condition's value", LIMITS.value))
      .max(LIMITS.inValues, `A condition lists at most ${LIMITS.inValues} values.`)
      .default([]),
  })
  .refine(
    (c) => !!c.nativeFieldName !== !!c.customFieldId,
    "A condition names a field of the record or a custom field.",
  )
  .refine((c) => c.comparator !== "IN" || c.values.length > 0, "An IN condition lists at least one value.");
export type Condition = z.infer<typeof conditionSchema>;

const createActivity = z.object({
  type: z.literal("CREATE_ACTIVITY"),
  stepId: id,
  subject: z
    .string()
    .trim()
    .min(1, "The activity's subject is required.")
    .max(LIMITS.subject, `The activity's subject must be at most ${LIMITS.subject} characters.`),
  details: text("The activity's details", LIMITS.details).default(""),
  /** Who gets it: this person, else the holder of this territory role in the customer's zone, else a lead's own person, else the step's default. */
  personId: id.optional(),
  zoneRoleId: id.optional(),
  dueInMinutes: z
    .number()
    .int("Due in must be whole minutes.")
    .min(0, "Due in must be between 0 and 525600 minutes (a year).")
    .max(LIMITS.dueInMinutes, "Due in must be between 0 and 525600 minutes (a year)."),
});
const resolveActivity = z.object({
  type: z.literal("RESOLVE_ACTIVITY"),
  /** Resolve the open activities at this step (of the record's thread); default: the record's activity. */
  stepId: id.optional(),
});
const setCustomField = z.object({
  type: z.literal("SET_CUSTOM_FIELD"),
  fieldId: id,
  value: text("The field's value", LIMITS.value),
});
const sendMail = z.object({
  type: z.literal("SEND_MAIL"),
  to: z.enum(MAIL_TARGETS),
  address: z.string().trim().max(254, "The mail address must be at most 254 characters.").default(""),
  subject: z
    .string()
    .trim()
    .min(1, "The mail's subject is required.")
    .max(LIMITS.mailSubject, `The mail's subject must be at most ${LIMITS.mailSubject} characters.`),
  body: z
    .string()
    .trim()
    .min(1, "The mail's text is required.")
    .max(LIMITS.mailBody, `The mail's text must be at most ${LIMITS.mailBody} characters.`),
});

export const actionSchema = z.discriminatedUnion("type", [createActivity, resolveActivity, setCustomField, sendMail]);
export type Action = z.infer<typeof actionSchema>;

export const automationSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Name is required.")
      .max(LIMITS.name, `Name must be at most ${LIMITS.name} characters.`),
    event: z.enum(Object.keys(EVENTS) as [AutomationEvent, ...AutomationEvent[]]),
    status: z.enum(["ON", "OFF"]).default("ON"),
    ownerPersonId: id.optional(),
    conditions: z
      .array(z.unknown())
      .max(LIMITS.conditions, `An automation has at most ${LIMITS.conditions} conditions.`)
      .default([]),
    actions: z
      .array(z.unknown())
      .max(LIMITS.actions, `An automation has at most ${LIMITS.actions} actions.`)
      .default([]),
  })
  // A new automation may be saved OFF while its actions are being written; it runs only with some.
  .refine((a) => a.status === "OFF" || a.actions.length > 0, {
    message: "An automation needs at least one action before it is switched on.",
    path: ["actions"],
  });

/** Condition and action inputs arrive flat (one input type each): the keys of their type only. */
export function compact<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/** Whether a value (canonical text; "" is no value) meets a condition; text compares ignoring case. */
export function meets(c: Condition, actual: string): boolean {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  switch (c.comparator) {
    case "EQUALS":
      return same(actual, c.value);
    case "NOT_EQUALS":
      return !same(actual, c.value);
    case "HAS_VALUE":
      return actual.trim() !== "";
    case "IN":
      return c.values.some((v) => same(actual, v));
  }
}
