import { z } from "zod";
import { AppError, badInput } from "../../errors.ts";
import type { CustomField } from "../../generated/prisma/client.ts";
import type { CustomFieldPinStatus, CustomFieldType, TableIdentifier } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, requiredText, withoutNulls } from "../../validation.ts";
import { canonical, FIELD_TABLES, LIMITS, SELECTION_TABLES, tableNoun } from "./custom-fields.rules.ts";

// Custom field definitions: the branch's fields per table (the scoped client adds the branch, so
// another branch's field is "not found"). A create or edit checks the whole definition as it would be
// saved: type-specific settings, the option list, the default value in the field's own type, and a
// conditional display that names a field of the same table without going round in a circle.
// Values: values.service.ts.

export type FieldInput = {
  name?: string | null;
  tableId?: TableIdentifier | null;
  type?: CustomFieldType | null;
  displayParentId?: string | null;
  macroName?: string | null;
  usageApp?: boolean | null;
  usageDesktop?: boolean | null;
  readOnly?: boolean | null;
  length?: number | null;
  decimals?: number | null;
  selectionTableId?: TableIdentifier | null;
  sortOrder?: number | null;
  useOptionList?: boolean | null;
  optionList?: string[] | null;
  displayIfFieldId?: string | null;
  displayIfFieldValue?: string | null;
  required?: boolean | null;
  defaultValue?: string | null;
  pinStatus?: CustomFieldPinStatus | null;
  updateOtherCustomFieldId?: string | null;
  inactive?: boolean | null;
};

const DEFAULTS = {
  macroName: "",
  usageApp: true,
  usageDesktop: true,
  readOnly: false,
  sortOrder: 0,
  useOptionList: false,
  optionList: [] as string[],
  displayIfFieldValue: "",
  required: false,
  defaultValue: "",
  pinStatus: "NOT_PINNED" as const,
  inactive: false,
};

const between = (label: string, min: number, max: number) =>
  z
    .number()
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be between ${min} and ${max}.`)
    .max(max, `${label} must be between ${min} and ${max}.`);
const id = z.string().max(100, "Custom field not found.");

// Sizes first: every text and list is bounded here, before anything is read.
const fieldSchema = z.object({
  name: requiredText("Field name", LIMITS.name),
  tableId: z.enum(FIELD_TABLES, { message: "Custom fields cannot be added to that table." }),
  type: z.enum(["DATE", "DATE_TIME", "INTEGER", "NUMERIC", "REALLY_LONG_TEXT", "TABLE_RECORD", "TEXT", "TRUE_FALSE"]),
  displayParentId: id.nullable(),
  macroName: z
    .string()
    .trim()
    .regex(
      /^([A-Za-z][A-Za-z0-9_]{0,39})?$/,
      "Macro name must start with a letter and have only letters, digits and _ (at most 40).",
    ),
  usageApp: z.boolean(),
  usageDesktop: z.boolean(),
  readOnly: z.boolean(),
  length: between("Length", 1, LIMITS.text).nullable(),
  decimals: between("Decimal places", 0, LIMITS.decimals).nullable(),
  selectionTableId: z.enum(SELECTION_TABLES, { message: "Records of that table cannot be chosen." }).nullable(),
  sortOrder: between("Sort order", -100_000, 100_000),
  useOptionList: z.boolean(),
  optionList: z
    .array(
      z
        .string()
        .trim()
        .min(1, "An option cannot be empty.")
        .max(LIMITS.optionLength, `An option must be at most ${LIMITS.optionLength} characters.`),
    )
    .max(LIMITS.options, `Option list must have at most ${LIMITS.options} options.`),
  displayIfFieldId: id.nullable(),
  displayIfFieldValue: z
    .string()
    .trim()
    .max(LIMITS.text, `Display condition value must be at most ${LIMITS.text} characters.`),
  required: z.boolean(),
  defaultValue: z.string().trim().max(LIMITS.longText, `Default value must be at most ${LIMITS.longText} characters.`),
  pinStatus: z.enum(["NOT_PINNED", "PINNED"]),
  updateOtherCustomFieldId: id.nullable(),
  inactive: z.boolean(),
});
type FieldData = z.infer<typeof fieldSchema>;

const order = [{ sortOrder: "asc" }, { name: "asc" }] as const;

export function customFields(ctx: Context, tableId: TableIdentifier | null, includeInactive: boolean) {
  return ctx.db.customField.findMany({
    where: { ...(tableId ? { tableId } : {}), ...(includeInactive ? {} : { inactive: false }) },
    orderBy: [{ tableId: "asc" }, ...order],
  });
}

export async function requireCustomField(ctx: Context, fieldId: string) {
  const row = fieldId.length <= 100 ? await ctx.db.customField.findUnique({ where: { id: fieldId } }) : null;
  if (!row) throw new AppError("NOT_FOUND", "Custom field not found.");
  return row;
}

/** An id naming another field of the same table (not the field itself), or null. */
async function sameTableField(ctx: Context, v: FieldData, selfId: string | null, fieldId: string | null, role: string) {
  if (!fieldId) return null;
  const other = await ctx.db.customField.findUnique({ where: { id: fieldId } });
  if (!other || other.tableId !== v.tableId)
    throw badInput(`The ${role} field was not found on ${tableNoun[v.tableId]}.`);
  if (other.id === selfId) throw badInput(`A field cannot be its own ${role} field.`);
  return other;
}

/** The fields above `parent` through display conditions, refused when they reach the field itself. */
async function checkConditionChain(ctx: Context, parent: CustomField, selfId: string | null) {
  let depth = 1;
  let current: CustomField | null = parent;
  while (current?.displayIfFieldId) {
    if (current.displayIfFieldId === selfId)
      throw badInput("Display conditions cannot go round in a circle back to this field.");
    if (++depth > LIMITS.conditionDepth)
      throw badInput(`Display conditions can hang from one another at most ${LIMITS.conditionDepth} deep.`);
    current = await ctx.db.customField.findUnique({ where: { id: current.displayIfFieldId } });
  }
}

/** The definition as it will be saved, every rule checked; `self` is the field being edited. */
async function checked(ctx: Context, v: FieldData, self: CustomField | null): Promise<FieldData> {
  const selfId = self?.id ?? null;
  const data: FieldData = { ...v };
  // An empty id is no link.
  data.displayParentId ||= null;
  data.displayIfFieldId ||= null;
  data.updateOtherCustomFieldId ||= null;
  if (data.type !== "TEXT") data.length = null;
  if (data.type !== "NUMERIC") data.decimals = null;
  else data.decimals ??= 2;
  if (data.type === "TABLE_RECORD") {
    if (!data.selectionTableId) throw badInput("Choose the table whose records this field names.");
  } else data.selectionTableId = null;

  if (data.useOptionList) {
    if (data.type !== "TEXT") throw badInput("Only text fields can have an option list.");
    if (data.optionList.length === 0) throw badInput("Option list needs at least one option.");
    const seen = new Set<string>();
    for (const o of data.optionList) {
      if (seen.has(o.toLowerCase())) throw badInput(`Option list has "${o}" twice.`);
      seen.add(o.toLowerCase());
    }
  }
  if (data.defaultValue !== "") {
    if (data.type === "TABLE_RECORD") throw badInput("A record field cannot have a default value.");
    data.defaultValue = canonical({ ...data, name: "Default value" }, data.defaultValue);
  }

  await sameTableField(ctx, data, selfId, data.displayParentId, "group");
  await sameTableField(ctx, data, selfId, data.updateOtherCustomFieldId, "updated");
  const parent = await sameTableField(ctx, data, selfId, data.displayIfFieldId, "condition");
  if (parent) {
    await checkConditionChain(ctx, parent, selfId);
    if (data.displayIfFieldValue === "") throw badInput("Choose the value the condition field must have.");
    data.displayIfFieldValue = canonical({ ...parent, name: "Display condition value" }, data.displayIfFieldValue);
  } else data.displayIfFieldValue = "";
  return data;
}

async function uniqueName(ctx: Context, v: FieldData, exceptId?: string) {
  const clash = await ctx.db.customField.findFirst({
    where: {
      tableId: v.tableId,
      name: { equals: v.name, mode: "insensitive" },
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
  });
  if (clash) throw new AppError("CONFLICT", `A field named "${clash.name}" already exists on ${tableNoun[v.tableId]}.`);
}

export async function createCustomField(ctx: Context, input: FieldInput) {
  const v = parseInput(fieldSchema, {
    displayParentId: null,
    length: null,
    decimals: null,
    selectionTableId: null,
    displayIfFieldId: null,
    updateOtherCustomFieldId: null,
    ...DEFAULTS,
    ...withoutNulls(input),
  });
  const count = await ctx.db.customField.count({ where: { tableId: v.tableId } });
  if (count >= LIMITS.fieldsPerTable)
    throw badInput(`${tableNoun[v.tableId]} already have ${LIMITS.fieldsPerTable} custom fields, the most allowed.`);
  await uniqueName(ctx, v);
  const data = await checked(ctx, v, null);
  return ctx.db.customField.create({ data: { branchId: ctx.branch.id, ...data } });
}

/**
 * A patch: what the input leaves out is kept; an empty id clears a link. The table cannot change, and
 * neither can the type once records have values (they would not fit their slot).
 */
export async function editCustomField(ctx: Context, fieldId: string, input: FieldInput) {
  const current = await requireCustomField(ctx, fieldId);
  const given = withoutNulls(input);
  const links = ["displayParentId", "displayIfFieldId", "updateOtherCustomFieldId"] as const;
  const merged: Record<string, unknown> = { ...current, ...given };
  for (const k of links) if (merged[k] === "") merged[k] = null;
  if ("length" in input && input.length === null) merged.length = null;
  const v = parseInput(fieldSchema, merged);
  if (v.tableId !== current.tableId) throw badInput("A field's table cannot change.");
  if (v.type !== current.type) {
    const used = await ctx.db.customFieldValue.count({ where: { fieldId } });
    if (used > 0)
      throw badInput(`${current.name} has values on ${used} record${used === 1 ? "" : "s"}: its type cannot change.`);
  }
  if (v.name.toLowerCase() !== current.name.toLowerCase()) await uniqueName(ctx, v, current.id);
  const data = await checked(ctx, v, current);
  return ctx.db.customField.update({ where: { id: current.id }, data });
}
