import { badInput } from "../../errors.ts";
import type { CustomField } from "../../generated/prisma/client.ts";
import * as E from "../../generated/prisma/enums.ts";
import type { AuthScopes } from "../../pothos/builder.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { tableNoun } from "./custom-fields.rules.ts";
import {
  createCustomField,
  customFields,
  editCustomField,
  type FieldInput,
  requireCustomField,
} from "./custom-fields.service.ts";
import { customFieldValues, editCustomFieldValues, FieldRefusal, type ValueView } from "./values.service.ts";

// Custom fields: any employee reads the definitions (every form that shows a table's fields needs
// them); creating and editing them takes WORKFLOW_CONFIGURATION. A record's values take what that
// record takes: a person's PERSONNEL_MANAGEMENT (as editing the person), a project thread's
// CUSTOMER_ACCESS, an activity's CUSTOMER_ACCESS or being its assignee, a lead's LEAD_ADMIN or
// LEAD_DATA_ENTRY on a lead they reach (the leadAccess scope). Other tables' values are
// read and edited on their own screens, with their own access; the service serves them all alike.

const ANY_EMPLOYEE = { employee: true } as const;
const CONFIGURE = { permission: "WORKFLOW_CONFIGURATION" } as const;

/** Tables whose values these operations serve, each with the access its records need. */
const VALUE_ACCESS: Partial<Record<E.TableIdentifier, (recordId: string) => Partial<AuthScopes>>> = {
  PERSON: () => ({ permission: "PERSONNEL_MANAGEMENT" }),
  PROJECT_THREAD: () => ({ permission: "CUSTOMER_ACCESS" }),
  ACTIVITY: (id) => ({ $all: { employee: true, recordAccess: { kind: "activity", id } } }) as Partial<AuthScopes>,
  LEAD: (id) => ({ leadAccess: { ids: id, anyPermission: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"] } }),
};
const valueScopes = (tableId: E.TableIdentifier, recordId: string) =>
  (VALUE_ACCESS[tableId]?.(recordId) ?? { permission: "CUSTOMER_ACCESS" }) as never;
/** Refuses a table whose values its own screen edits (with that record's access). */
function servedHere(tableId: E.TableIdentifier) {
  if (!VALUE_ACCESS[tableId])
    throw badInput(`Custom field values of ${tableNoun[tableId]} are edited on their own screen.`);
}

export const CustomFieldTypeEnum = builder.enumType(E.CustomFieldType, {
  name: "CustomFieldType",
  description: "What a custom field holds; the value travels as text in the type's canonical form.",
});
export const TableIdentifierEnum = builder.enumType(E.TableIdentifier, {
  name: "TableIdentifier",
  description: "A kind of business record.",
});
const PinStatusEnum = builder.enumType(E.CustomFieldPinStatus, { name: "CustomFieldPinStatus" });

const CustomFieldRef = builder.objectRef<CustomField>("CustomField").implement({
  description: "A field a branch adds to a table's records.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    tableId: t.expose("tableId", { type: TableIdentifierEnum }),
    displayParentId: t.exposeID("displayParentId", { nullable: true }),
    macroName: t.exposeString("macroName"),
    type: t.expose("type", { type: CustomFieldTypeEnum }),
    usageApp: t.exposeBoolean("usageApp"),
    usageDesktop: t.exposeBoolean("usageDesktop"),
    readOnly: t.exposeBoolean("readOnly"),
    length: t.exposeInt("length", { nullable: true, description: "TEXT: the longest value (255 when null)." }),
    decimals: t.exposeInt("decimals", { nullable: true, description: "NUMERIC: digits after the point." }),
    selectionTableId: t.expose("selectionTableId", { type: TableIdentifierEnum, nullable: true }),
    sortOrder: t.exposeInt("sortOrder"),
    useOptionList: t.exposeBoolean("useOptionList"),
    optionList: t.exposeStringList("optionList"),
    displayIfFieldId: t.exposeID("displayIfFieldId", { nullable: true }),
    displayIfFieldValue: t.exposeString("displayIfFieldValue"),
    required: t.exposeBoolean("required"),
    defaultValue: t.exposeString("defaultValue"),
    pinStatus: t.expose("pinStatus", { type: PinStatusEnum }),
    updateOtherCustomFieldId: t.exposeID("updateOtherCustomFieldId", { nullable: true }),
    inactive: t.exposeBoolean("inactive"),
  }),
});

export const CustomFieldValueRef = builder.objectRef<ValueView>("CustomFieldValue").implement({
  description: "A record's value of one field: `value` in canonical text, and the typed slot it is stored in.",
  fields: (t) => ({
    fieldId: t.exposeID("fieldId"),
    recordId: t.exposeID("recordId"),
    value: t.exposeString("value"),
    valueString: t.exposeString("valueString", { nullable: true }),
    valueStringMax: t.exposeString("valueStringMax", { nullable: true }),
    valueInt: t.exposeInt("valueInt", { nullable: true }),
    valueDecimal: t.string({ nullable: true, resolve: (v) => v.valueDecimal?.toString() ?? null }),
    valueDateTime: t.expose("valueDateTime", { type: "DateTime", nullable: true }),
    valueBool: t.exposeBoolean("valueBool", { nullable: true }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  customFields: t.field({
    type: [CustomFieldRef],
    description:
      "The branch's custom fields (of one table when given), by sort order; active ones unless includeInactive.",
    authScopes: ANY_EMPLOYEE,
    args: {
      tableId: t.arg({ type: TableIdentifierEnum, required: false }),
      includeInactive: t.arg.boolean({ required: false }),
    },
    resolve: (_r, a, ctx) => customFields(ctx, a.tableId ?? null, !!a.includeInactive),
  }),
  customField: t.field({
    type: CustomFieldRef,
    authScopes: ANY_EMPLOYEE,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => requireCustomField(ctx, a.id),
  }),
  customFieldValues: t.field({
    type: [CustomFieldValueRef],
    description: "A record's stored values (a field without one shows its default value).",
    authScopes: (_r, a) => valueScopes(a.tableId, a.recordId),
    args: {
      tableId: t.arg({ type: TableIdentifierEnum, required: true }),
      recordId: t.arg.id({ required: true }),
    },
    resolve: (_r, a, ctx) => {
      servedHere(a.tableId);
      return customFieldValues(ctx, a.tableId, a.recordId);
    },
  }),
}));

const CustomFieldInput = builder.inputType("CustomFieldInput", {
  description: "A custom field's settings; on an edit, a setting left out is kept and an empty id clears a link.",
  fields: (t) => ({
    name: t.string(),
    tableId: t.field({ type: TableIdentifierEnum }),
    type: t.field({ type: CustomFieldTypeEnum }),
    displayParentId: t.id(),
    macroName: t.string(),
    usageApp: t.boolean(),
    usageDesktop: t.boolean(),
    readOnly: t.boolean(),
    length: t.int(),
    decimals: t.int(),
    selectionTableId: t.field({ type: TableIdentifierEnum }),
    sortOrder: t.int(),
    useOptionList: t.boolean(),
    optionList: t.stringList(),
    displayIfFieldId: t.id(),
    displayIfFieldValue: t.string(),
    required: t.boolean(),
    defaultValue: t.string(),
    pinStatus: t.field({ type: PinStatusEnum }),
    updateOtherCustomFieldId: t.id(),
    inactive: t.boolean(),
  }),
});

export const CustomFieldValueInput = builder.inputType("CustomFieldValueInput", {
  description: "One field's new value in its canonical text; empty or null clears it.",
  fields: (t) => ({ fieldId: t.id({ required: true }), value: t.string() }),
});

type FieldResult = Result & { field: CustomField | null };
const FieldResultRef = resultType<FieldResult>("CustomFieldResult", (t) => ({
  field: t.field({ type: CustomFieldRef, nullable: true, resolve: (r) => r.field }),
}));
type ValuesResult = Result & { fieldId: string | null; values: ValueView[] | null };
const ValuesResultRef = resultType<ValuesResult>("CustomFieldValuesResult", (t) => ({
  fieldId: t.id({ nullable: true, description: "The field a refusal is about.", resolve: (r) => r.fieldId }),
  values: t.field({ type: [CustomFieldValueRef], nullable: true, resolve: (r) => r.values }),
}));

const fieldResult = (run: () => Promise<CustomField>) =>
  refusalAsResult<FieldResult>(
    async () => {
      const field = await run();
      return { isSuccess: true, message: `Saved the field "${field.name}".`, field };
    },
    (message) => ({ isSuccess: false, message, field: null }),
  );

builder.mutationFields((t) => ({
  createCustomField: t.field({
    type: FieldResultRef,
    authScopes: CONFIGURE,
    args: { input: t.arg({ type: CustomFieldInput, required: true }) },
    resolve: (_r, { input }, ctx) => fieldResult(() => createCustomField(ctx, input as FieldInput)),
  }),
  editCustomField: t.field({
    type: FieldResultRef,
    description: "Changes a field's settings (its table never; its type only while no record has a value).",
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CustomFieldInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => fieldResult(() => editCustomField(ctx, id, input as FieldInput)),
  }),
  editCustomFieldValues: t.field({
    type: ValuesResultRef,
    description:
      "Sets a record's values (fields left out keep theirs). Hidden conditional fields are cleared, " +
      "read-only ones cannot change, inactive ones are refused.",
    authScopes: (_r, a) => valueScopes(a.tableId, a.recordId),
    args: {
      tableId: t.arg({ type: TableIdentifierEnum, required: true }),
      recordId: t.arg.id({ required: true }),
      values: t.arg({ type: [CustomFieldValueInput], required: true }),
    },
    resolve: async (_r, a, ctx) => {
      let fieldId: string | null = null;
      return refusalAsResult<ValuesResult>(
        async () => {
          try {
            servedHere(a.tableId);
            const values = await editCustomFieldValues(ctx, a.tableId, a.recordId, a.values);
            return { isSuccess: true, message: "Saved the custom fields.", fieldId: null, values };
          } catch (e) {
            if (e instanceof FieldRefusal) fieldId = e.fieldId;
            throw e;
          }
        },
        (message) => ({ isSuccess: false, message, fieldId, values: null }),
      );
    },
  }),
}));
