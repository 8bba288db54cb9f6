import { z } from "zod";
import type { LeadForm, LeadFormInput, NativeField, QuestionType } from "./forms-api";

// The builder's form: the settings and the ordered questions. A question fills a lead field or a lead
// custom field; a choice question lists its options one per line; a question may depend on an earlier
// one (its parent's key) and show only for one answer. The server checks the rest and names the
// question ("Question 2 (“Phone”): …").

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  TEXT: "Short text",
  TEXT_AREA: "Long text",
  EMAIL: "Email",
  PHONE: "Phone",
  NUMBER: "Number",
  DATE: "Date",
  TIME: "Time",
  DATE_TIME: "Date and time",
  SELECT: "Choice (one)",
  SELECT_MULTIPLE: "Choice (several)",
  CHECKBOX: "Checkbox",
  YES_NO: "Yes or no",
  ADDRESS_AUTOFILL: "Street address",
  POSTAL_CODE: "ZIP or postal code",
  STATE_CODE: "State or province",
};

export const hasOptions = (t: string) => t === "SELECT" || t === "SELECT_MULTIPLE";

const questionTypes = Object.keys(QUESTION_TYPE_LABELS) as [QuestionType, ...QuestionType[]];

export const elementSchema = z.object({
  key: z.string(),
  questionText: z.string().trim().min(1, "Question text is required.").max(500, "At most 500 characters."),
  questionType: z.enum(questionTypes),
  fills: z.string().min(1, "Choose what the answer fills."),
  isRequired: z.boolean(),
  options: z.string().max(10_000, "Too many options."),
  parentKey: z.string(),
  showIfParentEquals: z.string().max(200, "At most 200 characters."),
});
export type ElementValues = z.infer<typeof elementSchema>;

export const leadFormSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters."),
  title: z.string().trim().max(200, "Title must be at most 200 characters."),
  description: z.string().trim().max(2000, "Description must be at most 2000 characters."),
  isPublic: z.boolean(),
  isTemplate: z.boolean(),
  minutesBetweenSubmissions: z.string().regex(/^\d{1,5}$/, "Minutes between submissions must be a whole number."),
  autoAssignLead: z.boolean(),
  assignWorkflowShortcutId: z.string(),
  hasAppointmentScheduler: z.boolean(),
  sendToRetailer: z.boolean(),
  leadSourceId: z.string(),
  elements: z.array(elementSchema).max(100, "A form has at most 100 questions."),
});
export type LeadFormValues = z.infer<typeof leadFormSchema>;
export const LEAD_FORM_LABELS = { minutesBetweenSubmissions: "minutes between submissions" };

/** "native:PHONE" or "custom:<id>": what a question's answer fills. */
export const fillsOf = (e: { leadFieldId: string | null; customFieldId: string | null }) =>
  e.customFieldId ? `custom:${e.customFieldId}` : e.leadFieldId ? `native:${e.leadFieldId}` : "";

let made = 0;
export const newElement = (): ElementValues => ({
  key: `new-${Date.now().toString(36)}-${++made}`,
  questionText: "",
  questionType: "TEXT",
  fills: "",
  isRequired: false,
  options: "",
  parentKey: "",
  showIfParentEquals: "",
});

export function valuesOf(f: LeadForm): LeadFormValues {
  return {
    name: f.name,
    title: f.title,
    description: f.description,
    isPublic: f.isPublic,
    isTemplate: f.isTemplate,
    minutesBetweenSubmissions: String(f.minutesBetweenSubmissions),
    autoAssignLead: f.autoAssignLead,
    assignWorkflowShortcutId: f.assignWorkflowShortcutId ?? "",
    hasAppointmentScheduler: f.hasAppointmentScheduler,
    sendToRetailer: f.sendToRetailer,
    leadSourceId: f.leadSourceId ?? "",
    elements: f.elements.map((e) => ({
      key: e.id,
      questionText: e.questionText,
      questionType: e.questionType,
      fills: fillsOf(e),
      isRequired: e.isRequired,
      options: e.questionOptions.join("\n"),
      parentKey: e.parentElementId ?? "",
      showIfParentEquals: e.showIfParentEquals,
    })),
  };
}

export const optionLines = (text: string) =>
  text
    .split("\n")
    .map((o) => o.trim())
    .filter(Boolean);

export function inputOf(v: LeadFormValues): LeadFormInput {
  return {
    name: v.name,
    title: v.title,
    description: v.description,
    isPublic: v.isPublic,
    isTemplate: v.isTemplate,
    minutesBetweenSubmissions: Number.parseInt(v.minutesBetweenSubmissions, 10),
    autoAssignLead: v.autoAssignLead,
    assignWorkflowShortcutId: v.assignWorkflowShortcutId,
    hasAppointmentScheduler: v.hasAppointmentScheduler,
    sendToRetailer: v.sendToRetailer,
    leadSourceId: v.leadSourceId,
    elements: v.elements.map((e) => {
      const [kind, id] = e.fills.split(":") as [string, string];
      return {
        key: e.key,
        questionText: e.questionText,
        questionType: e.questionType,
        isNativeLeadField: kind !== "custom",
        leadFieldId: kind === "native" ? (id as NativeField) : null,
        customFieldId: kind === "custom" ? id : null,
        isRequired: e.isRequired,
        questionOptions: hasOptions(e.questionType) ? optionLines(e.options) : [],
        parentKey: e.parentKey || null,
        showIfParentEquals: e.parentKey ? e.showIfParentEquals : "",
      };
    }),
  };
}

/** The question a server refusal names ("Question 3 (“Colour”): …"), counted from 0. */
export function questionNamedBy(message: string): number | null {
  const m = /^Question (\d+)\b/.exec(message);
  return m ? Number(m[1]) - 1 : null;
}

export const leadFormHref = (f: { id: string }) => `/team/lead-forms/${f.id}`;
export const publicFormHref = (f: { id: string }) => `/forms/${f.id}`;
