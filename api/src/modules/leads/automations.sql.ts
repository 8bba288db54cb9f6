import { Prisma } from "../../generated/prisma/client.ts";
import { type Slots, toSlots } from "../custom-fields/custom-fields.rules.ts";
import {
  NATIVE_LEAD_FIELDS,
  PHONE_KEY_COLUMN,
  type RuleField,
  type RuleShape,
  rulePhoneKey,
  SLOT_OF,
} from "./automations.rules.ts";

// A rule as SQL over "Lead" l, for the preview (one count) and for its apply to existing leads. It
// tests what matchesNative / matchesCustom test in memory (automations.rules.ts), and the leads it
// reaches are visibleLeadsWhere's (not merged away, within the viewer's zones when held to them),
// written as SQL because a custom field's value lives in another table Prisma's lead filter cannot
// join.

const col = (name: string) => Prisma.raw(`"${name}"`);

/**
 * The caught leads: visible to the viewer (`zones`: leadZoneRestriction's answer), not discarded yet,
 * passing the rule.
 */
export function caughtLeadsSql(
  zones: string[] | null,
  branch: Prisma.Sql,
  rule: RuleShape,
  field: RuleField | null,
): Prisma.Sql {
  const zone = !zones
    ? Prisma.empty
    : zones.length
      ? Prisma.sql`AND l."zoneId" IN (${Prisma.join(zones)})`
      : Prisma.sql`AND FALSE`;
  return Prisma.sql`l."branchId" = ${branch} AND l."mergedIntoId" IS NULL AND l.status <> 'DISCARDED' ${zone}
    AND ${ruleSql(branch, rule, field)}`;
}

function ruleSql(branch: Prisma.Sql, rule: RuleShape, field: RuleField | null): Prisma.Sql {
  if (rule.nativeFieldName) {
    const info = NATIVE_LEAD_FIELDS[rule.nativeFieldName];
    const c = Prisma.sql`l.${col(info.column)}`;
    if (rule.comparator === "HAS_VALUE")
      return info.noEquals ? Prisma.sql`${c} IS NOT NULL` : Prisma.sql`btrim(${c}) <> ''`;
    const key = rulePhoneKey(rule);
    if (key) return Prisma.sql`l.${col(PHONE_KEY_COLUMN[info.column as keyof typeof PHONE_KEY_COLUMN])} = ${key}`;
    return Prisma.sql`lower(btrim(${c})) = lower(${rule.value.trim()})`;
  }
  if (!field) return Prisma.sql`FALSE`;
  const slot = SLOT_OF[field.type];
  const v = Prisma.sql`v.${col(slot)}`;
  let test: Prisma.Sql;
  if (rule.comparator === "HAS_VALUE")
    test = typeof slotSample[slot] === "string" ? Prisma.sql`btrim(${v}) <> ''` : Prisma.sql`${v} IS NOT NULL`;
  else test = equalsSql(v, slot, toSlots(field, rule.value));
  return Prisma.sql`EXISTS (SELECT 1 FROM "CustomFieldValue" v WHERE v."branchId" = ${branch}
    AND v."fieldId" = ${field.id} AND v."recordId" = l.id AND ${test})`;
}

const slotSample: Record<keyof Slots, unknown> = {
  valueString: "",
  valueStringMax: "",
  valueInt: 0,
  valueDecimal: 0,
  valueDateTime: 0,
  valueBool: false,
};

function equalsSql(v: Prisma.Sql, slot: keyof Slots, wanted: Slots): Prisma.Sql {
  const w = wanted[slot];
  if (w === null) return Prisma.sql`FALSE`;
  if (typeof w === "string") return Prisma.sql`lower(btrim(${v})) = lower(${w.trim()})`;
  if (w instanceof Date) return Prisma.sql`${v} = ${w.toISOString().slice(0, 23).replace("T", " ")}::timestamp`;
  if (typeof w === "boolean") return Prisma.sql`${v} = ${w}`;
  if (typeof w === "number") return Prisma.sql`${v} = ${w}::int`;
  return Prisma.sql`${v} = ${w.toString()}::numeric`;
}
