// A table's custom fields in a form: what each field's form value is called, its starting value,
// which fields are shown (conditional display, as the server decides it) and what a save sends. The
// inputs themselves: custom-field-inputs.tsx. Values travel as text in one canonical form per type
// ("1234", "7.50", "true", "2026-11-25", an ISO instant).

export type CustomFieldType =
  | "DATE"
  | "DATE_TIME"
  | "INTEGER"
  | "NUMERIC"
  | "REALLY_LONG_TEXT"
  | "TABLE_RECORD"
  | "TEXT"
  | "TRUE_FALSE";

/** What the renderer needs of a field's definition. */
export type CustomFieldDef = {
  id: string;
  name: string;
  type: CustomFieldType;
  required: boolean;
  readOnly: boolean;
  inactive: boolean;
  useOptionList: boolean;
  optionList: readonly string[];
  defaultValue: string;
  displayIfFieldId: string | null;
  displayIfFieldValue: string;
  length: number | null;
  decimals: number | null;
  selectionTableId: string | null;
};

export type CustomFieldValue = { fieldId: string; value: string };
export type CustomFieldFormValues = Record<string, string>;

/** The form value's name of a field ("cf_<id>": flat, so a refusal lands on it). */
export const customFieldKey = (fieldId: string) => `cf_${fieldId}`;

/** Each active field's starting text: its stored value, else its default. */
export function customFieldDefaults(
  fields: readonly CustomFieldDef[],
  values: readonly CustomFieldValue[],
): CustomFieldFormValues {
  const stored = new Map(values.map((v) => [v.fieldId, v.value]));
  return Object.fromEntries(
    fields.filter((f) => !f.inactive).map((f) => [customFieldKey(f.id), stored.get(f.id) ?? f.defaultValue]),
  );
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The fields shown for the current values: active, and when a field has a display condition, the
 * field it names is shown and has the condition's value.
 */
export function shownCustomFields(
  fields: readonly CustomFieldDef[],
  current: Readonly<Record<string, string | undefined>>,
): Set<string> {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const memo = new Map<string, boolean>();
  const shown = (f: CustomFieldDef, depth = 0): boolean => {
    const known = memo.get(f.id);
    if (known !== undefined) return known;
    let yes = !f.inactive;
    if (yes && f.displayIfFieldId) {
      const parent = byId.get(f.displayIfFieldId);
      yes =
        !!parent &&
        depth < 10 &&
        shown(parent, depth + 1) &&
        same(current[customFieldKey(parent.id)] ?? "", f.displayIfFieldValue);
    }
    memo.set(f.id, yes);
    return yes;
  };
  return new Set(fields.filter((f) => shown(f)).map((f) => f.id));
}

/** What a save sends: every shown field's text (the server clears hidden ones). */
export function customFieldValuesToSave(
  fields: readonly CustomFieldDef[],
  formValues: Readonly<Record<string, string | undefined>>,
): CustomFieldValue[] {
  const shown = shownCustomFields(fields, formValues);
  return fields
    .filter((f) => shown.has(f.id))
    .map((f) => ({ fieldId: f.id, value: (formValues[customFieldKey(f.id)] ?? "").trim() }));
}

/** "2026-11-25T14:30:00.000Z" -> the browser's local "2026-11-25T09:30" (a datetime-local input's value). */
export function toLocalInput(iso: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value as an ISO instant ("" stays ""). */
export function fromLocalInput(local: string): string {
  if (!local) return "";
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}
