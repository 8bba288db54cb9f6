import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { CustomFieldType, NativeLeadField } from "../../generated/prisma/enums.ts";
import { optionalText } from "../../validation.ts";
import type { FieldRules, Slots } from "../custom-fields/custom-fields.rules.ts";
import { phoneKey } from "./lead-keys.ts";

// What a lead rule tests and how, in one place for the three that must agree: a lead arriving (in
// memory, acceptLead), the preview and the apply (in SQL, automations.sql.ts), and the words that name
// the rule ("Postal code equals 00000"). EQUALS compares trimmed and case-insensitive; on a phone field
// a value that is a phone number compares as one ("512-555-0100" equals "(512) 555-0100"); on a custom
// field the value is compared in the field's own type (12.50 equals 12.5). HAS_VALUE: not empty.

export const RULE_LIMITS = { value: 200, perBranch: 50, ids: 1000 } as const;

type NativeInfo = { label: string; column: keyof Prisma.LeadUncheckedCreateInput; phone?: true; noEquals?: true };
export const NATIVE_LEAD_FIELDS: Record<NativeLeadField, NativeInfo> = {
  FIRST_NAME: { label: "First name", column: "firstName" },
  LAST_NAME: { label: "Last name", column: "lastName" },
  EMAIL: { label: "Email", column: "email" },
  PHONE: { label: "Phone", column: "phone", phone: true },
  PHONE2: { label: "Phone 2", column: "phone2", phone: true },
  ADDRESS: { label: "Address", column: "address" },
  CITY: { label: "City", column: "city" },
  STATE_CODE: { label: "State", column: "stateCode" },
  POSTAL_CODE: { label: "Postal code", column: "postalCode" },
  COMMENTS: { label: "Comments", column: "comments" },
  APPOINTMENT: { label: "Appointment", column: "appointment", noEquals: true },
};
/** The E.164 column beside a phone field. */
export const PHONE_KEY_COLUMN = { phone: "phoneE164", phone2: "phone2E164" } as const;

export const ruleInputSchema = z
  .object({
    nativeFieldName: z.string().nullish(),
    customFieldId: z.string().max(100, "Custom field not found.").nullish(),
    comparator: z.enum(["EQUALS", "HAS_VALUE"], { message: "Choose how the field is compared." }),
    value: optionalText("The value", RULE_LIMITS.value),
    discardReasonId: z
      .string({ message: "Choose the discard reason." })
      .trim()
      .min(1, "Choose the discard reason.")
      .max(100, "Discard reason not found."),
  })
  .superRefine((v, ctx) => {
    const fields = Number(!!v.nativeFieldName) + Number(!!v.customFieldId);
    if (fields !== 1) ctx.addIssue({ code: "custom", message: "Choose one field: a lead field or a custom field." });
    else if (v.nativeFieldName && !(v.nativeFieldName in NATIVE_LEAD_FIELDS))
      ctx.addIssue({ code: "custom", message: `${v.nativeFieldName} is not a lead field.` });
    else if (v.comparator === "EQUALS" && !v.value)
      ctx.addIssue({ code: "custom", message: "Enter the value the field must equal." });
  });
export type RuleInput = z.input<typeof ruleInputSchema>;

/** A rule as the matcher reads it; `field` is the custom field, when the rule tests one. */
export type RuleShape = {
  nativeFieldName: NativeLeadField | null;
  customFieldId: string | null;
  comparator: "EQUALS" | "HAS_VALUE";
  value: string;
};
/** The custom field a rule tests (its value rules, to read the rule's value in its type). */
export type RuleField = FieldRules & { id: string };

/** "Postal code equals 00000", "Email has a value", "Gate code equals 1234". */
export function describeRule(rule: RuleShape, field: Pick<RuleField, "name"> | null | undefined): string {
  const label = rule.nativeFieldName
    ? NATIVE_LEAD_FIELDS[rule.nativeFieldName].label
    : (field?.name ?? "A deleted custom field");
  return rule.comparator === "HAS_VALUE" ? `${label} has a value` : `${label} equals ${rule.value}`;
}

const fold = (s: string) => s.trim().toLowerCase();

/** A phone rule's value as a phone key, "" when it is not a phone number (then compared as text). */
export const rulePhoneKey = (rule: RuleShape) =>
  rule.nativeFieldName && NATIVE_LEAD_FIELDS[rule.nativeFieldName].phone ? phoneKey(rule.value) : "";

type LeadValues = Partial<Record<string, unknown>>;

/** Whether an arriving lead's native field passes the rule. */
export function matchesNative(rule: RuleShape, lead: LeadValues): boolean {
  if (!rule.nativeFieldName) return false;
  const info = NATIVE_LEAD_FIELDS[rule.nativeFieldName];
  const v = lead[info.column];
  if (rule.comparator === "HAS_VALUE") return v instanceof Date || (typeof v === "string" && v.trim() !== "");
  if (typeof v !== "string") return false;
  const key = rulePhoneKey(rule);
  if (key) {
    const column = PHONE_KEY_COLUMN[info.column as keyof typeof PHONE_KEY_COLUMN];
    return lead[column] === key;
  }
  return fold(v) === fold(rule.value);
}

/** The slot a custom field of this type keeps its value in. */
export const SLOT_OF: Record<CustomFieldType, keyof Slots> = {
  TEXT: "valueString",
  TABLE_RECORD: "valueString",
  REALLY_LONG_TEXT: "valueStringMax",
  INTEGER: "valueInt",
  NUMERIC: "valueDecimal",
  TRUE_FALSE: "valueBool",
  DATE: "valueDateTime",
  DATE_TIME: "valueDateTime",
};

/** Whether an arriving lead's custom field value (its slots, or none) passes the rule (`wanted`: the rule's value in slots). */
export function matchesCustom(
  rule: RuleShape,
  field: RuleField,
  slots: Slots | undefined,
  wanted: Slots | null,
): boolean {
  const slot = SLOT_OF[field.type];
  const v = slots?.[slot] ?? null;
  if (v === null || v === "") return false;
  if (rule.comparator === "HAS_VALUE") return true;
  const w = wanted?.[slot] ?? null;
  if (w === null) return false;
  if (typeof v === "string") return fold(v) === fold(String(w));
  if (v instanceof Date) return w instanceof Date && v.getTime() === w.getTime();
  if (typeof v === "object" && "equals" in v) return v.equals(w as Prisma.Decimal);
  return v === w;
}
