import type { ScopedDb, ScopedTx } from "../../db/scoped.ts";
import { AppError, badInput } from "../../errors.ts";
import type { CustomField, CustomFieldValue } from "../../generated/prisma/client.ts";
import type { TableIdentifier } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { EMPTY_SLOTS, LIMITS, meets, type Slots, tableNoun, toSlots, toText } from "./custom-fields.rules.ts";
import { hasRecordLookup, recordExists, recordNoun } from "./records.ts";

// A record's custom field values, for any table with records: read them, and edit them in one go.
//
// The rules of an edit (docs/decisions/0710-custom-fields.md):
// - A value names a field of the record's table; an inactive field is refused, and so is a change to a
//   read-only one (sending its value unchanged is fine, so a form may send every field).
// - A value is checked by its field's type and settings only when it changes: a value saved before an
//   option was removed or a length lowered stays until someone changes it.
// - A field with a display condition is shown only while the field it names is shown and has the
//   condition's value (after this edit). A hidden field's value is cleared and a value sent for it
//   is ignored. An inactive field is not shown (its own value is kept).
// - A shown field with no value takes its default; a shown, required, editable field must end up with
//   a value.

export type ValueInput = { fieldId: string; value?: string | null };

export type ValueView = CustomFieldValue & { value: string };

const asView = (f: Pick<CustomField, "type" | "decimals">, row: CustomFieldValue): ValueView => ({
  ...row,
  value: toText(f, row),
});

/** Refuses a record this branch does not have (or a table whose records cannot be looked up). */
async function requireRecord(ctx: Context, tableId: TableIdentifier, recordId: string) {
  if (!hasRecordLookup(tableId)) throw badInput(`Custom field values of ${tableNoun[tableId]} cannot be edited yet.`);
  if (!(await recordExists(ctx.db, tableId, recordId)))
    throw new AppError("NOT_FOUND", `${recordNoun[tableId]} not found.`);
}

export async function customFieldValues(ctx: Context, tableId: TableIdentifier, recordId: string) {
  await requireRecord(ctx, tableId, recordId);
  const rows = await ctx.db.customFieldValue.findMany({
    where: { tableId, recordId },
    include: { field: { select: { type: true, decimals: true } } },
  });
  return rows.map(({ field, ...row }) => asView(field, row));
}

/** Parents before the fields whose display depends on them. */
function inDisplayOrder(fields: CustomField[]) {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const depth = (f: CustomField) => {
    let d = 0;
    for (let p = f.displayIfFieldId; p && d <= LIMITS.conditionDepth; p = byId.get(p)?.displayIfFieldId ?? null) d++;
    return d;
  };
  return [...fields].sort((a, b) => depth(a) - depth(b));
}

const slotsEqual = (a: Slots, b: Slots) =>
  a.valueString === b.valueString &&
  a.valueStringMax === b.valueStringMax &&
  a.valueInt === b.valueInt &&
  (a.valueDecimal === null || b.valueDecimal === null
    ? a.valueDecimal === b.valueDecimal
    : a.valueDecimal.equals(b.valueDecimal)) &&
  (a.valueDateTime?.getTime() ?? null) === (b.valueDateTime?.getTime() ?? null) &&
  a.valueBool === b.valueBool;

const slotsOf = (row: CustomFieldValue | undefined): Slots =>
  row
    ? {
        valueString: row.valueString,
        valueStringMax: row.valueStringMax,
        valueInt: row.valueInt,
        valueDecimal: row.valueDecimal,
        valueDateTime: row.valueDateTime,
        valueBool: row.valueBool,
      }
    : EMPTY_SLOTS;

/** A refusal about one field: the web shows it on that field. */
export class FieldRefusal extends AppError {
  constructor(
    readonly fieldId: string,
    message: string,
  ) {
    super("BAD_USER_INPUT", message);
  }
}

/** Sizes before work: no table has more fields than this, and no value is longer than a long text. */
function checkSizes(values: ValueInput[]) {
  if (values.length > LIMITS.fieldsPerTable)
    throw badInput(`An edit carries at most ${LIMITS.fieldsPerTable} values, one per field.`);
  for (const v of values)
    if (v.fieldId.length > 100 || (v.value ?? "").length > LIMITS.longText)
      throw badInput(`A value must be at most ${LIMITS.longText} characters.`);
}

/** The table's fields and the sent values by field, refusing what no edit may carry. */
async function readSent(ctx: Context, tableId: TableIdentifier, values: ValueInput[]) {
  const fields = await ctx.db.customField.findMany({ where: { tableId } });
  const byId = new Map(fields.map((f) => [f.id, f]));
  if (values.some((v) => !byId.has(v.fieldId))) throw new AppError("NOT_FOUND", "Custom field not found.");
  if (values.length > fields.length)
    throw badInput(`An edit carries at most ${fields.length} values, one per field of ${tableNoun[tableId]}.`);
  const sent = new Map<string, string>();
  for (const v of values) {
    const f = byId.get(v.fieldId)!;
    if (sent.has(f.id)) throw new FieldRefusal(f.id, `${f.name} is given twice.`);
    sent.set(f.id, (v.value ?? "").trim());
  }
  return { fields, byId, sent };
}

/** Each field's slots after the edit, or the refusal of the first field that cannot take its value. */
async function plan(
  db: ScopedDb | ScopedTx,
  fields: CustomField[],
  stored: Map<string, CustomFieldValue>,
  sent: Map<string, string>,
) {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const after = new Map<string, Slots>();
  const shown = new Map<string, boolean>();
  for (const f of inDisplayOrder(fields)) {
    const parent = f.displayIfFieldId ? byId.get(f.displayIfFieldId) : undefined;
    const visible =
      !f.inactive &&
      (!f.displayIfFieldId ||
        (!!parent &&
          !!shown.get(parent.id) &&
          meets(toText(parent, after.get(parent.id) ?? EMPTY_SLOTS), f.displayIfFieldValue)));
    shown.set(f.id, visible);
    const before = slotsOf(stored.get(f.id));
    if (f.inactive) {
      // A field set inactive while a form was open: the form sends it as it showed it. Only a change
      // is refused; a value sent as stored (or empty, or an untouched "false" switch) is passed over.
      const raw = sent.get(f.id);
      const untouched = raw === undefined || raw === "" || raw === toText(f, before);
      if (!untouched && !(f.type === "TRUE_FALSE" && raw === "false" && before.valueBool == null))
        throw new FieldRefusal(f.id, `${f.name} is no longer in use.`);
      after.set(f.id, before);
      continue;
    }
    if (!visible) {
      after.set(f.id, EMPTY_SLOTS);
      continue;
    }
    const current = stored.has(f.id) ? before : f.defaultValue ? toSlots(f, f.defaultValue) : EMPTY_SLOTS;
    const raw = sent.get(f.id);
    if (raw === undefined || raw === toText(f, current)) {
      after.set(f.id, current);
      continue;
    }
    let next: Slots;
    try {
      next = raw === "" ? EMPTY_SLOTS : toSlots(f, raw);
    } catch (e) {
      throw e instanceof AppError ? new FieldRefusal(f.id, e.message) : e;
    }
    if (slotsEqual(next, current)) {
      after.set(f.id, current);
      continue;
    }
    if (f.readOnly) throw new FieldRefusal(f.id, `${f.name} is read only.`);
    if (f.type === "TABLE_RECORD" && next.valueString && f.selectionTableId) {
      if (!(await recordExists(db, f.selectionTableId, next.valueString)))
        throw new FieldRefusal(f.id, `${f.name}: ${recordNoun[f.selectionTableId].toLowerCase()} not found.`);
    }
    after.set(f.id, next);
  }
  for (const f of fields)
    if (shown.get(f.id) && f.required && !f.readOnly && slotsEqual(after.get(f.id)!, EMPTY_SLOTS))
      throw new FieldRefusal(f.id, `${f.name} is required.`);
  return after;
}

/**
 * Checks an edit without saving it: of a record's values (recordId), or of a record about to be
 * created (null: nothing stored yet). A form that creates the record and its values calls this first,
 * so a refused value leaves nothing created.
 */
export async function checkCustomFieldValues(
  ctx: Context,
  tableId: TableIdentifier,
  recordId: string | null,
  values: ValueInput[],
): Promise<void> {
  checkSizes(values);
  if (recordId) await requireRecord(ctx, tableId, recordId);
  const { fields, sent } = await readSent(ctx, tableId, values);
  const stored = recordId
    ? new Map((await ctx.db.customFieldValue.findMany({ where: { tableId, recordId } })).map((r) => [r.fieldId, r]))
    : new Map<string, CustomFieldValue>();
  await plan(ctx.db, fields, stored, sent);
}

/** The values of many records of a table (a thread's activities), at most 1,000 records. */
export async function customFieldValuesOfRecords(ctx: Context, tableId: TableIdentifier, recordIds: string[]) {
  if (recordIds.length === 0) return [];
  if (recordIds.length > 1000) throw badInput("At most 1000 records at a time.");
  const rows = await ctx.db.customFieldValue.findMany({
    where: { tableId, recordId: { in: recordIds } },
    include: { field: { select: { type: true, decimals: true } } },
    orderBy: [{ recordId: "asc" }, { field: { sortOrder: "asc" } }, { field: { name: "asc" } }],
  });
  return rows.map(({ field, ...row }) => asView(field, row));
}

export async function editCustomFieldValues(
  ctx: Context,
  tableId: TableIdentifier,
  recordId: string,
  values: ValueInput[],
): Promise<ValueView[]> {
  checkSizes(values);
  await requireRecord(ctx, tableId, recordId);
  const { fields, byId, sent } = await readSent(ctx, tableId, values);

  return ctx.db.$transaction(async (tx) => {
    const stored = new Map(
      (await tx.customFieldValue.findMany({ where: { tableId, recordId } })).map((r) => [r.fieldId, r]),
    );
    const after = await plan(tx, fields, stored, sent);
    for (const f of fields) {
      const next = after.get(f.id)!;
      const row = stored.get(f.id);
      if (slotsEqual(next, slotsOf(row))) continue;
      if (slotsEqual(next, EMPTY_SLOTS)) await tx.customFieldValue.delete({ where: { id: row!.id } });
      else
        await tx.customFieldValue.upsert({
          where: { fieldId_recordId: { fieldId: f.id, recordId } },
          create: { branchId: ctx.branch.id, fieldId: f.id, tableId, recordId, ...next },
          update: next,
        });
    }
    const rows = await tx.customFieldValue.findMany({ where: { tableId, recordId } });
    return rows.map((r) => asView(byId.get(r.fieldId)!, r));
  });
}
