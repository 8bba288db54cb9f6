import { badInput } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { CustomFieldType, TableIdentifier } from "../../generated/prisma/enums.ts";

// What a custom field's value may be, by type, and how it sits in the typed slots. A value travels as
// text in one canonical form per type ("12", "12.50", "true", "2026-11-25", an ISO instant); this file
// turns such text into the slot its type uses and back. No database here (records.ts checks the record
// a TABLE_RECORD value names).

export const LIMITS = {
  fieldsPerTable: 100,
  name: 60,
  options: 100,
  optionLength: 100,
  /** The longest TEXT value (a TEXT field's `length` may lower it). */
  text: 255,
  longText: 10_000,
  decimals: 6,
  /** How many conditions may hang from one another (a field shown when a field shown when ...). */
  conditionDepth: 5,
} as const;

/** The tables custom fields can be added to. */
export const FIELD_TABLES = [
  "ACTIVITY",
  "CUSTOMER",
  "LEAD",
  "PERSON",
  "PROJECT_THREAD",
  "SERVICE_ADDRESS",
  "WORK_ORDER",
] as const satisfies readonly TableIdentifier[];

/** The tables a TABLE_RECORD field can point to (those whose records can be looked up). */
export const SELECTION_TABLES = [
  "ACTIVITY",
  "CUSTOMER",
  "PERSON",
  "PROJECT",
  "PROJECT_THREAD",
  "SERVICE_ADDRESS",
  "WAREHOUSE",
  "WORK_ORDER",
] as const satisfies readonly TableIdentifier[];

/** "service addresses": how messages name a table's records. */
export const tableNoun: Record<TableIdentifier, string> = {
  ACCOUNT_CATEGORY: "account categories",
  ACTIVITY: "activities",
  CUSTOMER: "customers",
  INVENTORY_ITEM: "inventory items",
  LEAD: "leads",
  PERSON: "people",
  PROJECT: "projects",
  PROJECT_THREAD: "project threads",
  SERVICE_ADDRESS: "service addresses",
  WAREHOUSE: "warehouses",
  WORK_ORDER: "work orders",
  WORK_ORDER_TYPE: "work order types",
};

export type FieldRules = {
  name: string;
  type: CustomFieldType;
  length: number | null;
  decimals: number | null;
  useOptionList: boolean;
  optionList: string[];
};

/** One value in its slots; every slot not named is null. */
export type Slots = {
  valueString: string | null;
  valueStringMax: string | null;
  valueInt: number | null;
  valueDecimal: Prisma.Decimal | null;
  valueDateTime: Date | null;
  valueBool: boolean | null;
};

export const EMPTY_SLOTS: Slots = {
  valueString: null,
  valueStringMax: null,
  valueInt: null,
  valueDecimal: null,
  valueDateTime: null,
  valueBool: null,
};

const INT_MAX = 2_147_483_647;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export const textLimit = (f: Pick<FieldRules, "type" | "length">) =>
  f.type === "REALLY_LONG_TEXT" ? LIMITS.longText : (f.length ?? LIMITS.text);
export const decimalsOf = (f: Pick<FieldRules, "decimals">) => f.decimals ?? 2;

function day(name: string, raw: string): Date {
  const d = new Date(`${raw}T00:00:00Z`);
  if (!isoDay.test(raw) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== raw)
    throw badInput(`${name} must be a date (YYYY-MM-DD).`);
  if (raw < "1900-01-01" || raw > "2099-12-31") throw badInput(`${name} must be between 1900-01-01 and 2099-12-31.`);
  return d;
}

function instant(name: string, raw: string): Date {
  const d = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(raw) || Number.isNaN(d.getTime()))
    throw badInput(`${name} must be a date and time.`);
  const y = d.getUTCFullYear();
  if (y < 1900 || y > 2099) throw badInput(`${name} must be between 1900 and 2099.`);
  return d;
}

/**
 * The slots for `raw` (already trimmed, not empty), or a refusal naming the field: "Gate code must be a
 * whole number." A TABLE_RECORD value is only checked for shape here.
 */
export function toSlots(f: FieldRules, raw: string): Slots {
  const name = f.name;
  switch (f.type) {
    case "TEXT":
    case "REALLY_LONG_TEXT": {
      const max = textLimit(f);
      if (raw.length > max) throw badInput(`${name} must be at most ${max} characters.`);
      if (f.type === "TEXT" && f.useOptionList) {
        const option = f.optionList.find((o) => o.toLowerCase() === raw.toLowerCase());
        if (!option)
          throw badInput(
            f.optionList.length <= 10
              ? `${name} must be one of: ${f.optionList.join(", ")}.`
              : `${name} must be one of its options.`,
          );
        return { ...EMPTY_SLOTS, valueString: option };
      }
      return f.type === "TEXT" ? { ...EMPTY_SLOTS, valueString: raw } : { ...EMPTY_SLOTS, valueStringMax: raw };
    }
    case "INTEGER": {
      if (!/^[-+]?\d+$/.test(raw)) throw badInput(`${name} must be a whole number.`);
      const n = Number(raw);
      if (Math.abs(n) > INT_MAX) throw badInput(`${name} must be between -${INT_MAX} and ${INT_MAX}.`);
      return { ...EMPTY_SLOTS, valueInt: n };
    }
    case "NUMERIC": {
      const m = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(raw);
      if (!m || (m[2] === "" && !m[3])) throw badInput(`${name} must be a number.`);
      const places = decimalsOf(f);
      const fraction = (m[3] ?? "").replace(/0+$/, "");
      if (fraction.length > places)
        throw badInput(
          places === 0 ? `${name} must be a whole number.` : `${name} must have at most ${places} decimal places.`,
        );
      if ((m[2] ?? "").replace(/^0+/, "").length > 12) throw badInput(`${name} is too large.`);
      return { ...EMPTY_SLOTS, valueDecimal: new Prisma.Decimal(raw) };
    }
    case "TRUE_FALSE": {
      const v = raw.toLowerCase();
      if (v !== "true" && v !== "false") throw badInput(`${name} must be true or false.`);
      return { ...EMPTY_SLOTS, valueBool: v === "true" };
    }
    case "DATE":
      return { ...EMPTY_SLOTS, valueDateTime: day(name, raw) };
    case "DATE_TIME":
      return { ...EMPTY_SLOTS, valueDateTime: instant(name, raw) };
    case "TABLE_RECORD":
      if (raw.length > 100 || !/^[\w-]+$/.test(raw)) throw badInput(`${name} must name a record.`);
      return { ...EMPTY_SLOTS, valueString: raw };
  }
}

/** The canonical text of a stored value ("" when the slot of its type is empty). */
export function toText(f: Pick<FieldRules, "type" | "decimals">, s: Partial<Slots>): string {
  switch (f.type) {
    case "TEXT":
    case "TABLE_RECORD":
      return s.valueString ?? "";
    case "REALLY_LONG_TEXT":
      return s.valueStringMax ?? "";
    case "INTEGER":
      return s.valueInt == null ? "" : String(s.valueInt);
    case "NUMERIC":
      return s.valueDecimal == null ? "" : new Prisma.Decimal(s.valueDecimal).toFixed(decimalsOf(f));
    case "TRUE_FALSE":
      return s.valueBool == null ? "" : String(s.valueBool);
    case "DATE":
      return s.valueDateTime ? s.valueDateTime.toISOString().slice(0, 10) : "";
    case "DATE_TIME":
      return s.valueDateTime ? s.valueDateTime.toISOString() : "";
  }
}

/** `raw` in its canonical text (refused as toSlots refuses); "" stays "". */
export const canonical = (f: FieldRules, raw: string) => (raw === "" ? "" : toText(f, toSlots(f, raw)));

/** Whether a value meets a condition's value (the same canonical text, whatever the case). */
export const meets = (value: string, wanted: string) => value.trim().toLowerCase() === wanted.trim().toLowerCase();
