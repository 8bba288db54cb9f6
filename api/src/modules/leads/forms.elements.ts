import { randomUUID } from "node:crypto";
import { badInput } from "../../errors.ts";
import type { CustomField, LeadFormElement } from "../../generated/prisma/client.ts";
import type { CustomFieldType, LeadQuestionType, NativeLeadField } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { FORM_LIMITS, hasOptions, NATIVE_FIELDS, QUESTION_TYPES } from "./forms.rules.ts";

// A lead form's questions as the builder saves them (forms.service.ts): each checked against the field it
// fills (a lead field or a LEAD custom field, and the question types that field takes), its options and
// its parent, and planned as the rows to store, in order.

/** Which question types may fill each lead field. */
const NATIVE_TYPES: Record<NativeLeadField, LeadQuestionType[]> = {
  FIRST_NAME: ["TEXT"],
  LAST_NAME: ["TEXT"],
  EMAIL: ["EMAIL"],
  PHONE: ["PHONE"],
  PHONE2: ["PHONE"],
  ADDRESS: ["ADDRESS_AUTOFILL", "TEXT"],
  CITY: ["TEXT"],
  STATE_CODE: ["STATE_CODE", "SELECT"],
  POSTAL_CODE: ["POSTAL_CODE"],
  COMMENTS: ["TEXT_AREA", "TEXT", "SELECT", "SELECT_MULTIPLE", "YES_NO", "CHECKBOX"],
  APPOINTMENT: ["DATE_TIME"],
};

/** Which question types may fill a custom field of each type (text takes any answer). */
const CUSTOM_TYPES: Partial<Record<CustomFieldType, LeadQuestionType[]>> = {
  INTEGER: ["NUMBER"],
  NUMERIC: ["NUMBER"],
  TRUE_FALSE: ["CHECKBOX", "YES_NO"],
  DATE: ["DATE"],
  DATE_TIME: ["DATE_TIME"],
  TABLE_RECORD: [],
};

const typeWords = (types: LeadQuestionType[]) => types.map((t) => t.toLowerCase().replaceAll("_", " ")).join(" or ");

export type ElementInput = {
  /** The element's id, or a new element's key made by the builder ("new-1"): what parentKey names. */
  key: string;
  parentKey?: string | null;
  showIfParentEquals?: string | null;
  isNativeLeadField: boolean;
  leadFieldId?: NativeLeadField | null;
  customFieldId?: string | null;
  questionText: string;
  questionType: LeadQuestionType;
  questionOptions?: string[] | null;
  isRequired?: boolean | null;
};

export type PlannedElement = Omit<LeadFormElement, "branchId" | "leadFormId">;

/** The element list as it will be stored, or the first thing wrong with it (a sentence naming the question). */
export async function planElements(
  ctx: Context,
  existing: Set<string>,
  list: ElementInput[],
): Promise<PlannedElement[]> {
  if (list.length > FORM_LIMITS.elements) throw badInput(`A form has at most ${FORM_LIMITS.elements} questions.`);
  const customIds = [
    ...new Set(list.flatMap((e) => (!e.isNativeLeadField && e.customFieldId ? [e.customFieldId] : []))),
  ];
  const fields = customIds.length
    ? await ctx.db.customField.findMany({
        where: { id: { in: customIds.filter((i) => i.length <= 100) }, tableId: "LEAD" },
      })
    : [];
  const fieldById = new Map<string, CustomField>(fields.map((f) => [f.id, f]));
  const idByKey = new Map<string, string>();
  const planned: PlannedElement[] = [];
  const natives = new Set<string>();
  const customs = new Set<string>();
  for (const [index, e] of list.entries()) {
    const n = `Question ${index + 1}`;
    const key = e.key.trim();
    if (!key || key.length > 100) throw badInput(`${n}: its key is missing.`);
    if (idByKey.has(key)) throw badInput(`${n}: its key is used twice.`);
    const text = e.questionText.trim();
    if (!text) throw badInput(`${n}: the question text is required.`);
    if (text.length > FORM_LIMITS.questionText)
      throw badInput(`${n}: the question text must be at most ${FORM_LIMITS.questionText} characters.`);
    if (!QUESTION_TYPES.includes(e.questionType)) throw badInput(`${n}: choose a question type.`);
    const options = hasOptions(e.questionType) ? (e.questionOptions ?? []).map((o) => o.trim()).filter(Boolean) : [];
    if (hasOptions(e.questionType)) {
      if (!options.length) throw badInput(`${n} ("${text}"): a choice question needs at least one option.`);
      if (options.length > FORM_LIMITS.options) throw badInput(`${n}: at most ${FORM_LIMITS.options} options.`);
      if (options.some((o) => o.length > FORM_LIMITS.option))
        throw badInput(`${n}: an option must be at most ${FORM_LIMITS.option} characters.`);
      if (new Set(options.map((o) => o.toLowerCase())).size !== options.length)
        throw badInput(`${n} ("${text}"): an option is listed twice.`);
    }
    let leadFieldId: NativeLeadField | null = null;
    let customFieldId: string | null = null;
    if (e.isNativeLeadField) {
      if (!e.leadFieldId || !NATIVE_FIELDS[e.leadFieldId])
        throw badInput(`${n} ("${text}"): choose the lead field it fills.`);
      if (natives.has(e.leadFieldId))
        throw badInput(`${n} ("${text}"): ${NATIVE_FIELDS[e.leadFieldId].label} is already asked by another question.`);
      const allowed = NATIVE_TYPES[e.leadFieldId];
      if (!allowed.includes(e.questionType))
        throw badInput(
          `${n} ("${text}"): ${NATIVE_FIELDS[e.leadFieldId].label} takes a ${typeWords(allowed)} question.`,
        );
      natives.add(e.leadFieldId);
      leadFieldId = e.leadFieldId;
    } else {
      const field = e.customFieldId ? fieldById.get(e.customFieldId) : undefined;
      if (!field) throw badInput(`${n} ("${text}"): choose a custom field of leads.`);
      if (field.inactive) throw badInput(`${n} ("${text}"): the custom field ${field.name} is no longer in use.`);
      if (customs.has(field.id))
        throw badInput(`${n} ("${text}"): ${field.name} is already asked by another question.`);
      const allowed = CUSTOM_TYPES[field.type];
      if (allowed && !allowed.includes(e.questionType))
        throw badInput(
          allowed.length
            ? `${n} ("${text}"): ${field.name} takes a ${typeWords(allowed)} question.`
            : `${n} ("${text}"): ${field.name} names a record and cannot be asked on a form.`,
        );
      customs.add(field.id);
      customFieldId = field.id;
    }
    let parentElementId: string | null = null;
    let showIf = "";
    if (e.parentKey) {
      const parentId = idByKey.get(e.parentKey);
      if (!parentId) throw badInput(`${n} ("${text}"): the question it depends on must come before it.`);
      showIf = (e.showIfParentEquals ?? "").trim();
      if (!showIf) throw badInput(`${n} ("${text}"): say which answer of its parent shows it.`);
      if (showIf.length > FORM_LIMITS.option) throw badInput(`${n}: the answer that shows it is too long.`);
      const parent = planned.find((p) => p.id === parentId)!;
      if (hasOptions(parent.questionType)) {
        const option = parent.questionOptions.find((o) => o.toLowerCase() === showIf.toLowerCase());
        if (!option) throw badInput(`${n} ("${text}"): "${showIf}" is not an option of the question it depends on.`);
        showIf = option;
      }
      parentElementId = parentId;
    }
    const id = existing.has(key) ? key : randomUUID();
    idByKey.set(key, id);
    planned.push({
      id,
      parentElementId,
      showIfParentEquals: showIf,
      isNativeLeadField: e.isNativeLeadField,
      leadFieldId,
      customFieldId,
      questionText: text,
      questionType: e.questionType,
      questionOptions: options,
      isRequired: !!e.isRequired,
      orderIndex: index,
    });
  }
  return planned;
}
