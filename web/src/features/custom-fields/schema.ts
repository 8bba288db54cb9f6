import { z } from "zod";
import type { RecordForms } from "@/components/record-forms";
import type { CustomFieldInputVars, CustomFieldRow, FieldType, TableId } from "./api";

// The custom field form (new field, field page). Messages are the server's own; numbers are typed as
// text and checked here. The server checks the rest (the default value in the field's type, the
// condition's value in its field's type, options) and its refusal lands on the field it names.

const whole = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || /^-?\d+$/.test(v), `${label} must be a whole number.`)
    .refine((v) => v === "" || (Number(v) >= min && Number(v) <= max), `${label} must be between ${min} and ${max}.`);

export const fieldSchema = z.object({
  name: z.string().trim().min(1, "Field name is required.").max(60, "Field name must be at most 60 characters."),
  tableId: z.string().min(1, "Choose the table."),
  type: z.string().min(1, "Choose the type."),
  required: z.boolean(),
  readOnly: z.boolean(),
  inactive: z.boolean(),
  pinned: z.boolean(),
  sortOrder: whole("Sort order", -100_000, 100_000),
  useOptionList: z.boolean(),
  /** One option a line. */
  options: z.string().max(12_000, "Option list is too long."),
  length: whole("Length", 1, 255),
  decimals: whole("Decimal places", 0, 6),
  selectionTableId: z.string(),
  defaultValue: z.string().max(10_000, "Default value must be at most 10000 characters."),
  displayIfFieldId: z.string(),
  displayIfFieldValue: z.string().max(255, "Display condition value must be at most 255 characters."),
  macroName: z.string().trim().max(40, "Macro name must be at most 40 characters."),
});
export type FieldValues = z.infer<typeof fieldSchema>;

/** The "New field" dialog and the field's settings card; `labels`: how refusals name the form's fields. */
export const FIELD_FORMS: RecordForms = {
  labels: {
    name: "field name",
    options: "option list",
    decimals: "decimal places",
    displayIfFieldValue: "display condition value",
  },
  create: {
    title: "New field",
    description: "Add a field to a table's records. Default value, display condition and the rest come next.",
    submitLabel: "Create field",
    className: "sm:max-w-2xl",
  },
  edit: {
    title: "Settings",
    description:
      "The type changes only while no record has a value. Options removed later keep the values already saved.",
    submitLabel: "Save field",
  },
};

export const emptyField: FieldValues = {
  name: "",
  tableId: "PERSON",
  type: "TEXT",
  required: false,
  readOnly: false,
  inactive: false,
  pinned: false,
  sortOrder: "0",
  useOptionList: false,
  options: "",
  length: "",
  decimals: "2",
  selectionTableId: "",
  defaultValue: "",
  displayIfFieldId: "",
  displayIfFieldValue: "",
  macroName: "",
};

export const valuesOf = (f: CustomFieldRow): FieldValues => ({
  name: f.name,
  tableId: f.tableId,
  type: f.type,
  required: f.required,
  readOnly: f.readOnly,
  inactive: f.inactive,
  pinned: f.pinStatus === "PINNED",
  sortOrder: String(f.sortOrder),
  useOptionList: f.useOptionList,
  options: f.optionList.join("\n"),
  length: f.length == null ? "" : String(f.length),
  decimals: f.decimals == null ? "2" : String(f.decimals),
  selectionTableId: f.selectionTableId ?? "",
  defaultValue: f.defaultValue,
  displayIfFieldId: f.displayIfFieldId ?? "",
  displayIfFieldValue: f.displayIfFieldValue,
  macroName: f.macroName,
});

export const optionLines = (text: string) =>
  text
    .split("\n")
    .map((o) => o.trim())
    .filter(Boolean);

/** The API's input for the form's values; settings of other types are sent empty (the server drops them). */
export function inputOf(v: FieldValues): CustomFieldInputVars {
  const type = v.type as FieldType;
  return {
    name: v.name,
    tableId: v.tableId as TableId,
    type,
    required: v.required,
    readOnly: v.readOnly,
    inactive: v.inactive,
    pinStatus: v.pinned ? "PINNED" : "NOT_PINNED",
    sortOrder: Number(v.sortOrder || 0),
    useOptionList: type === "TEXT" && v.useOptionList,
    optionList: optionLines(v.options),
    length: type === "TEXT" && v.length ? Number(v.length) : null,
    decimals: type === "NUMERIC" ? Number(v.decimals || 2) : null,
    selectionTableId: type === "TABLE_RECORD" && v.selectionTableId ? (v.selectionTableId as TableId) : null,
    defaultValue: type === "TABLE_RECORD" ? "" : v.defaultValue,
    displayIfFieldId: v.displayIfFieldId,
    displayIfFieldValue: v.displayIfFieldId ? v.displayIfFieldValue : "",
    macroName: v.macroName,
  };
}
